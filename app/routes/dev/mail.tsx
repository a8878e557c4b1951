import { data, Form, Link } from "react-router";
import { apiContext } from "~/lib/api.server";
import { webConfig } from "~/lib/env.server";
import { deliveryStatus, fetchOutbox, formatMailTime, OpsUnavailable } from "./+lib/ops.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/mail";

/**
 * The dev mailbox: every e-mail the app has queued, newest first (the latest 100), so
 * reset and invitation links can be followed without a mail server. Outside production only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (webConfig.isProduction) throw data(null, { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 254) ?? "";
  try {
    const emails = await fetchOutbox(context.get(apiContext), to || undefined);
    return {
      available: true as const,
      to,
      emails: emails.map((e) => ({
        id: e.id,
        to: e.to,
        subject: e.subject,
        createdAt: e.createdAt,
        time: formatMailTime(e.createdAt),
        status: deliveryStatus(e),
      })),
    };
  } catch (error) {
    if (error instanceof OpsUnavailable) return { available: false as const, to, reason: error.message, emails: [] };
    throw error;
  }
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { to, emails } = loaderData;
  return (
    <div className="dev-mail">
      <title>{pageTitle("Dev mailbox")}</title>
      <h1>Dev mailbox</h1>
      <p>
        The e-mails the app has sent, newest first (the latest 100). This page exists only outside production, where
        e-mails stay here unless an SMTP server is configured.
      </p>
      <Form method="get" role="search" aria-label="Filter e-mails by recipient">
        <div className="field">
          <label className="field__label" htmlFor="dev-mail-to">
            Recipient email address
          </label>
          <input
            className="field__input"
            id="dev-mail-to"
            name="to"
            type="email"
            autoComplete="off"
            spellCheck={false}
            defaultValue={to}
          />
        </div>
        <p>
          <button type="submit" className="button button--secondary">
            Show their e-mails
          </button>{" "}
          {to ? <Link to="/dev/mail">Show all e-mails</Link> : null}
        </p>
      </Form>
      {!loaderData.available ? (
        <p className="empty-state" role="status">
          {loaderData.reason}
        </p>
      ) : emails.length === 0 ? (
        <p className="empty-state">{to ? `No e-mails to ${to} yet.` : "No e-mails yet."}</p>
      ) : (
        <section className="table-scroll" aria-labelledby="dev-mail-caption" tabIndex={0}>
          <table>
            <caption id="dev-mail-caption">{to ? `E-mails to ${to}, newest first` : "E-mails, newest first"}</caption>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Time</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {emails.map((e) => (
                <tr key={e.id}>
                  <td>{e.to}</td>
                  <td>
                    <Link to={`/dev/mail/${encodeURIComponent(e.id)}`}>{e.subject}</Link>
                  </td>
                  <td>
                    <time dateTime={e.createdAt}>{e.time}</time>
                  </td>
                  <td>{e.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
