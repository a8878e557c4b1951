import { redirect } from "react-router";
import { Facts } from "~/components/facts";
import { ClaimItemPanel } from "./+lib/claim-item-panel";
import { Choice, DocumentList, Explainer, MediationIntro } from "./+lib/claim-page-sections";
import { claimPageView, type ClaimPageView } from "./+lib/claim-page-view";
import { mediationRedirect } from "./+lib/claim-page-url";
import { claimPaths, getClaim } from "./+lib/claims.server";
import { ButtonGroup } from "~/components/button-group";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { GUIDE_PATH, GUIDE_TITLE } from "~/lib/guide";
import { guidePdfSizeText } from "~/lib/guide-pdf.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/claim";
import { CoTenantsPanel } from "~/components/cotenants-panel";
import { coTenantsPanel } from "~/lib/cotenants.server";

/**
 * The claim page (part 1 §2.5): the charges a landlord or agent raised, item by item, with the
 * tenant's deadline and ways forward. The claims layout has read the claim and applied its
 * redirects; this page adds `?mediationEnabled=true` when the claim has mediation and the URL
 * lacks it. Every state (Show more, the tabs, 'Read intro', the explainer) is in the URL, so
 * the page sends no script (docs/decisions/0018).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const withMediation = mediationRedirect(claim, url);
  if (withMediation) throw redirect(withMediation);
  // The formal dispute awaiting its fee (issue 12): the fee page, or the dispute form while no message exists.
  const fee = claim.adjudicationFeeOrder;
  const feeDue = claim.status === "AWAITING_ARBITRATION_ADMIN_FEE" && fee?.statusId === "PENDING" && fee.action?.completedAt === null;
  const disputeFeeHref = feeDue ? claimPaths.sub(claim.id, claim.tenantDisputeMessage ? "dispute-fee" : "dispute") : null;
  const view = claimPageView(claim, url, new Date());
  // The explainer links the guide's PDF with its size (issue 27); made once per process.
  // Your co-tenants (issue 38): each by name, what they did and when, and whose answer binds.
  const coTenants = coTenantsPanel(claim.coTenants, { claimId: claim.id }, url.pathname + url.search, claim.bindingAnswer);
  return { view, disputeFeeHref, coTenants, recordHref: claimPaths.sub(claim.id, "record"), breathingSpace: breathingSpaceNotice(claim.breathingSpace), guidePdfSize: view.state.explainer ? await guidePdfSizeText() : null };
}

export default function ClaimPage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div className="claim-page">
      <title>{pageTitle(view.state.explainer ? "Explaining your end of tenancy process" : "Your end of tenancy charges")}</title>
      <h1>Your end of tenancy charges</h1>
      <p className="lead">{view.address}</p>
      <p>
        <a href={loaderData.recordHref} className="standalone-link">
          Your claim record
        </a>{" "}
        (everything so far, in order, to keep or to share with an adviser)
      </p>
      <BreathingSpaceNotice notice={loaderData.breathingSpace} />

      {view.awaitingResponseFrom ? (
        <div className="notice" role="status">
          <p className="notice__title">Awaiting response from {view.awaitingResponseFrom}</p>
          <p>There is nothing for you to do until they respond.</p>
        </div>
      ) : null}
      {view.coTenantOnPaymentPlan ? (
        <div className="notice">
          <p className="notice__title">Payment plan in progress</p>
          <p>Another tenant on this {PRODUCT.name} is paying these charges through a payment plan.</p>
        </div>
      ) : null}

      {view.coTenantPaid ? (
        <div className="notice" role="status">
          <p className="notice__title">Paid by another tenant</p>
          <p>{view.coTenantPaid}</p>
        </div>
      ) : null}

      {view.moreTime?.waiting ? (
        <div className="notice" role="status">
          <p className="notice__title">More time asked for</p>
          <p>
            {view.moreTime.waiting} <a href={view.moreTime.href}>See the request</a>
          </p>
        </div>
      ) : null}
      <Deadline view={view} />

      {view.finalProposal ? (
        <section aria-labelledby="final-heading" className="claim-section">
          <h2 id="final-heading">Your landlord's final proposal</h2>
          <p>
            Your landlord put forward a final proposal of <strong>{view.finalProposal.total}</strong> in total.
          </p>
          {view.choice?.final ? (
            <p>This is their last offer, so you cannot make another proposal. You can accept it, or raise a formal dispute.</p>
          ) : null}
        </section>
      ) : null}

      {view.coTenants.length > 0 ? (
        <div className="notice notice--warning">
          <p className="notice__title">Any tenant can answer for all tenants</p>
          <p>
            You share this {PRODUCT.name} with {view.coTenants.join(", ")}. Any one of you can respond to these charges on behalf
            of every tenant, and that answer counts for all of you.
          </p>
        </div>
      ) : null}
      <CoTenantsPanel panel={loaderData.coTenants} />

      {view.choice ? <Choice choice={view.choice} /> : <WaysForward view={view} />}
      {loaderData.disputeFeeHref ? (
        <p>
          <a className="button" href={loaderData.disputeFeeHref}>
            Pay the dispute fee
          </a>
        </p>
      ) : null}

      {view.state.explainer ? <Explainer view={view} guidePdfSize={loaderData.guidePdfSize} /> : null}

      {view.mediationEnabled && !view.finalProposal ? <MediationIntro view={view} /> : null}

      {!view.state.explainer ? (
        <p>
          <a href={view.links.explainer}>Explaining your end of tenancy process</a>
        </p>
      ) : null}

      <section id="charges" aria-labelledby="charges-heading" className="claim-section">
        <h2 id="charges-heading">Charges Raised</h2>
        <Facts
          className="claim-facts"
          facts={[
            ["Raised by", view.organisation],
            ["Total charges", view.totalCharges],
            ["Your maximum liability", view.limit],
          ]}
        />
      </section>

      <section aria-labelledby="review-heading" className="claim-section">
        <h2 id="review-heading">Review Charges Raised</h2>
        <ul className="claim-items">
          {view.items.map((item) => (
            <ClaimItemPanel key={item.id} item={item} />
          ))}
        </ul>
      </section>

      {view.proposal ? (
        <section aria-labelledby="proposal-heading" className="claim-section">
          <h2 id="proposal-heading">Your Proposal</h2>
          <p>Status: {view.proposal.status}</p>
          <table className="claim-proposal">
            <caption className="visually-hidden">Your proposal for each charge</caption>
            <thead>
              <tr>
                <th scope="col">Charge</th>
                <th scope="col">Your proposal</th>
              </tr>
            </thead>
            <tbody>
              {view.proposal.lines.map((line) => (
                <tr key={line.description}>
                  <th scope="row">{line.description}</th>
                  <td>{line.amount ?? "No proposal yet"}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{view.proposal.total}</td>
              </tr>
            </tfoot>
          </table>
        </section>
      ) : null}

      <section aria-labelledby="supporting-heading" className="claim-section">
        <h2 id="supporting-heading">Supporting Information</h2>
        <DocumentList documents={view.supportingDocuments} />
        {view.canAddSupportingInformation ? (
          <p>
            <a href={`/claims/${encodeURIComponent(view.claimId)}/supporting-information`}>Add supporting information</a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="documents-heading" className="claim-section">
        <h2 id="documents-heading">Tenancy documents</h2>
        <DocumentList documents={view.tenancyDocuments} />
      </section>

      <p className="claim-guide">
        <a href={GUIDE_PATH}>{GUIDE_TITLE}</a>
      </p>
    </div>
  );
}

function Deadline({ view }: { view: ClaimPageView }) {
  const d = view.deadline;
  if (!d) return null;
  return (
    <section className={`claim-deadline claim-deadline--${d.urgency}`} aria-labelledby="deadline-heading">
      <h2 id="deadline-heading" className="visually-hidden">
        Your deadline
      </h2>
      <p className="claim-deadline__urgency">{d.urgencyLabel}</p>
      <p className="claim-deadline__line">{d.line}</p>
      <p>
        Deadline: <time dateTime={d.isoDate}>{d.date}</time> (midnight, UK time).{" "}
        <a href={view.calendarHref} download>
          Add to calendar<span className="visually-hidden"> (a calendar file for {d.date})</span>
        </a>
      </p>
      {d.ifNothing ? <p>{d.ifNothing}</p> : null}
      {view.moreTime && !view.moreTime.waiting ? (
        <p>
          Need more time to answer? <a href={view.moreTime.href}>Ask for more time</a>
        </p>
      ) : null}
    </section>
  );
}

function WaysForward({ view }: { view: ClaimPageView }) {
  const hasAny = view.payHref || view.proposalPaymentHref || view.acceptHref || view.continueStep;
  if (!hasAny) return null;
  return (
    <section className="claim-actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading">What you can do</h2>
      <ButtonGroup className="claim-actions__buttons">
        {view.payHref ? (
          <a className="button" href={view.payHref}>
            Pay now
          </a>
        ) : null}
        {view.proposalPaymentHref ? (
          <a className="button" href={view.proposalPaymentHref}>
            Pay for your proposal ({view.proposalPaymentAmount})
          </a>
        ) : null}
        {view.continueStep && "href" in view.continueStep ? (
          <a className="button" href={view.continueStep.href}>
            Continue
          </a>
        ) : null}
        {view.acceptHref ? (
          <a className="button button--secondary" href={view.acceptHref}>
            Accept charges
          </a>
        ) : null}
      </ButtonGroup>
      {view.continueStep && "missing" in view.continueStep ? (
        <div className="claim-actions__missing">
          <p>Give a proposal for every item before you continue. Still to answer:</p>
          <ul>
            {view.continueStep.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
