/** Parts of the claim page (claim.tsx): its document lists, the choice, mediation's intro, the explainer. */
import type { ClaimChoiceView } from "./claim-choice";
import type { ClaimPageView } from "./claim-page-view";
import { FAQS_PATH, GUIDE_PATH, GUIDE_PDF_PATH, GUIDE_TITLE, WALKTHROUGH_PATH } from "~/lib/guide";

/** A claim's documents, each downloaded from its link, with its type when it has one. */
export function DocumentList({ documents }: { documents: ReadonlyArray<{ id: string; href: string; name: string; type?: string }> }) {
  if (documents.length === 0) return <p>No documents uploaded</p>;
  return (
    <ul className="document-list">
      {documents.map((d) => (
        <li key={d.id}>
          <a href={d.href} download>
            {d.name}
          </a>
          {d.type !== undefined ? (
            <>
              {" "}
              <span className="document-list__type">({d.type})</span>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The tenant's two ways forward, side by side: accept and pay, or a formal dispute (issue 12). */
export function Choice({ choice }: { choice: ClaimChoiceView }) {
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

export function MediationIntro({ view }: { view: ClaimPageView }) {
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

export function Explainer({ view, guidePdfSize }: { view: ClaimPageView; guidePdfSize: string | null }) {
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
