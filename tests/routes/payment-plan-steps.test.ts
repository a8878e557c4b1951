import { describe, expect, it } from "vitest";
import { ApiFailure } from "~/lib/api.server";
import { planAddressBody, planAddressSchema, planChooseSchema } from "~/routes/payment-plan/+lib/payment-plan-address";
import type { PaymentPlan } from "~/routes/payment-plan/+lib/payment-plan-routing";
import { londonTimeOfDay as londonTime } from "#common/wording";
import { planLiveView, planStepTracker, proposedSummary, repaymentSummary } from "~/routes/payment-plan/+lib/payment-plan-steps";
import { planFailureMessage } from "~/routes/payment-plan/+lib/payment-plan-steps.server";

type Instalment = PaymentPlan["instalments"][number];
const instalment = (n: number, amount: number, dueDate: string, status: Instalment["status"] = "PENDING"): Instalment => ({
  id: `i${n}`,
  paymentPlanId: "p1",
  instalmentNumber: n,
  dueDate,
  amount,
  status,
  paidAt: null,
});
const action = (typeId: PaymentPlan["actions"][number]["typeId"], done: boolean) => ({
  id: typeId,
  typeId,
  completedAt: done ? "2026-11-24T10:00:00.000Z" : null,
});

describe("the step bar (Payment Proposal Outline, Address Confirmation, Payment Details)", () => {
  it("marks the steps done from the plan's actions and the page's own as current", () => {
    const steps = planStepTracker({ actions: [action("CONFIRM", true), action("ADDRESS", false), action("CARD_DETAILS", false)] }, "address");
    expect(steps.map((s) => [s.label, s.complete, s.current])).toEqual([
      ["Payment Proposal Outline", true, false],
      ["Address Confirmation", false, true],
      ["Payment Details", false, false],
    ]);
  });
});

describe("'Your Repayment Summary' on a pending plan", () => {
  const pending = { status: "PENDING" as const, outstandingBalance: 60_000, instalmentCount: 6, offerExpiresAt: "2026-11-26T21:41:00.000Z" };

  it("says the balance, the number of instalments and until when the offer is open (London time)", () => {
    expect(repaymentSummary(pending)).toEqual({
      sentence: "Your outstanding balance of £600.00 will be spread over 6 instalments",
      openUntil: "This offer is open until 9:41pm on 26th Nov 2026. If the three steps are not done by then, the offer ends.",
    });
  });

  it("reads the offer's end on London's clock in summer (BST) and at midnight", () => {
    expect(londonTime("2026-07-01T11:05:00.000Z")).toBe("12:05pm");
    expect(londonTime("2026-07-01T23:30:00.000Z")).toBe("12:30am");
    expect(repaymentSummary({ ...pending, offerExpiresAt: "2026-07-01T23:30:00.000Z" })?.openUntil).toContain("12:30am on 2nd Jul 2026");
  });

  it("is not shown once the plan is no longer pending", () => {
    expect(repaymentSummary({ ...pending, status: "ACTIVE" })).toBeNull();
  });

  it("says 'instalment' for one", () => {
    expect(repaymentSummary({ ...pending, instalmentCount: 1 })?.sentence).toBe("Your outstanding balance of £600.00 will be spread over 1 instalment");
  });
});

describe("'Proposed Payment Summary'", () => {
  const base = { amount: 60_002, interestAmount: 2, instalmentCount: 3 };

  it("a first instalment that differs by pennies is said apart", () => {
    const summary = proposedSummary({
      ...base,
      instalments: [instalment(2, 20_000, "2027-02-01"), instalment(1, 20_002, "2027-01-01"), instalment(3, 20_000, "2027-03-01")],
    });
    expect(summary).toEqual({
      total: "£600.02",
      interest: "£0.02",
      count: 3,
      instalments: "A first instalment of £200.02, then 2 monthly instalments of £200.00",
      firstDate: "1st Jan 2027",
    });
  });

  it("equal instalments in one phrase", () => {
    const summary = proposedSummary({ ...base, instalments: [instalment(1, 100, "2027-01-01"), instalment(2, 100, "2027-02-01")] });
    expect(summary.instalments).toBe("2 monthly instalments of £1.00");
  });
});

describe("'Your Payment Plan is Live!'", () => {
  it("names the card's last four digits and the first charge still to come", () => {
    const view = planLiveView({
      card: { brand: "visa", last4: "4242" },
      instalments: [instalment(1, 10_000, "2027-01-01", "PAID"), instalment(2, 10_000, "2027-02-01")],
    });
    expect(view.charged).toBe("Your instalments will be charged automatically each month to the card ending 4242. The first, £100.00, is taken on 1st Feb 2027.");
    expect(view.reminders).toContain("one week and one day before each charge");
  });
});

describe("part 2 §5: the payment plan's address form", () => {
  const errors = (value: Record<string, string>) => {
    const result = planAddressSchema.safeParse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };
  const valid = { buildingNumber: "12", street: "High Street", postcode: "BS1 4DJ", country: "GB" };

  it("accepts a complete UK address", () => {
    expect(errors(valid)).toEqual({});
  });

  it("a building number or name: 'Either a building number or name is required' (on both)", () => {
    expect(errors({ ...valid, buildingNumber: "" })).toEqual({
      buildingNumber: "Either a building number or name is required",
      buildingName: "Either a building number or name is required",
    });
    expect(errors({ ...valid, buildingNumber: "", buildingName: "Rose Court" })).toEqual({});
  });

  it("street, postcode and country: 'Required'", () => {
    expect(errors({ ...valid, street: " " })).toEqual({ street: "Required" });
    expect(errors({ ...valid, postcode: "" })).toEqual({ postcode: "Required" });
    expect(errors({ buildingNumber: "12", street: "High Street", postcode: "BS1 4DJ" })).toEqual({ country: "Required" });
  });

  it("a UK address needs a UK postcode: 'Must be a UK postcode'; elsewhere any postcode", () => {
    expect(errors({ ...valid, postcode: "12345" })).toEqual({ postcode: "Must be a UK postcode" });
    expect(errors({ ...valid, postcode: "D02 X285", country: "IE" })).toEqual({});
  });

  it("choosing a look-up result needs a choice", () => {
    expect(planChooseSchema.safeParse({ postcode: "BS1 4DJ" }).error?.issues[0]?.message).toBe("Choose an address");
  });

  it("the API's body: one current address, blanks as null, the look-up's GBR as GB", () => {
    expect(planAddressBody({ buildingNumber: "12", buildingName: "", street: "High Street", postcode: "BS1 4DJ", country: "GBR" })).toEqual({
      addresses: [
        {
          externalId: null,
          buildingNumber: "12",
          buildingName: null,
          flatNumber: null,
          roomNumber: null,
          street: "High Street",
          subStreet: null,
          town: null,
          county: null,
          postcode: "BS1 4DJ",
          country: "GB",
          currentlyAtAddress: true,
        },
      ],
    });
  });
});

describe("a failed step's flash (part 2 §8)", () => {
  it("'Something went wrong', then the API's refusal, or 'Please try again.' for a failure on our side", () => {
    expect(planFailureMessage(new ApiFailure(409, "This offer has expired."))).toBe("Something went wrong. This offer has expired.");
    expect(planFailureMessage(new ApiFailure(503, "Service unavailable"))).toBe("Something went wrong. Please try again.");
  });
});
