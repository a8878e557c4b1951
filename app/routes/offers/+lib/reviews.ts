import type { ThirdParty } from "~/lib/third-parties";

/**
 * The offer page's customer reviews (part 2 §2: "only if enabled by configuration"; issue 26,
 * scope 5). With TRUST_RATING_URL, a plain link to the reviews page. With Trustpilot configured
 * too (TRUSTPILOT_BUSINESS_UNIT_ID) and the tenant's yes to its cookies, Trustpilot's TrustBox
 * around that same link: its script replaces the link with the rating, and without script the
 * link is all there is. The TrustBox is the only outside service the page loads, so its handle
 * names "trustpilot" exactly when the loader chose the TrustBox.
 */
export type TrustBox = {
  businessUnitId: string;
  templateId: string;
  /** The bootstrap script (Trustpilot's, or the offline stand-in). */
  widgetUrl: string;
  locale: "en-GB";
  theme: "light";
  styleHeight: string;
  styleWidth: string;
};

export type OfferReviews = { url: string; trustBox: TrustBox | null };

type TrustpilotSettings = { businessUnitId: string; templateId: string; widgetUrl: string; reviewsUrl: string };

/** One line high: the Micro Review Count template's own size in Trustpilot's integration code. */
const TRUSTBOX_HEIGHT = "24px";

export function offerReviews(input: {
  /** TRUST_RATING_URL: the reviews page. */
  reviewsUrl: string | undefined;
  /** Trustpilot's settings when configured. */
  trustpilot: TrustpilotSettings | undefined;
  /** The configured tools the tenant said yes to (consentedTools). */
  consented: readonly ThirdParty[];
}): OfferReviews | null {
  const { trustpilot, consented } = input;
  const url = trustpilot?.reviewsUrl ?? input.reviewsUrl;
  if (!url) return null;
  if (!trustpilot || !consented.includes("trustpilot")) return { url, trustBox: null };
  return {
    url,
    trustBox: {
      businessUnitId: trustpilot.businessUnitId,
      templateId: trustpilot.templateId,
      widgetUrl: trustpilot.widgetUrl,
      locale: "en-GB",
      theme: "light",
      styleHeight: TRUSTBOX_HEIGHT,
      styleWidth: "100%",
    },
  };
}

/** The offer route's outside services (its handle's thirdParties): Trustpilot while its TrustBox is shown. */
export function offerThirdParties(loaderData: unknown): ThirdParty[] {
  const reviews = (loaderData as { reviews?: OfferReviews | null } | undefined)?.reviews;
  return reviews?.trustBox ? ["trustpilot"] : [];
}
