import { createCookie } from "react-router";
import { webConfig } from "./env.server";
import { CATEGORY_OF_TOOL, CONSENT_CATEGORIES, type ConsentCategory, type ThirdParty } from "./third-parties";
import { consentCategories, thirdPartyTools, type ThirdPartyTools } from "./third-parties.server";

/**
 * The tenant's answer to the cookie banner (issue 26, decision 0042): for each kind of tool asked
 * about, yes or no. Kept in its own signed cookie for six months (then asked again); a kind never
 * asked about (a tool configured after the answer) is not consented to, and the banner comes back
 * to ask about it. The cookie itself is strictly necessary: it is how "no" is remembered.
 */
export type Consent = Partial<Record<ConsentCategory, boolean>>;

export const CONSENT_COOKIE = webConfig.isProduction ? "__Host-keyfree_cookie_consent" : "keyfree_cookie_consent";
const SIX_MONTHS = 60 * 60 * 24 * 182;

const consentCookie = createCookie(CONSENT_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  secure: webConfig.isProduction,
  path: "/",
  maxAge: SIX_MONTHS,
  secrets: webConfig.sessionSecrets,
});

/** The recorded answers ({} when none, or the cookie is not ours). */
export async function readConsent(request: Request): Promise<Consent> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes(CONSENT_COOKIE)) return {};
  const value: unknown = await consentCookie.parse(header).catch(() => null);
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const consent: Consent = {};
  for (const category of CONSENT_CATEGORIES) {
    const answer = (value as Record<string, unknown>)[category];
    if (typeof answer === "boolean") consent[category] = answer;
  }
  return consent;
}

/** The Set-Cookie that records these answers, kept with any earlier ones about other kinds. */
export function saveConsent(previous: Consent, answers: Consent): Promise<string> {
  return consentCookie.serialize({ ...previous, ...answers });
}

/** The kinds configured here that the tenant has not answered yet: the banner shows while there are any. */
/** What each kind of cookie is for, in the banner's list and on the Cookies page. */
export const CATEGORY_PURPOSE: Record<ConsentCategory, string> = {
  analytics: "analytics cookies, to see how people use Keyfree so we can make it better (PostHog)",
  chat: "live chat cookies, so you can message our support team from any page (Intercom)",
  reviews: "Trustpilot's cookies, to show you what other tenants say about Keyfree",
};

export function unansweredCategories(consent: Consent, tools: ThirdPartyTools = thirdPartyTools): ConsentCategory[] {
  return consentCategories(tools).filter((category) => consent[category] === undefined);
}

/** The configured tools the tenant has said yes to (Stripe is not among them: it is the card form's, not a choice). */
export function consentedTools(consent: Consent, tools: ThirdPartyTools = thirdPartyTools): Exclude<ThirdParty, "stripe">[] {
  const on: Exclude<ThirdParty, "stripe">[] = [];
  if (tools.intercom && consent[CATEGORY_OF_TOOL.intercom] === true) on.push("intercom");
  if (tools.posthog && consent[CATEGORY_OF_TOOL.posthog] === true) on.push("posthog");
  if (tools.trustpilot && consent[CATEGORY_OF_TOOL.trustpilot] === true) on.push("trustpilot");
  return on;
}

/** Consent is read once per request (the root loader, analytics in actions, the offer page). */
const byRequest = new WeakMap<Request, Promise<Consent>>();
export function consentOf(request: Request): Promise<Consent> {
  let consent = byRequest.get(request);
  if (!consent) {
    consent = readConsent(request);
    byRequest.set(request, consent);
  }
  return consent;
}
