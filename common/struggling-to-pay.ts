/**
 * "Struggling to pay?" (issue 36, scope 1): the page of free debt advice and what we can do
 * (app/routes/help/struggling-to-pay.tsx, its advisers in common/debt-advice.ts), linked from
 * every page that asks for money (app/components/struggling-to-pay.tsx) and every e-mail that
 * does (server/domain/notices.ts and the e-mails outside the catalogue). Small on purpose: the
 * card pages' script carries it (the shell chunk, vite.config.ts).
 */

/** The page: no sign-in, no script. */
export const STRUGGLING_TO_PAY_PATH = "/help/struggling-to-pay";

/** What an e-mail that asks for money says before the page's link. */
export const STRUGGLING_TO_PAY_EMAIL_LINE = "Struggling to pay? Free advice, and what we can do to help:";

/**
 * The lines an e-mail that asks for money ends with, after its own action link: a blank line,
 * the sentence and the page's absolute link. `appUrl` is where tenants open the web app, without
 * a trailing slash (server/lib/app-url.ts). Text messages stay short and carry none of this.
 */
export function strugglingToPayEmailLines(appUrl: string): string[] {
  return ["", STRUGGLING_TO_PAY_EMAIL_LINE, `${appUrl}${STRUGGLING_TO_PAY_PATH}`];
}
