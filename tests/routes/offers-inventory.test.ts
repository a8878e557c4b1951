import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { readWebConfig } from "../../app/lib/env.server";
import { inventoryAnswer, isAutomatedVisit } from "../../app/routes/inventory/+lib/inventory";
import { characterCount, chosenOutcome, choiceSlug, offerView, rejectionSchema } from "../../app/routes/offers/+lib/offers";

const offer = {
  keyfreeOffer: {
    id: "offer-1",
    property: {
      address: {
        buildingName: null,
        flatNumber: null,
        buildingNumber: "4",
        street: "Mill Lane",
        subStreet: null,
        town: "Leeds",
        county: null,
        postcode: "LS1 4AP",
      },
    },
  },
  savingAmount: 115_385,
  keyfreeAmount: 34_615,
  cashDepositAmount: 150_000,
  annualFeesEnabled: false,
  annualFeeAmount: 3000,
  recipient: { id: "r1", firstName: "Kim", choice: null, rejectionReasonGiven: false },
  chosen: null,
};

const errorsOf = (input: unknown) => {
  const parsed = rejectionSchema.safeParse(input);
  if (parsed.success) return {};
  const flat: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (flat[issue.path.join(".")] ??= []).push(issue.message);
  return flat;
};

describe("the offer page's view (part 2 §2 offer pages)", () => {
  it("formats the saving and both totals in pounds and the address on one line", () => {
    expect(offerView(offer, { annualFeesEnabled: false })).toMatchObject({
      saving: "£1,153.85",
      keyfreeTotal: "£346.15",
      cashDepositTotal: "£1,500.00",
      address: "4 Mill Lane, Leeds",
      postcode: "LS1 4AP",
      annualFeeNote: null,
      chosen: null,
      canGiveReason: false,
    });
  });

  it("says the annual fee (the API's amount) when the offer enables it, or the link says annualFeesEnabled=true", () => {
    const note = "For tenancies over 12 months, a £30 annual fee is split between tenants.";
    expect(offerView({ ...offer, annualFeesEnabled: true }, { annualFeesEnabled: false }).annualFeeNote).toBe(note);
    expect(offerView(offer, { annualFeesEnabled: true }).annualFeeNote).toBe(note);
    expect(offerView({ ...offer, annualFeesEnabled: true, annualFeeAmount: 4550 }, { annualFeesEnabled: false }).annualFeeNote).toContain("£45.50");
  });

  it("states the choice made and by whom; a recipient who chose a cash deposit may still say why", () => {
    expect(chosenOutcome({ choice: "KEYFREE", chosenBy: "YOU", chosenAt: "2026-11-03T10:00:00.000Z" })).toBe("Keyfree was chosen by you on 3rd Nov 2026.");
    expect(chosenOutcome({ choice: "CASH_DEPOSIT", chosenBy: "CO_TENANT", chosenAt: "2026-11-21T10:00:00.000Z" })).toBe(
      "A cash deposit was chosen by a co-tenant on 21st Nov 2026.",
    );
    const chose = { ...offer, recipient: { ...offer.recipient, choice: "CASH_DEPOSIT" as const } };
    expect(offerView(chose, { annualFeesEnabled: false }).canGiveReason).toBe(true);
    expect(offerView({ ...chose, recipient: { ...chose.recipient, rejectionReasonGiven: true } }, { annualFeesEnabled: false }).canGiveReason).toBe(false);
  });

  it("reads only the two confirmation states from the URL", () => {
    expect(choiceSlug("keyfree")).toBe("keyfree");
    expect(choiceSlug("cash-deposit")).toBe("cash-deposit");
    expect(choiceSlug("toString")).toBeNull();
    expect(choiceSlug(null)).toBeNull();
  });
});

describe("the rejection form (part 2 §5)", () => {
  it.each([
    [{}, { rejectionReason: ["Please select a reason"] }],
    [{ rejectionReason: "NOPE" }, { rejectionReason: ["Please select a reason"] }],
    [{ rejectionReason: "OTHER" }, { customRejectionReason: ["Please provide more details about your reason"] }],
    [{ rejectionReason: "OTHER", customRejectionReason: "   " }, { customRejectionReason: ["Please provide more details about your reason"] }],
    [{ rejectionReason: "TOO_EXPENSIVE", customRejectionReason: "x".repeat(501) }, { customRejectionReason: ["Please keep your response to 500 characters or less"] }],
    [{ rejectionReason: "OTHER", customRejectionReason: "x".repeat(500) }, {}],
    [{ rejectionReason: "NON_REFUNDABLE_FEE" }, {}],
  ])("%j → %j", (input, errors) => {
    expect(errorsOf(input)).toEqual(errors);
  });

  it("counts characters on the server: the limit, what is left, how many too many", () => {
    expect(characterCount(undefined)).toBe("You can enter up to 500 characters");
    expect(characterCount("")).toBe("You can enter up to 500 characters");
    expect(characterCount("x".repeat(499))).toBe("You have 1 character remaining");
    expect(characterCount("x".repeat(500))).toBe("You have 0 characters remaining");
    expect(characterCount("x".repeat(502))).toBe("You have 2 characters too many");
  });
});

describe("tenancy inventory links (part 2 §2)", () => {
  it("accepts only CONFIRMED and UNCONFIRMED as the answer", () => {
    expect(inventoryAnswer("CONFIRMED")).toBe("CONFIRMED");
    expect(inventoryAnswer("UNCONFIRMED")).toBe("UNCONFIRMED");
    expect(inventoryAnswer("confirmed")).toBeNull();
    expect(inventoryAnswer("MAYBE")).toBeNull();
    expect(inventoryAnswer(null)).toBeNull();
  });

  const visit = (headers: Record<string, string>, method = "GET") => new Request("http://localhost/tenancy-inventory-response", { method, headers });
  const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

  it("a person's browser records the answer; previews, scanners, HEAD and prefetches do not", () => {
    expect(isAutomatedVisit(visit({ "user-agent": chrome }), isbot)).toBe(false);
    expect(isAutomatedVisit(visit({ "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" }), isbot)).toBe(true);
    expect(isAutomatedVisit(visit({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" }), isbot)).toBe(true);
    expect(isAutomatedVisit(visit({}), isbot)).toBe(true);
    expect(isAutomatedVisit(visit({ "user-agent": chrome }, "HEAD"), isbot)).toBe(true);
    expect(isAutomatedVisit(visit({ "user-agent": chrome, "sec-purpose": "prefetch;prerender" }), isbot)).toBe(true);
    expect(isAutomatedVisit(visit({ "user-agent": chrome, purpose: "prefetch" }), isbot)).toBe(true);
  });
});

describe("the trust-rating link (part 2 §2: only when configured)", () => {
  it("is off by default, on with TRUST_RATING_URL, and refuses anything but an http(s) address", () => {
    expect(readWebConfig({ NODE_ENV: "test", DATA_DIR: ".data/test-web" }).trustRatingUrl).toBeUndefined();
    expect(readWebConfig({ NODE_ENV: "test", DATA_DIR: ".data/test-web", TRUST_RATING_URL: "" }).trustRatingUrl).toBeUndefined();
    expect(readWebConfig({ NODE_ENV: "test", DATA_DIR: ".data/test-web", TRUST_RATING_URL: "https://reviews.example/keyfree" }).trustRatingUrl).toBe(
      "https://reviews.example/keyfree",
    );
    expect(() => readWebConfig({ NODE_ENV: "test", DATA_DIR: ".data/test-web", TRUST_RATING_URL: "javascript:alert(1)" })).toThrow();
  });
});
