import { data, Form, Link } from "react-router";
import { apiContext } from "~/lib/api.server";
import { webConfig } from "~/lib/env.server";
import { LinkifiedText, linkifyText } from "./+lib/linkify";
import { deliveryStatus, fetchOutbox, fetchOutboxSms, formatMailTime, OpsUnavailable } from "./+lib/ops.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/mail";

/**
 * The dev mailbox: every e-mail the app has queued, newest first (the latest 100), so
 * reset and invitation links can be followed without a mail server, and beside them the text
 * messages (issue 28), which stay here unless Twilio is configured. `?to=` shows one tenant's:
 * the e-mails to that address and the text messages to that tenant's mobile number. Outside
 * production only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (webConfig.isProduction) throw data(null, { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 254) ?? "";
  try {
    const api = context.get(apiContext);
    const [emails, texts] = await Promise.all([fetchOutbox(api, to || undefined), fetchOutboxSms(api, to || undefined)]);
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
      texts: texts.map((m) => ({
        id: m.id,
        to: m.to,
        parts: linkifyText(m.text),
        createdAt: m.createdAt,
        time: formatMailTime(m.createdAt),
        status: deliveryStatus(m),
      })),
    };
  } catch (error) {
    if (error instanceof OpsUnavailable) return { available: false as const, to, reason: error.message, emails: [], texts: [] };
    throw error;
  }
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { to, emails, texts } = loaderData;
  return (
    <div className="dev-mail">
      <title>{pageTitle("Dev mailbox")}</title>
      <h1>Dev mailbox</h1>
      <p>
        The e-mails and text messages the app has sent, newest first (the latest 100 of each). This page exists only
        outside production, where e-mails stay here unless an SMTP server is configured, and text messages unless Twilio
        is.
      </p>
      <Form method="get" role="search" aria-label="Filter messages by recipient">
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
            Show their messages
          </button>{" "}
          {to ? <Link to="/dev/mail">Show all messages</Link> : null}
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
      {!loaderData.available ? null : (
        <>
          <h2>Text messages</h2>
          {texts.length === 0 ? (
            <p className="empty-state">{to ? `No text messages to ${to} yet.` : "No text messages yet."}</p>
          ) : (
            <section className="table-scroll" aria-labelledby="dev-sms-caption" tabIndex={0}>
              <table>
                <caption id="dev-sms-caption">{to ? `Text messages to ${to}, newest first` : "Text messages, newest first"}</caption>
                <thead>
                  <tr>
                    <th scope="col">To</th>
                    <th scope="col">Message</th>
                    <th scope="col">Time</th>
                    <th scope="col">Delivery</th>
                  </tr>
                </thead>
                <tbody>
                  {texts.map((m) => (
                    <tr key={m.id}>
                      <td>{m.to}</td>
                      <td className="mail-text">
                        <LinkifiedText parts={m.parts} />
                      </td>
                      <td>
                        <time dateTime={m.createdAt}>{m.time}</time>
                      </td>
                      <td>{m.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </div>
  );
}
