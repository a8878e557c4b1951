import { FAQS_PATH, GUIDE_PATH, GUIDE_TITLE } from "~/lib/guide";
import { Facts } from "~/components/facts";
import { redirect } from "react-router";
import { keyfreePageView } from "./+lib/keyfree-page-view";
import { apiContext } from "~/lib/api.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/keyfree";
import { DownloadList } from "~/components/download-list";

/**
 * A Keyfree the tenant already has (issue 27, scope 6): where the dashboard card of an Active or
 * Expired Keyfree goes. Its property, tenants, dates, the fee paid and when, the signed documents,
 * the end of tenancy charges and their outcome, every payment with a receipt to download, and a
 * way to contact us about it; its statement and each receipt as a tagged PDF (issue 39). A Keyfree still at checkout goes to its checkout; another tenant's
 * is the not-found page (the API's 404). Links only: the page sends no script.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const id = params.orderId;
  const [order, { payments }] = await Promise.all([
    api.GET("/tenancy-orders/{id}", { params: { path: { id } } }),
    api.GET("/tenancy-orders/{id}/payments", { params: { path: { id } } }),
  ]);
  if (order.status === "IN_PROGRESS") {
    throw redirect(`/checkout/${encodeURIComponent(order.id)}/${encodeURIComponent(order.orderCustomer.customerId)}`);
  }
  return { view: keyfreePageView(order, payments) };
}

export default function KeyfreePage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div className="keyfree-page">
      <title>{pageTitle(`Your ${PRODUCT.name}: ${view.address}`)}</title>
      <h1>Your {PRODUCT.name}</h1>
      <p className="lead">{view.address}</p>
      <p className="keyfree-page__status">{view.statusLine}</p>

      <section aria-labelledby="keyfree-details" className="keyfree-page__section">
        <h2 id="keyfree-details">Details</h2>
        <Facts
          className="keyfree-page__facts"
          facts={[
            ["Property", <>{view.address}, {view.postcode}</>],
            ["Rent per month", view.rent],
            [view.termLabel, view.term],
            [
              view.tenants.length === 1 ? "Tenant" : "Tenants",
              <ul>
                {view.tenants.map((name, i) => (
                  <li key={i}>{name}</li>
                ))}
              </ul>,
            ],
            [<>Your {PRODUCT.name} fee</>, view.feePaid],
          ]}
        />
      </section>

      <section aria-labelledby="keyfree-documents" className="keyfree-page__section">
        <h2 id="keyfree-documents">Signed documents</h2>
        {view.documents.length > 0 ? (
          <DownloadList files={view.documents} />
        ) : (
          <p>There are no signed documents for this {PRODUCT.name}.</p>
        )}
      </section>

      <section aria-labelledby="keyfree-charges" className="keyfree-page__section">
        <h2 id="keyfree-charges">End of tenancy charges</h2>
        {view.claim ? (
          <>
            <Facts
              className="keyfree-page__facts"
              facts={[
                ["Outcome", view.claim.outcome],
                view.claim.totalChargesSettled !== null ? ["Total charges settled", view.claim.totalChargesSettled] : null,
              ]}
            />
            {view.claim.link ? (
              <p>
                <a href={view.claim.link.href} className="standalone-link">
                  {view.claim.link.label}
                </a>
              </p>
            ) : null}
            <p>
              <a href={view.claim.recordHref} className="standalone-link">
                Your claim record
              </a>{" "}
              (everything that happened on the claim, to keep or to share with an adviser)
            </p>
          </>
        ) : (
          <p>Your landlord or agent has not raised any charges against this {PRODUCT.name}.</p>
        )}
      </section>

      <section aria-labelledby="keyfree-payments" className="keyfree-page__section">
        <h2 id="keyfree-payments">Your payments</h2>
        {view.payments.length > 0 ? (
          <section className="table-scroll" aria-labelledby="keyfree-payments-caption" tabIndex={0}>
            <table className="schedule-table">
              <caption id="keyfree-payments-caption" className="schedule-table__caption">
                Every payment you have made on this {PRODUCT.name}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Receipt</th>
                </tr>
              </thead>
              <tbody>
                {view.payments.map((p) => (
                  <tr key={p.id}>
                    <td>{p.date}</td>
                    <th scope="row">
                      {p.label}
                      {p.refund ? <span className="keyfree-page__refund"> {p.refund}</span> : null}
                    </th>
                    <td>{p.amount}</td>
                    <td>
                      <a href={p.receiptHref} download>
                        Download receipt<span className="visually-hidden"> for {p.receiptName}</span>
                      </a>{" "}
                      <a href={p.receiptPdfHref} download>
                        (PDF)<span className="visually-hidden"> receipt for {p.receiptName}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : (
          <p>You have not made any payments on this {PRODUCT.name}.</p>
        )}
        <p>
          <a href={view.statementHref} className="standalone-link" download>
            Download your statement (PDF)
          </a>
        </p>
      </section>

      <section aria-labelledby="keyfree-help" className="keyfree-page__section">
        <h2 id="keyfree-help">Need help?</h2>
        <p>
          If something here looks wrong, or you have a question about this {PRODUCT.name}, send us a message and we will reply by
          e-mail.
        </p>
        <p>
          <a href={view.contactHref} className="standalone-link">
            Contact us about this {PRODUCT.name}
          </a>
        </p>
        <p>
          What happens at the end of your tenancy: read the <a href={GUIDE_PATH}>{GUIDE_TITLE}</a> and the{" "}
          <a href={FAQS_PATH}>frequently asked questions</a>.
        </p>
      </section>
    </div>
  );
}
