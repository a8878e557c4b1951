import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

/**
 * Issue 26, scope 5: the offer page's TrustBox, and Trustpilot named in its CSP (the route's
 * handle), only with Trustpilot configured and the tenant's yes to its cookies; otherwise the
 * plain reviews link (TRUST_RATING_URL), or nothing.
 */
const REVIEWS = "https://uk.trustpilot.com/review/keyfree.example";
const TRUSTPILOT_ENV = {
  TRUSTPILOT_BUSINESS_UNIT_ID: "5f0c1a2b3c4d5e6f7a8b9c0d",
  TRUSTPILOT_WIDGET_URL: "http://127.0.0.1:9/__stand-ins/trustpilot/tp.widget.bootstrap.min.js",
  TRUST_RATING_URL: REVIEWS,
};

vi.mock("../../app/lib/env.server", () => ({
  webConfig: {
    isProduction: false,
    sessionSecrets: ["test-session-secret-0123456789-abcdef"],
    maintenanceMode: false,
    trustRatingUrl: "https://uk.trustpilot.com/review/keyfree.example",
  },
}));
// Trustpilot configured (with the other tools, so a yes to them alone can be told apart).
vi.mock("../../app/lib/third-parties.server", async (original) => {
  const actual = await original<typeof import("../../app/lib/third-parties.server")>();
  const tools = actual.readThirdPartyTools({
    TRUSTPILOT_BUSINESS_UNIT_ID: "5f0c1a2b3c4d5e6f7a8b9c0d",
    TRUSTPILOT_WIDGET_URL: "http://127.0.0.1:9/__stand-ins/trustpilot/tp.widget.bootstrap.min.js",
    TRUST_RATING_URL: "https://uk.trustpilot.com/review/keyfree.example",
    POSTHOG_KEY: "phc_route_test_key",
    INTERCOM_APP_ID: "kfroute1",
  });
  return { ...actual, thirdPartyTools: tools };
});

const { apiContext } = await import("../../app/lib/api.server");
const { saveConsent } = await import("../../app/lib/consent.server");
const { readThirdPartyTools, TRUSTPILOT_TEMPLATE_ID } = await import("../../app/lib/third-parties.server");
const { handlesThirdParties } = await import("../../app/lib/page-delivery");
const offerPage = await import("../../app/routes/offers/offer");
const { offerReviews } = await import("../../app/routes/offers/+lib/reviews");

const offer = (chosen: unknown = null) => ({
  keyfreeOffer: {
    id: "offer-1",
    property: {
      address: { buildingName: null, flatNumber: null, buildingNumber: "4", street: "Mill Lane", subStreet: null, town: "Leeds", county: null, postcode: "LS1 4AP" },
    },
  },
  savingAmount: 115_385,
  keyfreeAmount: 34_615,
  cashDepositAmount: 150_000,
  annualFeesEnabled: false,
  annualFeeAmount: 3000,
  recipient: { id: "r1", firstName: "Kim", choice: null, rejectionReasonGiven: false },
  chosen,
});

/** The offer page's loader for a request carrying these cookie answers (none: no consent cookie). */
async function load(answers: Partial<Record<"analytics" | "chat" | "reviews", boolean>> | null, chosen: unknown = null) {
  const headers = new Headers();
  if (answers) headers.set("Cookie", (await saveConsent({}, answers)).split(";")[0]!);
  const url = new URL("http://localhost/keyfree-offer/offer-1?token=t0ken");
  const context = new RouterContextProvider();
  context.set(apiContext, { GET: async () => offer(chosen) } as never);
  const data = await offerPage.loader({ request: new Request(url, { headers }), url, params: { keyfreeOfferId: "offer-1" }, context } as never);
  return { data, thirdParties: handlesThirdParties([{ handle: offerPage.handle, loaderData: data }]) };
}

describe("the offer page's reviews (issue 26, scope 5)", () => {
  it("with Trustpilot configured but no answer yet, or a no: the plain link, and no outside service in the page's CSP", async () => {
    for (const answers of [null, { reviews: false }, { reviews: false, analytics: true, chat: true }]) {
      const { data, thirdParties } = await load(answers);
      expect(data.reviews, JSON.stringify(answers)).toEqual({ url: REVIEWS, trustBox: null });
      expect(thirdParties, JSON.stringify(answers)).toEqual([]);
    }
  });

  it("with a yes to Trustpilot's cookies: the TrustBox (the configured business unit, the default template, en-GB) and 'trustpilot' in the handle", async () => {
    const { data, thirdParties } = await load({ reviews: true });
    expect(data.reviews).toEqual({
      url: REVIEWS,
      trustBox: {
        businessUnitId: TRUSTPILOT_ENV.TRUSTPILOT_BUSINESS_UNIT_ID,
        templateId: TRUSTPILOT_TEMPLATE_ID,
        widgetUrl: TRUSTPILOT_ENV.TRUSTPILOT_WIDGET_URL,
        locale: "en-GB",
        theme: "light",
        styleHeight: "24px",
        styleWidth: "100%",
      },
    });
    expect(thirdParties).toEqual(["trustpilot"]);
  });

  it("an offer already chosen shows no reviews, so names no outside service even with consent", async () => {
    const { data, thirdParties } = await load({ reviews: true }, { choice: "KEYFREE", chosenBy: "YOU", chosenAt: "2026-11-03T10:00:00.000Z" });
    expect(data.reviews).toBeNull();
    expect(thirdParties).toEqual([]);
  });

  it("without Trustpilot configured: a yes changes nothing (the link alone, or nothing without TRUST_RATING_URL)", () => {
    const none = readThirdPartyTools({});
    expect(offerReviews({ reviewsUrl: REVIEWS, trustpilot: none.trustpilot, consented: ["trustpilot"] })).toEqual({ url: REVIEWS, trustBox: null });
    expect(offerReviews({ reviewsUrl: undefined, trustpilot: none.trustpilot, consented: ["trustpilot"] })).toBeNull();
    expect(offerThirdPartiesOf(offerReviews({ reviewsUrl: undefined, trustpilot: none.trustpilot, consented: [] }))).toEqual([]);
  });

  it("the handle names nothing for loader data without a TrustBox (an error page's, or none)", () => {
    expect(handlesThirdParties([{ handle: offerPage.handle, loaderData: undefined }])).toEqual([]);
    expect(handlesThirdParties([{ handle: offerPage.handle, loaderData: { reviews: null } }])).toEqual([]);
    expect(handlesThirdParties([{ handle: offerPage.handle, loaderData: { reviews: { url: REVIEWS, trustBox: null } } }])).toEqual([]);
  });
});

function offerThirdPartiesOf(reviews: ReturnType<typeof offerReviews>) {
  return handlesThirdParties([{ handle: offerPage.handle, loaderData: { reviews } }]);
}
