import { describe, expect, it } from "vitest";
import {
  isPaymentPlanLive,
  isPaymentPlanOfferVoid,
  isPaymentPlanPaidOff,
  paymentPlanCountsForRedirect,
  paymentPlanNextAction,
  paymentPlanPath,
  paymentPlanScreen,
  type PaymentPlan,
  type PaymentPlanAction,
  type PaymentPlanScreen,
} from "../../../server/domain/payment-plans.js";
import type { PaymentPlanActionType, PaymentPlanStatus } from "../../../server/domain/statuses.js";

const CREATED = "2024-03-30T12:00:00Z"; // void from 2024-04-01T12:00:00Z, across the March clock change
const IN_TIME = "2024-04-01T11:59:59Z";
const LATE = "2024-04-01T12:00:01Z";

function actions(done: PaymentPlanActionType[], at = "2024-03-31T09:00:00Z"): PaymentPlanAction[] {
  return (["CONFIRM", "ADDRESS", "CARD_DETAILS"] as const).map((typeId) => ({ id: typeId, typeId, completedAt: done.includes(typeId) ? at : null }));
}

function plan(status: PaymentPlanStatus, done: PaymentPlanActionType[], over: Partial<PaymentPlan> = {}): PaymentPlan {
  return { id: "plan-1", status, createdAt: CREATED, actions: actions(done), instalments: [], ...over };
}

describe("payment plans (part 2 §4, §9)", () => {
  it.each([
    { done: [], next: "CONFIRM" },
    { done: ["CONFIRM"], next: "ADDRESS" },
    { done: ["CONFIRM", "ADDRESS"], next: "CARD_DETAILS" },
    { done: ["ADDRESS"], next: "CONFIRM" },
    { done: ["CONFIRM", "ADDRESS", "CARD_DETAILS"], next: null },
  ] as { done: PaymentPlanActionType[]; next: PaymentPlanActionType | null }[])(
    "part 2 §4 actions in order confirm, address, card-details — done $done → next $next",
    ({ done, next }) => {
      expect(paymentPlanNextAction(actions(done))?.typeId ?? null).toBe(next);
    },
  );

  it("part 2 §4 the next action follows the canonical order whatever order the actions are listed in", () => {
    expect(paymentPlanNextAction([...actions([])].reverse())?.typeId).toBe("CONFIRM");
  });

  it.each([
    { why: "within 48 hours", p: plan("PENDING", []), now: IN_TIME, void: false },
    { why: "48 hours passed, steps not done", p: plan("PENDING", ["CONFIRM", "ADDRESS"]), now: LATE, void: true },
    { why: "48 hours passed, all three steps done in time", p: plan("PENDING", ["CONFIRM", "ADDRESS", "CARD_DETAILS"]), now: LATE, void: false },
    {
      why: "48 hours passed, last step done too late",
      p: plan("PENDING", [], { actions: [...actions(["CONFIRM", "ADDRESS"]).slice(0, 2), { id: "c", typeId: "CARD_DETAILS", completedAt: LATE }] }),
      now: "2024-04-02T00:00:00Z",
      void: true,
    },
    { why: "an active plan is not an offer", p: plan("ACTIVE", []), now: LATE, void: false },
  ])("part 2 §4 a payment plan offer is void if all three steps are not done within 48 hours — $why → $void", ({ p, now, void: expected }) => {
    expect(isPaymentPlanOfferVoid(p, now)).toBe(expected);
  });

  it.each([
    { why: "cancelled → dashboard", p: plan("CANCELLED", []), screen: "dashboard" },
    { why: "failed instalment → manual-payment", p: plan("ACTIVE", ["CONFIRM", "ADDRESS", "CARD_DETAILS"], { instalments: [{ id: "1", status: "PAID" }, { id: "2", status: "FAILED" }] }), screen: "manual-payment" },
    { why: "defaulted with a failed instalment → manual-payment", p: plan("DEFAULT", ["CONFIRM", "ADDRESS", "CARD_DETAILS"], { instalments: [{ id: "1", status: "FAILED" }] }), screen: "manual-payment" },
    { why: "cancelled with a failed instalment → dashboard", p: plan("CANCELLED", [], { instalments: [{ id: "1", status: "FAILED" }] }), screen: "dashboard" },
    { why: "defaulted, nothing failed → dashboard", p: plan("DEFAULT", ["CONFIRM", "ADDRESS", "CARD_DETAILS"]), screen: "dashboard" },
    { why: "active, no open action → active", p: plan("ACTIVE", ["CONFIRM", "ADDRESS", "CARD_DETAILS"], { instalments: [{ id: "1", status: "PAID" }] }), screen: "active" },
    { why: "pending, nothing done → confirm", p: plan("PENDING", []), screen: "confirm" },
    { why: "pending, confirmed → address", p: plan("PENDING", ["CONFIRM"]), screen: "address" },
    { why: "pending, address done → card-details", p: plan("PENDING", ["CONFIRM", "ADDRESS"]), screen: "card-details" },
    { why: "pending, all steps done → payment-plan-live", p: plan("PENDING", ["CONFIRM", "ADDRESS", "CARD_DETAILS"]), screen: "payment-plan-live" },
    { why: "pending but the offer is void → dashboard", p: plan("PENDING", ["CONFIRM"]), now: LATE, screen: "dashboard" },
    { why: "paid off (every instalment PAID) → active", p: plan("ACTIVE", ["CONFIRM", "ADDRESS", "CARD_DETAILS"], { instalments: [{ id: "1", status: "PAID" }, { id: "2", status: "PAID" }] }), screen: "active" },
    { why: "defaulted, then paid off → active (paid in full)", p: plan("DEFAULT", ["CONFIRM", "ADDRESS", "CARD_DETAILS"], { instalments: [{ id: "1", status: "PAID" }] }), screen: "active" },
  ] as { why: string; p: PaymentPlan; now?: string; screen: PaymentPlanScreen }[])(
    "part 2 §4 plan screen: cancelled → dashboard; failed instalment → manual-payment; active with no open action → active; pending → the next action's page — $why",
    ({ p, now, screen }) => {
      expect(paymentPlanScreen(p, now ?? IN_TIME)).toBe(screen);
    },
  );

  it.each([
    ["dashboard", "/"],
    ["address", "/payment-plan/plan-1/address"],
    ["card-details", "/payment-plan/plan-1/card-details"],
    ["manual-payment", "/payment-plan/plan-1/manual-payment"],
  ] as [PaymentPlanScreen, string][])("part 2 §2 payment plan routes — %s → %s", (screen, path) => {
    expect(paymentPlanPath("plan-1", screen)).toBe(path);
  });

  it.each([
    { status: "PENDING", now: IN_TIME, counts: true },
    { status: "ACTIVE", now: LATE, counts: true },
    { status: "DEFAULT", now: IN_TIME, counts: false },
    { status: "CANCELLED", now: IN_TIME, counts: false },
    { status: "PENDING", now: LATE, counts: false },
  ] as { status: PaymentPlanStatus; now: string; counts: boolean }[])(
    "part 1 §2.5 / part 2 §2 a plan redirects when neither default nor cancelled (nor a void offer) — $status at $now → $counts",
    ({ status, now, counts }) => {
      expect(paymentPlanCountsForRedirect(plan(status, status === "ACTIVE" ? ["CONFIRM", "ADDRESS", "CARD_DETAILS"] : []), now)).toBe(counts);
    },
  );

  const live = ["CONFIRM", "ADDRESS", "CARD_DETAILS"] as PaymentPlanActionType[];
  it.each([
    { why: "active, an instalment still to pay", p: plan("ACTIVE", live, { instalments: [{ id: "1", status: "PAID" }, { id: "2", status: "PENDING" }] }), counts: true, paidOff: false },
    { why: "active, paid off", p: plan("ACTIVE", live, { instalments: [{ id: "1", status: "PAID" }, { id: "2", status: "PAID" }] }), counts: false, paidOff: true },
    { why: "active with a failed instalment", p: plan("ACTIVE", live, { instalments: [{ id: "1", status: "FAILED" }, { id: "2", status: "PENDING" }] }), counts: true, paidOff: false },
    { why: "default with a failed instalment (screen manual-payment)", p: plan("DEFAULT", live, { instalments: [{ id: "1", status: "FAILED" }] }), counts: false, paidOff: false },
    { why: "no instalments known", p: plan("ACTIVE", live, { instalments: [] }), counts: true, paidOff: false },
  ])("docs/decisions/0026 a paid-off plan sends the tenant nowhere — $why → counts $counts, paid off $paidOff", ({ p, counts, paidOff }) => {
    expect(paymentPlanCountsForRedirect(p, IN_TIME)).toBe(counts);
    expect(isPaymentPlanPaidOff(p)).toBe(paidOff);
  });
});

describe("a live plan (part 2 §2, §4): its steps done, ACTIVE or in DEFAULT", () => {
  const all = ["CONFIRM", "ADDRESS", "CARD_DETAILS"] as PaymentPlanActionType[];
  it.each([
    { status: "ACTIVE", done: all, live: true },
    { status: "DEFAULT", done: all, live: true },
    { status: "PENDING", done: all, live: false },
    { status: "ACTIVE", done: ["CONFIRM", "ADDRESS"], live: false },
    { status: "PENDING", done: ["CONFIRM"], live: false },
    { status: "CANCELLED", done: all, live: false },
  ] as { status: PaymentPlanStatus; done: PaymentPlanActionType[]; live: boolean }[])("$status with $done done → live $live", ({ status, done, live }) => {
    expect(isPaymentPlanLive(plan(status, done))).toBe(live);
  });
});
