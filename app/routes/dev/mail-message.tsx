import { data, Link } from "react-router";
import { Facts } from "~/components/facts";
import { apiContext } from "~/lib/api.server";
import { webConfig } from "~/lib/env.server";
import { deliveryStatus, fetchOutboxEmail, formatMailTime, OpsUnavailable } from "./+lib/ops.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/mail-message";
import { PageHeading } from "~/components/page-heading";
import { LinkifiedText, linkifyText } from "./+lib/linkify";

/** One e-mail from the dev mailbox, its links clickable. Outside production only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (webConfig.isProduction) throw data(null, { status: 404 });
  let email;
  try {
    email = await fetchOutboxEmail(context.get(apiContext), params.emailId);
  } catch (error) {
    if (error instanceof OpsUnavailable) return { available: false as const, reason: error.message };
    throw error;
  }
  if (!email) throw data(null, { status: 404 });
  return {
    available: true as const,
    email: {
      to: email.to,
      subject: email.subject,
      template: email.template,
      createdAt: email.createdAt,
      time: formatMailTime(email.createdAt),
      status: deliveryStatus(email),
      lastError: email.lastError,
      parts: linkifyText(email.text),
      attachments: (email.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    },
  };
}

export default function DevMailMessage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.available) {
    return (
      <div className="dev-mail">
        <title>{pageTitle("Dev mailbox")}</title>
        <h1>Dev mailbox</h1>
        <p className="empty-state" role="status">
          {loaderData.reason}
        </p>
      </div>
    );
  }
  const { email } = loaderData;
  return (
    <div className="dev-mail">
      <title>{pageTitle(`${email.subject} — Dev mailbox`)}</title>
      {/* The h1 first in main, the way back after it and shown above it (issue 24). */}
      <PageHeading
        above={
          <p>
            <Link to="/dev/mail">Back to the mailbox</Link>
          </p>
        }
      >
        {email.subject}
      </PageHeading>
      <Facts
        className="card__facts"
        facts={[
          ["To", email.to],
          ["Time", <time dateTime={email.createdAt}>{email.time}</time>],
          ["Delivery", <>{email.status}{email.lastError ? ` — ${email.lastError}` : null}</>],
          ["Kind", email.template],
        ]}
      />
      <h2>Message</h2>
      <div className="panel mail-text">
        <LinkifiedText parts={email.parts} />
      </div>
      {email.attachments.length > 0 ? (
        <>
          <h2>Attachments</h2>
          <ul className="mail-attachments">
            {email.attachments.map((a, i) => (
              <li key={i}>
                <details>
                  <summary>
                    {a.filename} ({a.contentType})
                  </summary>
                  <pre className="panel mail-text">{a.content}</pre>
                </details>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
