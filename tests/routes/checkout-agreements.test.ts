import { describe, expect, it } from "vitest";
import {
  CONFIRM_REFUSALS,
  confirmAcknowledgements,
  tenantTermsSummary,
} from "#common/tenant-terms";
import {
  aboutYouSummary,
  addendumSchema,
  addressHistorySummary,
  confirmBoxes,
  confirmSchema,
  NOT_GIVEN,
  signSchema,
} from "../../app/routes/checkout/+lib/agreements";
import { parseForm } from "../../app/lib/forms.server";

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
}

const address = (over: Record<string, unknown>) => ({
  id: "a",
  flatNumber: null,
  buildingName: null,
  buildingNumber: "12",
  street: "High Street",
  town: "Bristol",
  postcode: "BS1 4DJ",
  startDate: null,
  endDate: null,
  currentlyAtAddress: false,
  ...over,
});

const user = {
  firstName: "Ngozi",
  lastName: "Bello",
  email: "ngozi@example.test",
  attributes: {
    dob: "1990-03-01",
    gender: "UNKNOWN" as const,
    mobileNumber: "+447700900123",
    addresses: [
      address({ id: "old", street: "Mill Lane", startDate: "2019-05-01", endDate: "2022-01-31" }),
      address({ id: "current", startDate: "2022-02-01", currentlyAtAddress: true }),
      address({ id: "older", street: "Park Road", startDate: "2015-01-01", endDate: "2019-04-30" }),
    ],
  },
};

describe("Confirm: 'Is everything correct?' (part 1 §2.3, §3)", () => {
  it("shows what the tenant entered, gender UNKNOWN as 'Rather not say', the date as 'Do MMM YYYY'", () => {
    expect(aboutYouSummary(user)).toEqual([
      { label: "Name", value: "Ngozi Bello" },
      { label: "Email address", value: "ngozi@example.test" },
      { label: "Date of birth", value: "1st Mar 1990" },
      { label: "Gender", value: "Rather not say" },
      { label: "Mobile number", value: "+447700900123" },
    ]);
  });

  it("says 'Not given' for what an agent-made tenant has not entered", () => {
    const empty = { ...user, attributes: { dob: null, gender: null, mobileNumber: null, addresses: [] } };
    expect(aboutYouSummary(empty).slice(2).map((r) => r.value)).toEqual([NOT_GIVEN, NOT_GIVEN, NOT_GIVEN]);
    expect(addressHistorySummary(empty)).toEqual([]);
  });

  it("lists the current address first, then the most recent", () => {
    expect(addressHistorySummary(user)).toEqual([
      { id: "current", line: "12 High Street, Bristol, BS1 4DJ", dates: "Current address, since 1st Feb 2022" },
      { id: "old", line: "12 Mill Lane, Bristol, BS1 4DJ", dates: "From 1st May 2019 to 31st Jan 2022" },
      { id: "older", line: "12 Park Road, Bristol, BS1 4DJ", dates: "From 1st Jan 2015 to 30th Apr 2019" },
    ]);
  });

  it.each([
    [true, 6],
    [false, 5],
  ])("top-ups enabled %s: the confirm box, four acknowledgements and the annual fee's only with top-ups (%i boxes)", (topUpEnabled, count) => {
    const boxes = confirmBoxes({ fees: { minimumKeyfree: 15_000, annual: 3_000 }, topUpEnabled });
    expect(boxes).toHaveLength(count);
    expect(boxes.some((b) => b.key === "annualFee")).toBe(topUpEnabled);
    // The figures are the API's, formatted: a different minimum or annual fee reads differently.
    expect(boxes.find((b) => b.key === "feeNonRefundable")!.label).toContain("(minimum £150)");
    expect(boxes.find((b) => b.key === "respondWithinSevenDays")!.label).toContain("within 7 days, or they are treated as accepted");
    const other = confirmBoxes({ fees: { minimumKeyfree: 17_550, annual: 4_000 }, topUpEnabled: true });
    expect(other.map((b) => b.label).join(" ")).toMatch(/minimum £175\.50.*annual fee of £40/);
  });

  it("refuses each box left unticked with its own message, and keeps the ones ticked", async () => {
    const form = await parseForm(post({ detailsCorrect: "on", remainLiable: "on" }), confirmSchema(true));
    expect(form.ok).toBe(false);
    if (form.ok) return;
    expect(form.invalid.data.result.error).toEqual({
      feeNonRefundable: [CONFIRM_REFUSALS.feeNonRefundable],
      respondWithinSevenDays: [CONFIRM_REFUSALS.respondWithinSevenDays],
      jointAndSeveralLiability: [CONFIRM_REFUSALS.jointAndSeveralLiability],
      annualFee: [CONFIRM_REFUSALS.annualFee],
    });
    expect(form.invalid.data.result.initialValue).toEqual({ detailsCorrect: "on", remainLiable: "on" });
  });

  it("sends the API true for every box once all are ticked; no annual fee without top-ups", async () => {
    const all = { detailsCorrect: "on", feeNonRefundable: "on", remainLiable: "on", respondWithinSevenDays: "on", jointAndSeveralLiability: "on" };
    const form = await parseForm(post(all), confirmSchema(false));
    expect(form.ok && form.value).toEqual({
      detailsCorrect: true,
      feeNonRefundable: true,
      remainLiable: true,
      respondWithinSevenDays: true,
      jointAndSeveralLiability: true,
    });
    expect((await parseForm(post(all), confirmSchema(true))).ok).toBe(false);
  });
});

describe("Agree to Terms and Sign Addendum (part 1 §5): the box must be ticked", () => {
  it.each([
    ["Accept terms", signSchema, "acceptTerms", "You must accept the terms to continue"],
    ["the addendum's agree box", addendumSchema, "agree", "You must agree to the addendum to continue"],
  ] as const)("%s: refused unticked or with a forged value, taken when ticked", async (_name, schema, field, message) => {
    for (const fields of [{}, { [field]: "yes" }, { [field]: "" }]) {
      const form = await parseForm(post(fields), schema);
      expect(form.ok ? null : form.invalid.data.result.error).toEqual({ [field]: [message] });
    }
    const form = await parseForm(post({ [field]: "on" }), schema);
    expect(form.ok && form.value).toEqual({ [field]: true });
  });
});

describe("the tenant terms summary (part 2 §1)", () => {
  const summary = tenantTermsSummary({ fee: "£300.00", minimumFee: "£150", maximumPolicyCover: "£2,400.00", cpaCancellationFee: "£125", disputeFee: "£60.00" });
  const text = summary.flatMap((s) => s.points).join("\n");

  it.each([
    ["the fee, one week's rent, minimum £150, non-refundable", /£300\.00: one week's rent, with a minimum of £150\. .*non-refundable/],
    ["staying liable", /stay liable for damage and end-of-tenancy charges/],
    ["the landlord's cover and this tenancy's maximum", /up to 8 weeks' rent\. The maximum policy cover for this tenancy is £2,400\.00/],
    ["the per-claim cap", /capped by that claim's limit/],
    ["a separate card each", /each tenant must use their own card/],
    ["the continuous payment authority and the £125 fee", /continuous payment authority[\s\S]*a £125 administration fee/],
    ["interest 4% over base, or 4% below 0%, daily", /4% a year above the Bank of England base rate \(or 4% a year when the base rate is below 0%\), added daily/],
    ["the 7-day answer window", /answer charges within 7 days\. If you do not, they are treated as accepted/],
    ["joint and several liability, a lead tenant", /jointly and severally liable[\s\S]*lead tenant/],
    ["the £60 dispute fee's rule, in the one set of sentences (issue 27)", /If you disagree with the charges, you can take them to an independent adjudicator for a £60\.00 dispute fee\. If the adjudicator awards less than was asked for and less than your maximum liability \(8 weeks' rent\), the £60\.00 is credited/],
    ["cooling-off 14 days, ending when the tenancy starts", /within 14 days of buying[\s\S]*ends when the tenancy starts/],
    ["force majeure over 4 weeks, 14 days' notice", /more than 4 weeks[\s\S]*14 days' notice/],
    ["Switch: 6 months, 14 days late, 10%", /less than 6 months ago[\s\S]*more than 14 days late[\s\S]*more than 10%/],
    ["notices by email, the governing law, data, the effective date", /by email[\s\S]*England, Northern Ireland or Scotland[\s\S]*personal data[\s\S]*September 2025/],
  ])("names %s", (_what, pattern) => {
    expect(text).toMatch(pattern);
  });

  it("words the acknowledgements with the figures given, not literals", () => {
    expect(confirmAcknowledgements({ minimumFee: "£999", annualFee: "£77" }).feeNonRefundable).toContain("£999");
    expect(confirmAcknowledgements({ minimumFee: "£999", annualFee: "£77" }).annualFee).toContain("£77");
  });
});
