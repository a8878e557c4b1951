import { describe, expect, it } from "vitest";
import { instalmentDate, scheduleView } from "~/routes/payment-plan/+lib/payment-plan-view";
import { planEndedMessage, planPageRedirect, planScreenPath, type PaymentPlan, type PlanPage } from "~/routes/payment-plan/+lib/payment-plan-routing";

/** A plan as the API sends it: `screen` and `live` are the API's (server/domain/payment-plans.ts). */
type Plan = Pick<PaymentPlan, "id" | "screen" | "status" | "live" | "instalments">;

const instalment = (status: string) =>
  ({ id: `i-${status}`, paymentPlanId: "p1", instalmentNumber: 1, dueDate: "2027-01-01", amount: 1000, status, paidAt: null }) as PaymentPlan["instalments"][number];

const plan = (over: Partial<Plan>): Plan => ({
  id: "p1",
  screen: "confirm",
  status: "PENDING",
  live: false,
  instalments: [instalment("PENDING")],
  ...over,
});

const pending = (screen: "confirm" | "address" | "card-details") => plan({ screen });
const live = plan({ status: "ACTIVE", screen: "active", live: true });
const failed = plan({ status: "ACTIVE", screen: "manual-payment", live: true, instalments: [instalment("FAILED")] });
const cancelled = plan({ status: "CANCELLED", screen: "dashboard" });

describe("part 2 §4: the plan screen goes to the page of the plan's state", () => {
  it.each([
    [pending("confirm"), "/payment-plan/p1/confirm"],
    [pending("address"), "/payment-plan/p1/address"],
    [pending("card-details"), "/payment-plan/p1/card-details"],
    [failed, "/payment-plan/p1/manual-payment"],
    [live, "/payment-plan/p1/active"],
    [cancelled, "/"],
  ] as const)("%#: %s", (p, path) => {
    expect(planScreenPath(p)).toBe(path);
  });
});

describe("a plan page shows only when it is the page for now", () => {
  const cases: [string, Plan, PlanPage, boolean, string | null][] = [
    ["the next step shows", pending("address"), "address", false, null],
    ["a step done already goes to the next one", pending("address"), "confirm", false, "/payment-plan/p1/address"],
    ["a later step waits for the earlier ones", pending("confirm"), "card-details", false, "/payment-plan/p1/confirm"],
    ["a pending plan has no live pages yet", pending("confirm"), "active", false, "/payment-plan/p1/confirm"],
    ["a pending plan has no success page yet", pending("card-details"), "payment-plan-live", false, "/payment-plan/p1/card-details"],
    ["a live plan shows payment-plan-live", live, "payment-plan-live", false, null],
    ["a live plan shows active", live, "active", false, null],
    ["a live plan's steps go to active", live, "address", false, "/payment-plan/p1/active"],
    ["a live plan with nothing failed has no manual payment", live, "manual-payment", false, "/payment-plan/p1/active"],
    ["a live plan waiting for the instalment it paid stays on manual-payment", live, "manual-payment", true, null],
    ["a failed instalment shows manual-payment", failed, "manual-payment", false, null],
    ["a plan with a failed instalment still shows its schedule", failed, "active", false, null],
    ["a cancelled plan goes to the dashboard from any page", cancelled, "active", false, "/"],
    ["a void offer goes to the dashboard", plan({ screen: "dashboard" }), "confirm", false, "/"],
    ["the schedule's calendar file is for a live plan", pending("confirm"), "schedule.ics", false, "/payment-plan/p1/confirm"],
  ];
  it.each(cases)("%s", (_name, p, page, waiting, expected) => {
    expect(planPageRedirect(p, page, waiting)).toBe(expected);
  });
});

describe("the instalment schedule (part 2 §2, §9)", () => {
  const instalments = Array.from({ length: 7 }, (_, n) => ({
    ...instalment(n === 0 ? "PAID" : n === 1 ? "FAILED" : "PENDING"),
    id: `i${n + 1}`,
    instalmentNumber: n + 1,
    dueDate: `2027-0${n + 1}-31`.replace("-02-31", "-02-28"),
    amount: 3_334,
  }));

  it("writes instalment dates as DD/MM/YY", () => {
    expect(instalmentDate("2027-01-31")).toBe("31/01/27");
    expect(instalmentDate("2030-12-01")).toBe("01/12/30");
  });

  it("shows the first 5, then 'Show more' in the URL", () => {
    const view = scheduleView(instalments, new URL("https://k.example/payment-plan/p1/confirm"));
    expect(view.rows.map((r) => r.number)).toEqual([1, 2, 3, 4, 5]);
    expect(view.rows.slice(0, 3).map((r) => [r.date, r.amount, r.status])).toEqual([
      ["31/01/27", "£33.34", "Paid"],
      ["28/02/27", "£33.34", "Payment failed"],
      ["31/03/27", "£33.34", "Scheduled"],
    ]);
    expect(view.toggle).toEqual({ label: "Show more", href: "/payment-plan/p1/confirm?schedule=all#schedule" });
  });

  it("shows all of them with ?schedule=all, and 'Hide' goes back", () => {
    const view = scheduleView(instalments, new URL("https://k.example/payment-plan/p1/active?schedule=all"));
    expect(view.rows).toHaveLength(7);
    expect(view.toggle).toEqual({ label: "Hide", href: "/payment-plan/p1/active#schedule" });
  });

  it("has no toggle for five instalments or fewer", () => {
    expect(scheduleView(instalments.slice(0, 5), new URL("https://k.example/x")).toggle).toBeNull();
  });
});

describe("a plan with nothing left to do says why on the dashboard", () => {
  it.each([
    [{ screen: "dashboard", status: "PENDING", offerVoid: true }, "This payment plan offer has ended: its three steps were not done within 48 hours."],
    [{ screen: "dashboard", status: "CANCELLED", offerVoid: true }, "This payment plan offer has ended: its three steps were not done within 48 hours."],
    [{ screen: "dashboard", status: "CANCELLED", offerVoid: false }, "This payment plan has been cancelled."],
    [{ screen: "dashboard", status: "DEFAULT", offerVoid: false }, "There is nothing to do on this payment plan now."],
    [{ screen: "confirm", status: "PENDING", offerVoid: false }, null],
    [{ screen: "manual-payment", status: "DEFAULT", offerVoid: false }, null],
  ] as const)("%o", (p, message) => {
    expect(planEndedMessage(p)).toBe(message);
  });
});
