import { data, Link } from "react-router";
import { apiContext } from "~/lib/api.server";
import { webConfig } from "~/lib/env.server";
import { deliveryStatus, fetchOutboxEmail, formatMailTime, OpsUnavailable } from "./+lib/ops.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/mail-message";
import { PageHeading } from "~/components/page-heading";

export type TextPart = { kind: "text"; value: string } | { kind: "link"; value: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the link ("…see http://x/y." ). */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A plain-text e-mail split into text and http(s) links. The page renders text as text and
 * each link as an anchor, so nothing in an e-mail can become markup or a script link.
 */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push({ kind: "text", value: text.slice(last, start) });
    parts.push({ kind: "link", value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: "text", value: text.slice(last) });
  return parts;
}

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
      <dl className="card__facts">
        <div>
          <dt>To</dt>
          <dd>{email.to}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            <time dateTime={email.createdAt}>{email.time}</time>
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>
            {email.status}
            {email.lastError ? ` — ${email.lastError}` : null}
          </dd>
        </div>
        <div>
          <dt>Kind</dt>
          <dd>{email.template}</dd>
        </div>
      </dl>
      <h2>Message</h2>
      <div className="panel mail-text">
        {email.parts.map((part, i) =>
          part.kind === "link" ? (
            <a key={i} href={part.value}>
              {part.value}
            </a>
          ) : (
            <span key={i}>{part.value}</span>
          ),
        )}
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
