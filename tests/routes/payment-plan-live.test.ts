import { describe, expect, it } from "vitest";
import { activePlanView, manualPaymentState, paymentSuccessView } from "~/routes/payment-plan/+lib/payment-plan-live";
import type { PaymentPlan } from "~/routes/payment-plan/+lib/payment-plan-routing";

type Instalment = PaymentPlan["instalments"][number];
type Status = Instalment["status"];

const instalment = (n: number, status: Status, amount = 10_000): Instalment => ({
  id: `i${n}`,
  paymentPlanId: "p1",
  instalmentNumber: n,
  dueDate: `2027-0${n}-01`,
  amount,
  status,
  paidAt: status === "PAID" ? "2027-01-01T09:00:00.000Z" : null,
});

/** A plan as the API sends it; `paidOff` is the API's (every instalment PAID, server/domain/payment-plans.ts). */
function plan(statuses: Status[], card: PaymentPlan["card"] = { brand: "visa", last4: "4242" }, paidOff = false) {
  const instalments = statuses.map((s, i) => instalment(i + 1, s));
  const paid = instalments.filter((i) => i.status === "PAID").reduce((sum, i) => sum + i.amount, 0);
  const amount = instalments.reduce((sum, i) => sum + i.amount, 0);
  return { id: "p1", amount, amountPaid: paid, amountRemaining: amount - paid, instalments, card, paidOff };
}
const CARD = { brand: "visa", last4: "4242" };

const url = (path: string) => new URL(`http://app.test${path}`);
const ACTIVE = url("/payment-plan/p1/active");

describe("the active page: each instalment's status in words, what is paid and what is left", () => {
  it("a plan part paid: statuses, amounts, the next charge and the card", () => {
    const view = activePlanView(plan(["PAID", "PENDING", "PENDING"]), ACTIVE);
    expect(view.schedule.rows.map((r) => [r.number, r.date, r.amount, r.status])).toEqual([
      [1, "01/01/27", "£100.00", "Paid"],
      [2, "01/02/27", "£100.00", "Scheduled"],
      [3, "01/03/27", "£100.00", "Scheduled"],
    ]);
    expect(view).toMatchObject({
      paidOff: false,
      paid: "£100.00",
      remaining: "£200.00",
      next: { number: 2, amount: "£100.00", date: "1st Feb 2027" },
      card: "your card ending 4242",
      failed: [],
      calendarPath: "/payment-plan/p1/schedule.ics",
    });
  });

  it("a failed instalment: 'Payment failed' in the schedule, listed with its way to pay it", () => {
    const view = activePlanView(plan(["FAILED", "PENDING"]), ACTIVE);
    expect(view.schedule.rows[0]).toMatchObject({ status: "Payment failed", failed: true });
    expect(view.failed).toEqual([{ number: 1, amount: "£100.00", date: "01/01/27", payPath: "/payment-plan/p1/manual-payment" }]);
    expect(view.next?.number).toBe(2);
  });

  it("paid off (the API's paidOff): paid in full, nothing next, no calendar file", () => {
    const view = activePlanView(plan(["PAID", "PAID"], CARD, true), ACTIVE);
    expect(view).toMatchObject({ paidOff: true, remaining: "£0.00", paid: "£200.00", next: null, calendarPath: null, failed: [] });
  });

  it("a card the API has no digits for is named in words", () => {
    expect(activePlanView(plan(["PENDING"], null), ACTIVE).card).toBe("the card you gave us");
  });

  it("more than five instalments: the first five, then all with ?schedule=all", () => {
    const seven = plan(Array<Status>(7).fill("PENDING"));
    expect(activePlanView(seven, ACTIVE).schedule.rows).toHaveLength(5);
    expect(activePlanView(seven, url("/payment-plan/p1/active?schedule=all")).schedule.rows).toHaveLength(7);
  });
});

describe("manual-payment: the instalment it asks for, and the wait for it", () => {
  const now = 1_800_000_000_000;

  it("shows the first failed instalment (by number), with the others still to pay after it", () => {
    const state = manualPaymentState(plan(["PAID", "FAILED", "FAILED"]), url("/payment-plan/p1/manual-payment"), now);
    expect(state).toEqual({
      state: "pay",
      instalmentId: "i2",
      number: 2,
      amount: 10_000,
      amountText: "£100.00",
      dueDate: "01/02/27",
      othersFailed: 1,
      waitingPath: "/payment-plan/p1/manual-payment?instalment=i2",
    });
  });

  it("nothing failed and nothing waited for: to the active page", () => {
    expect(manualPaymentState(plan(["PAID", "PENDING"]), url("/payment-plan/p1/manual-payment"), now)).toEqual({
      redirect: "/payment-plan/p1/active",
    });
  });

  it("waiting: processing (polling every 2 s) until the instalment is PAID", () => {
    const state = manualPaymentState(plan(["FAILED"]), url(`/payment-plan/p1/manual-payment?instalment=i1&since=${now - 4_000}`), now);
    expect(state).toEqual({
      state: "processing",
      polling: { since: now - 4_000, timedOut: false, refreshUrl: `/payment-plan/p1/manual-payment?instalment=i1&since=${now - 4_000}` },
    });
  });

  it("waiting: PAID goes to payment-success, naming the instalment", () => {
    expect(manualPaymentState(plan(["PAID", "PENDING"]), url(`/payment-plan/p1/manual-payment?instalment=i1&since=${now - 4_000}`), now)).toEqual({
      redirect: "/payment-plan/p1/payment-success?instalment=i1",
    });
  });

  it("waiting: after 30 s not PAID, the spec's 'taking longer' state (the wait stops)", () => {
    expect(manualPaymentState(plan(["FAILED"]), url(`/payment-plan/p1/manual-payment?instalment=i1&since=${now - 30_000}`), now)).toEqual({
      state: "slow",
    });
  });

  it("an instalment not of this plan, or no start time, is not waited for: the failed one to pay", () => {
    for (const search of ["?instalment=other&since=1", "?instalment=i1"]) {
      expect(manualPaymentState(plan(["FAILED"]), url(`/payment-plan/p1/manual-payment${search}`), now)).toMatchObject({ state: "pay", instalmentId: "i1" });
    }
  });
});

describe("payment-success", () => {
  it("names the instalment just paid and what is left", () => {
    expect(paymentSuccessView(plan(["PAID", "PENDING"]), url("/payment-plan/p1/payment-success?instalment=i1"))).toEqual({
      paid: { number: 1, amount: "£100.00" },
      paidOff: false,
      remaining: "£100.00",
      activePath: "/payment-plan/p1/active",
    });
  });

  it("an instalment that is not PAID is not named; the last one paid: paid in full", () => {
    expect(paymentSuccessView(plan(["PAID", "PENDING"]), url("/payment-plan/p1/payment-success?instalment=i2")).paid).toBeNull();
    expect(paymentSuccessView(plan(["PAID", "PAID"], CARD, true), url("/payment-plan/p1/payment-success")).paidOff).toBe(true);
  });
});
