import { redirect } from "react-router";
import { ClaimItemPanel } from "./+lib/claim-item-panel";
import type { ClaimChoiceView } from "./+lib/claim-choice";
import { claimPageView, type ClaimPageView } from "./+lib/claim-page-view";
import { mediationRedirect } from "./+lib/claim-page-url";
import { claimPaths, getClaim } from "./+lib/claims.server";
import { ButtonGroup } from "~/components/button-group";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { FAQS_PATH, GUIDE_PATH, GUIDE_PDF_PATH, GUIDE_TITLE, WALKTHROUGH_PATH } from "~/lib/guide";
import { guidePdfSizeText } from "~/lib/guide-pdf.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/claim";

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
  return { view, disputeFeeHref, breathingSpace: breathingSpaceNotice(claim.breathingSpace), guidePdfSize: view.state.explainer ? await guidePdfSizeText() : null };
}

export default function ClaimPage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div className="claim-page">
      <title>{pageTitle(view.state.explainer ? "Explaining your end of tenancy process" : "Your end of tenancy charges")}</title>
      <h1>Your end of tenancy charges</h1>
      <p className="lead">{view.address}</p>
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
        <dl className="claim-facts">
          <div>
            <dt>Raised by</dt>
            <dd>{view.organisation}</dd>
          </div>
          <div>
            <dt>Total charges</dt>
            <dd>{view.totalCharges}</dd>
          </div>
          <div>
            <dt>Your maximum liability</dt>
            <dd>{view.limit}</dd>
          </div>
        </dl>
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
        {view.supportingDocuments.length === 0 ? (
          <p>No documents uploaded</p>
        ) : (
          <ul className="document-list">
            {view.supportingDocuments.map((d) => (
              <li key={d.id}>
                <a href={d.href} download>
                  {d.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {view.canAddSupportingInformation ? (
          <p>
            <a href={`/claims/${encodeURIComponent(view.claimId)}/supporting-information`}>Add supporting information</a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="documents-heading" className="claim-section">
        <h2 id="documents-heading">Tenancy documents</h2>
        {view.tenancyDocuments.length === 0 ? (
          <p>No documents uploaded</p>
        ) : (
          <ul className="document-list">
            {view.tenancyDocuments.map((d) => (
              <li key={d.id}>
                <a href={d.href} download>
                  {d.name}
                </a>{" "}
                <span className="document-list__type">({d.type})</span>
              </li>
            ))}
          </ul>
        )}
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

/** The tenant's two ways forward, side by side: accept and pay, or a formal dispute (issue 12). */
function Choice({ choice }: { choice: ClaimChoiceView }) {
  const what = choice.final ? "the final proposal" : "the charges";
  return (
    <section className="claim-section claim-choice" aria-labelledby="actions-heading">
      <h2 id="actions-heading">What you can do</h2>
      <ul className="claim-choice__cards">
        {choice.accept ? (
          <li className="card">
            <h3 id="choice-accept-heading" className="card__title">
              {choice.accept.heading}
            </h3>
            <p className="claim-choice__cost">Costs: {choice.accept.amount}</p>
            <p>{choice.accept.cost}</p>
            <a className="button" href={choice.accept.href}>
              {choice.accept.heading}
            </a>
          </li>
        ) : null}
        <li className="card">
          <h3 id="choice-dispute-heading" className="card__title">
            Raise a formal dispute
          </h3>
          <p className="claim-choice__cost">Costs: the {choice.dispute.fee} adjudication fee</p>
          <p>
            You tell the independent adjudicator why you disagree with {what}, add any evidence, and pay the{" "}
            {choice.dispute.fee} fee by card. The adjudicator looks at both sides and decides within up to{" "}
            {choice.dispute.weeks} weeks. You then have {choice.dispute.payDays} calendar days to pay what they award.
          </p>
          <a className="button button--secondary" href={choice.dispute.href}>
            Raise a formal dispute
          </a>
          {choice.dispute.rejectNoEvidenceHref ? (
            <p className="claim-choice__secondary">
              <a href={choice.dispute.rejectNoEvidenceHref}>Reject with no evidence</a>
            </p>
          ) : null}
        </li>
      </ul>
      <section className="table-scroll" aria-labelledby="fee-table-caption" tabIndex={0}>
        <table className="claim-fee-table">
          <caption id="fee-table-caption">What happens to the {choice.dispute.fee} fee if you dispute</caption>
          <thead>
            <tr>
              <th scope="col">The adjudicator awards your landlord</th>
              <th scope="col">What happens to the {choice.dispute.fee}</th>
            </tr>
          </thead>
          <tbody>
            {choice.feeTable.map((row) => (
              <tr key={row.awarded}>
                <th scope="row">{row.awarded}</th>
                <td>{row.outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

function MediationIntro({ view }: { view: ClaimPageView }) {
  return (
    <section id="mediation" className="claim-intro" aria-labelledby="mediation-heading">
      <h2 id="mediation-heading">Mediation</h2>
      <p>
        You do not have to accept these charges as they are. For each charge you can agree, or propose a different amount and
        say why.
      </p>
      {view.state.intro ? (
        <>
          <p>
            Your landlord or agent then has {view.responseWindowDays} days to answer your proposal. They may accept it, or put
            forward a final proposal, which you can accept or take to the independent adjudicator as a formal dispute.
          </p>
        </>
      ) : (
        <p>
          <a className="button button--secondary" href={view.links.intro}>
            Read intro
          </a>
        </p>
      )}
    </section>
  );
}

function Explainer({ view, guidePdfSize }: { view: ClaimPageView; guidePdfSize: string | null }) {
  return (
    <section id="explainer" className="claim-explainer" aria-labelledby="explainer-heading">
      <h2 id="explainer-heading">Explaining your end of tenancy process</h2>
      <ol>
        <li>Your landlord or agent has raised charges against your tenancy, item by item, with their evidence.</li>
        <li>
          You have {view.responseWindowDays} days to respond. If you do nothing in time, the charges are treated as accepted.
        </li>
        <li>
          Review each charge: open Show more to see its history and the evidence.
          {view.mediationEnabled ? " Agree with it, or disagree and propose the amount you think is fair, with your reasoning." : ""}
        </li>
        <li>
          {view.mediationEnabled
            ? "When every charge has your answer, continue to submit your proposal. You can also accept all the charges and pay them."
            : "You can accept the charges and pay them, or raise a formal dispute to the independent adjudicator."}
        </li>
        <li>You can add supporting information, such as photos or receipts, at any time while you can respond.</li>
      </ol>
      <p>The {GUIDE_TITLE} tells the whole process step by step, and the FAQs answer what tenants ask us most.</p>
      <ul className="claim-explainer__links">
        <li>
          <a href={GUIDE_PATH}>Read the {GUIDE_TITLE}</a>
        </li>
        <li>
          <a href={GUIDE_PDF_PATH} download>
            Download the guide (PDF{guidePdfSize ? `, ${guidePdfSize}` : ""})
          </a>
        </li>
        <li>
          <a href={FAQS_PATH}>Frequently asked questions</a>
        </li>
        <li>
          <a href={WALKTHROUGH_PATH}>Watch a video of answering your charges (with captions and a transcript)</a>
        </li>
      </ul>
      <p>
        <a className="button" href={view.links.charges}>
          Continue to charges
        </a>
      </p>
    </section>
  );
}
