import { describe, expect, it } from "vitest";
import { planPageRedirect, planScreenPath, type PaymentPlan, type PlanPage } from "~/lib/payment-plan-routing";

type Plan = Pick<PaymentPlan, "id" | "screen" | "status" | "nextAction" | "instalments">;

const instalment = (status: string) =>
  ({ id: `i-${status}`, paymentPlanId: "p1", instalmentNumber: 1, dueDate: "2027-01-01", amount: 1000, status, paidAt: null }) as PaymentPlan["instalments"][number];

const plan = (over: Partial<Plan>): Plan => ({
  id: "p1",
  screen: "confirm",
  status: "PENDING",
  nextAction: { paymentPlanActionIds: ["a1"] },
  instalments: [instalment("PENDING")],
  ...over,
});

const pending = (screen: "confirm" | "address" | "card-details") => plan({ screen });
const live = plan({ status: "ACTIVE", screen: "active", nextAction: null });
const failed = plan({ status: "ACTIVE", screen: "manual-payment", nextAction: null, instalments: [instalment("FAILED")] });
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
