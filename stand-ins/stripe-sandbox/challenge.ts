/**
 * The sandbox's stand-in for a bank's 3-D Secure challenge: a plain, accessible page with
 * two buttons. Stripe.js (or its stand-in) opens it from `next_action` (`use_stripe_sdk.stripe_js`
 * or `redirect_to_url.url`); it works without JavaScript, as a form post.
 */

import { plainPounds } from "#common/wording";
import { escapeHtml } from "../../server/lib/html";

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – test bank check</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const NOTICE =
  "<p>This page stands in for your bank's security check (3-D Secure). It belongs to Keyfree's offline card sandbox: no real card or money is involved.</p>";

export function challengePage(input: {
  action: string;
  intentKind: "payment_intent" | "setup_intent";
  amountPence: number | null;
  clientSecret: string;
  publishableKey: string;
}): string {
  const what =
    input.intentKind === "payment_intent" && input.amountPence !== null
      ? `<p>Payment of <strong>${plainPounds(input.amountPence)}</strong> to Keyfree.</p>`
      : "<p>Saving your card with Keyfree for future payments.</p>";
  return page(
    "Confirm it's you",
    `<h1>Confirm it's you</h1>
${NOTICE}
${what}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="client_secret" value="${escapeHtml(input.clientSecret)}">
<input type="hidden" name="key" value="${escapeHtml(input.publishableKey)}">
<p><button type="submit" name="result" value="complete">Complete authentication</button></p>
<p><button type="submit" name="result" value="fail">Fail authentication</button></p>
</form>`,
  );
}

export function challengeDonePage(outcome: "succeeded" | "failed" | "not_waiting" | "refused"): string {
  const text = {
    succeeded: ["Authentication complete", "Your bank has confirmed it's you. Return to the payment page to continue."],
    failed: ["Authentication failed", "Your bank could not confirm it's you. Return to the payment page and try again, or use another card."],
    not_waiting: ["Nothing to confirm", "This payment is not waiting for your bank's check. Return to the payment page."],
    refused: ["This check could not be opened", "The link to this check is not valid. Return to the payment page and try again."],
  }[outcome];
  return page(text[0]!, `<h1>${escapeHtml(text[0]!)}</h1>\n${NOTICE}\n<p role="status">${escapeHtml(text[1]!)}</p>`);
}
