import { Link } from "react-router";
import { Facts } from "~/components/facts";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { arbitrationPageView } from "./+lib/arbitration-view";
import { loadArbitration } from "./+lib/arbitrations.server";
import { pageTitle } from "~/lib/product";
import { StrugglingToPay } from "~/components/struggling-to-pay";
import type { Route } from "./+types/arbitration";

/**
 * The arbitration page (part 1 §2.5, §4.1): 'Payment required' with 'Pay Now' to the payment
 * section, the 'Result' card (what the adjudicator awarded and what happens to the dispute fee),
 * the adjudication report, the adjudicator's reasons item by item (#reasons, issue 39) and the
 * repayment section with its 3-calendar-day deadline; before
 * the decision, what is happening and how long it takes. No state of its own: no script.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const arbitration = await loadArbitration(context, params.arbitrationId);
  return {
    view: arbitrationPageView(arbitration),
    breathingSpace: breathingSpaceNotice(arbitration.breathingSpace),
    recordHref: `/claims/${encodeURIComponent(arbitration.claimId)}/record`,
  };
}

export default function ArbitrationPage({ loaderData: { view, breathingSpace, recordHref } }: Route.ComponentProps) {
  return (
    <div className="panel arbitration-page">
      <title>{pageTitle("Your adjudication")}</title>
      <h1>Your adjudication</h1>
      <p>
        <a href={recordHref} className="standalone-link">
          Your claim record
        </a>{" "}
        (everything that happened on the claim, to keep or to share with an adviser)
      </p>
      <BreathingSpaceNotice notice={breathingSpace} />

      {view.paymentRequired ? (
        <div className="notice notice--warning">
          <h2 className="notice__title">Payment required</h2>
          <p>
            You have {view.paymentRequired.owed} to pay. {view.paymentRequired.deadline}
          </p>
          <p>
            <a href="#payment" className="button">
              Pay Now
            </a>
          </p>
        </div>
      ) : null}

      {view.waiting ? (
        <section className="notice" aria-labelledby="waiting-heading">
          <h2 id="waiting-heading" className="notice__title">
            Waiting for the adjudicator
          </h2>
          <p>{view.waiting}</p>
        </section>
      ) : null}

      {view.result ? (
        <section className="summary-card" aria-labelledby="result-heading">
          <h2 id="result-heading" className="summary-card__title">
            Result
          </h2>
          <Facts
            className="claim-totals"
            facts={[
              view.result.asked ? [<>{view.landlord} asked for</>, view.result.asked] : null,
              ["The adjudicator awarded", view.result.awarded],
              ["Your limit (the most you can be asked for)", view.result.limit],
              view.result.amountDue !== null ? ["To pay in all", view.result.amountDue] : null,
            ]}
          />
          {view.result.disputeFee ? (
            <p className="arbitration-page__fee">
              <strong>{view.result.disputeFee.headline}</strong>{" "}
              {view.result.disputeFee.text}
            </p>
          ) : null}
          {view.reports.length > 0 ? (
            <ul className="arbitration-page__reports">
              {view.reports.map((report) => (
                <li key={report.url}>
                  <a href={report.url} target="_blank" rel="noopener">
                    Read the adjudication report: {report.name} (opens in a new tab)
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {view.reasons ? (
        <section id="reasons" className="arbitration-page__reasons" aria-labelledby="reasons-heading">
          <h2 id="reasons-heading">The adjudicator&rsquo;s reasons</h2>
          <section className="table-scroll" aria-labelledby="reasons-caption" tabIndex={0}>
            <table className="schedule-table">
              <caption id="reasons-caption" className="schedule-table__caption">
                What the adjudicator decided about each charge, and why
              </caption>
              <thead>
                <tr>
                  <th scope="col">Charge</th>
                  <th scope="col">{view.landlord} asked for</th>
                  {view.reasons.withAwarded ? <th scope="col">The adjudicator awarded</th> : null}
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {view.reasons.items.map((item) => (
                  <tr key={item.id}>
                    <th scope="row">{item.description}</th>
                    <td>{item.asked}</td>
                    {view.reasons!.withAwarded ? <td>{item.awarded}</td> : null}
                    <td className="arbitration-page__reason">{item.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      ) : null}

      {view.payment ? (
        <section id="payment" className="arbitration-page__payment" aria-labelledby="payment-heading">
          <h2 id="payment-heading">Payment</h2>
          {view.payment.state === "due" ? (
            <>
              {view.payment.paidSoFar ? <p>{view.payment.paidSoFar}</p> : null}
              <p className="lead">You have {view.payment.owed} to pay.</p>
              {view.payment.deadline ? <p>{view.payment.deadline}</p> : null}
              <p>
                <Link to={view.payment.payHref} className="button">
                  Pay now
                </Link>
              </p>
              <StrugglingToPay />
            </>
          ) : (
            <p role="status">{view.payment.text}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
