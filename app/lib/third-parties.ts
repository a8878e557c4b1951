/**
 * The outside services a page may load (issue 26, docs/decisions/0042). Stripe is there for a card
 * form and needs no consent (the tenant is paying); the others load only when configured and, as
 * none is strictly necessary, only after the tenant has said yes to its kind of cookie.
 */
export type ThirdParty = "stripe" | "intercom" | "posthog" | "trustpilot";

/** What the cookie banner and the Cookies page ask about: one question per kind of tool. */
export type ConsentCategory = "analytics" | "chat" | "reviews";

export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ["analytics", "chat", "reviews"];

/** Which question lets each tool in. */
export const CATEGORY_OF_TOOL = { posthog: "analytics", intercom: "chat", trustpilot: "reviews" } as const satisfies Record<
  Exclude<ThirdParty, "stripe">,
  ConsentCategory
>;

/** The Cookies page's path (linked from every page's footer and the banner). */
export const COOKIES_PATH = "/cookies";
