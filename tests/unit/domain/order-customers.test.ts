import { describe, expect, it } from "vitest";
import {
  KEYFREE_STATUS_LINES,
  checkoutSteps,
  checkoutSubRoute,
  dashboardFilterFor,
  defaultDashboardFilter,
  isActionActionable,
  isActionComplete,
  keyfreeStatus,
  keyfreeStatusLine,
  nextAction,
  openActions,
  type KeyfreeStatus,
  type KeyfreeStatusInput,
  type NextAction,
  type OrderCustomerAction,
  type OrderCustomerActions,
} from "../../../server/domain/order-customers.js";
import type { OrderCustomerActionType } from "../../../server/domain/statuses.js";

const DONE = "2024-01-01T10:00:00Z";
const CHECKOUT: OrderCustomerActionType[] = [
  "KEYFREE_ABOUT_YOU",
  "KEYFREE_ADDRESS_HISTORY",
  "KEYFREE_REFERENCING",
  "KEYFREE_CONFIRM",
  "KEYFREE_SIGN",
  "KEYFREE_SIGN_ADDENDUM",
  "KEYFREE_PAY",
];

/** An order customer whose checkout actions before `upTo` (exclusive) are complete. */
function customer(id: string, upTo: OrderCustomerActionType | null, types: OrderCustomerActionType[] = CHECKOUT): OrderCustomerActions {
  const stop = upTo === null ? types.length : types.indexOf(upTo);
  return {
    id,
    actions: types.map((typeId, i) => ({ id: `${id}-${typeId}`, typeId, completedAt: i < stop ? DONE : null })),
  };
}

describe("order customers: next action (part 1 §2.3, §3)", () => {
  it.each([
    { why: "nothing done", me: customer("me", "KEYFREE_ABOUT_YOU"), next: "KEYFREE_ABOUT_YOU" },
    { why: "about you done", me: customer("me", "KEYFREE_ADDRESS_HISTORY"), next: "KEYFREE_ADDRESS_HISTORY" },
    { why: "up to confirm done", me: customer("me", "KEYFREE_SIGN"), next: "KEYFREE_SIGN" },
    { why: "terms signed", me: customer("me", "KEYFREE_SIGN_ADDENDUM"), next: "KEYFREE_SIGN_ADDENDUM" },
    { why: "no addendum action", me: customer("me", "KEYFREE_PAY", CHECKOUT.filter((t) => t !== "KEYFREE_SIGN_ADDENDUM")), next: "KEYFREE_PAY" },
    { why: "all done", me: customer("me", null), next: null },
    {
      why: "actions listed out of order",
      me: { id: "me", actions: [{ id: "p", typeId: "KEYFREE_PAY", completedAt: null }, { id: "c", typeId: "KEYFREE_CONFIRM", completedAt: null }, { id: "a", typeId: "KEYFREE_ABOUT_YOU", completedAt: DONE }] },
      next: "KEYFREE_CONFIRM",
    },
  ] as { why: string; me: OrderCustomerActions; next: OrderCustomerActionType | null }[])(
    "part 1 §2.3 the next action is the first with no completedAt in the step tracker's order — $why → $next",
    ({ me, next }) => {
      expect(nextAction(me)?.typeId ?? null).toBe(next);
    },
  );

  it("part 1 §2.4 a remaining balance and an own share open together are both in the next action (the payment choice), remaining balance first", () => {
    const me: OrderCustomerActions = {
      id: "me",
      actions: [
        { id: "share", typeId: "ARBITRATION_PAY", completedAt: null },
        { id: "balance", typeId: "ARBITRATION_PAY_REMAINING_BALANCE", completedAt: null },
      ],
    };
    expect(nextAction(me)).toEqual({ orderCustomerActionIds: ["balance", "share"], typeId: "ARBITRATION_PAY_REMAINING_BALANCE", actionable: true });
  });

  it.each([
    { why: "own share paid, balance open", share: DONE, balance: null, ids: ["balance"], type: "CLAIM_PAY_REMAINING_BALANCE" },
    { why: "balance paid, own share open", share: null, balance: DONE, ids: ["share"], type: "CLAIM_PAY" },
  ] as { why: string; share: string | null; balance: string | null; ids: string[]; type: OrderCustomerActionType }[])(
    "part 1 §2.4 each pay action counts on its own completedAt — $why",
    ({ share, balance, ids, type }) => {
      const me: OrderCustomerActions = {
        id: "me",
        actions: [
          { id: "share", typeId: "CLAIM_PAY", completedAt: share },
          { id: "balance", typeId: "CLAIM_PAY_REMAINING_BALANCE", completedAt: balance },
        ],
      };
      expect(nextAction(me)).toEqual({ orderCustomerActionIds: ids, typeId: type, actionable: true });
    },
  );

  it("part 1 §2.3 open actions are listed in canonical order", () => {
    const me = customer("me", "KEYFREE_CONFIRM");
    expect(openActions(me).map((a) => a.typeId)).toEqual(["KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM", "KEYFREE_PAY"]);
  });

  it.each([
    [{ completedAt: DONE }, true],
    [{ completedAt: null }, false],
    [{}, false],
  ] as [Pick<OrderCustomerAction, "completedAt">, boolean][])("part 1 §2.3 an action is complete when it has completedAt — %j → %s", (action, complete) => {
    expect(isActionComplete(action)).toBe(complete);
  });

  it.each([
    { why: "single tenant signs", me: customer("me", "KEYFREE_SIGN"), others: [], actionable: true },
    { why: "co-tenant has confirmed: sign", me: customer("me", "KEYFREE_SIGN"), others: [customer("co", "KEYFREE_SIGN")], actionable: true },
    { why: "co-tenant still referencing: wait to sign", me: customer("me", "KEYFREE_SIGN"), others: [customer("co", "KEYFREE_REFERENCING")], actionable: false },
    { why: "one of two co-tenants not confirmed: wait to sign", me: customer("me", "KEYFREE_SIGN"), others: [customer("a", null), customer("b", "KEYFREE_CONFIRM")], actionable: false },
    { why: "co-tenant has signed everything: pay", me: customer("me", "KEYFREE_PAY"), others: [customer("co", "KEYFREE_PAY")], actionable: true },
    { why: "co-tenant has not signed: wait to pay", me: customer("me", "KEYFREE_PAY"), others: [customer("co", "KEYFREE_SIGN")], actionable: false },
    { why: "co-tenant has not signed the addendum: wait to pay", me: customer("me", "KEYFREE_PAY"), others: [customer("co", "KEYFREE_SIGN_ADDENDUM")], actionable: false },
    { why: "co-tenant already paid", me: customer("me", "KEYFREE_PAY"), others: [customer("co", null)], actionable: true },
    { why: "co-tenant with no addendum action has signed", me: customer("me", "KEYFREE_PAY"), others: [customer("co", "KEYFREE_PAY", CHECKOUT.filter((t) => t !== "KEYFREE_SIGN_ADDENDUM"))], actionable: true },
    { why: "about you never waits", me: customer("me", "KEYFREE_ABOUT_YOU"), others: [customer("co", "KEYFREE_ABOUT_YOU")], actionable: true },
    { why: "addendum never waits", me: customer("me", "KEYFREE_SIGN_ADDENDUM"), others: [customer("co", "KEYFREE_ABOUT_YOU")], actionable: true },
    { why: "the list may include the tenant themself", me: customer("me", "KEYFREE_SIGN"), others: [customer("me", "KEYFREE_SIGN"), customer("co", "KEYFREE_SIGN")], actionable: true },
  ])(
    "part 1 §2.3 'Waiting for other tenants...': signing waits for co-tenants' earlier actions, paying also for their signatures — $why → actionable $actionable",
    ({ me, others, actionable }) => {
      expect(nextAction(me, others)?.actionable).toBe(actionable);
    },
  );

  it.each([
    { type: "CLAIM_PAY", actionable: true },
    { type: "TOP_UP_PAY", actionable: true },
    { type: "KEYFREE_SIGN", actionable: false },
  ] as { type: OrderCustomerActionType; actionable: boolean }[])("part 1 §2.3 only Keyfree sign and pay wait for co-tenants — $type → $actionable", ({ type, actionable }) => {
    expect(isActionActionable({ typeId: type }, [customer("co", "KEYFREE_ABOUT_YOU")])).toBe(actionable);
  });
});

describe("order customers: Keyfree status and dashboard (part 2 §2, §4)", () => {
  const NOW = "2024-06-01T12:00:00Z";
  it.each([
    { why: "pending order", input: { orderStatus: "PENDING", claimStatus: "RESOLVED" }, status: "IN_PROGRESS" },
    { why: "complete, no claim, before outcomeDeadline", input: { orderStatus: "COMPLETE", outcomeDeadline: "2024-07-01T00:00:00Z" }, status: "ACTIVE" },
    { why: "complete, no claim, no outcomeDeadline", input: { orderStatus: "COMPLETE" }, status: "ACTIVE" },
    { why: "complete, no claim, past outcomeDeadline", input: { orderStatus: "COMPLETE", outcomeDeadline: "2024-05-01T00:00:00Z" }, status: "EXPIRED" },
    { why: "complete, claim in progress past outcomeDeadline", input: { orderStatus: "COMPLETE", claimStatus: "MEDIATION", outcomeDeadline: "2024-05-01T00:00:00Z" }, status: "ACTIVE" },
    { why: "complete, claim resolved", input: { orderStatus: "COMPLETE", claimStatus: "RESOLVED" }, status: "EXPIRED" },
    { why: "complete, claim declined", input: { orderStatus: "COMPLETE", claimStatus: "DECLINED" }, status: "EXPIRED" },
    { why: "complete, claim deactivated", input: { orderStatus: "COMPLETE", claimStatus: "DEACTIVATED" }, status: "EXPIRED" },
  ] as { why: string; input: KeyfreeStatusInput; status: KeyfreeStatus }[])(
    "part 2 §4 a complete order counts as closed once past expiry (tenancy finished, part 1 §4.1), otherwise active; pending is in progress — $why → $status",
    ({ input, status }) => {
      expect(keyfreeStatus(input, NOW)).toBe(status);
    },
  );

  const open = (actionable: boolean): NextAction => ({ orderCustomerActionIds: ["a"], typeId: "KEYFREE_SIGN", actionable });
  it.each([
    { status: "EXPIRED", next: null, line: "This Keyfree is closed" },
    { status: "ACTIVE", next: null, line: "This Keyfree is Active" },
    { status: "IN_PROGRESS", next: open(true), line: "You have outstanding actions" },
    { status: "IN_PROGRESS", next: open(false), line: "Awaiting other tenants" },
    { status: "IN_PROGRESS", next: null, line: "Processing..." },
    { status: "ACTIVE", next: open(true), line: "You have outstanding actions" },
    { status: "EXPIRED", next: open(true), line: "This Keyfree is closed" },
  ] as { status: KeyfreeStatus; next: NextAction | null; line: string }[])(
    "part 2 §2 status lines, exact words — $status with next action $next.actionable → $line",
    ({ status, next, line }) => {
      expect(keyfreeStatusLine(status, next)).toBe(line);
    },
  );

  it("part 2 §2 status lines use the product name", () => {
    expect(KEYFREE_STATUS_LINES.closed).toBe("This Keyfree is closed");
  });

  it.each([
    ["IN_PROGRESS", "ACTIVE"],
    ["ACTIVE", "ACTIVE"],
    ["EXPIRED", "EXPIRED"],
  ] as [KeyfreeStatus, string][])("part 2 §2 Active/Expired filter: closed means expired — %s is listed under %s", (status, filter) => {
    expect(dashboardFilterFor(status)).toBe(filter);
  });

  it.each([
    { statuses: [], filter: "EXPIRED", why: "no Keyfrees" },
    { statuses: ["EXPIRED"], filter: "EXPIRED", why: "only expired" },
    { statuses: ["EXPIRED", "ACTIVE"], filter: "ACTIVE", why: "one active" },
    { statuses: ["EXPIRED", "IN_PROGRESS"], filter: "ACTIVE", why: "a pending order" },
  ] as { statuses: KeyfreeStatus[]; filter: string; why: string }[])(
    "part 2 §2 default filter: Active with any non-expired Keyfree or pending order, otherwise Expired — $why → $filter",
    ({ statuses, filter }) => {
      expect(defaultDashboardFilter(statuses)).toBe(filter);
    },
  );
});

describe("order customers: checkout step tracker (part 1 §2.3)", () => {
  it.each([
    ["KEYFREE_ABOUT_YOU", "about-you"],
    ["KEYFREE_ADDRESS_HISTORY", "address-history"],
    ["KEYFREE_REFERENCING", "referencing"],
    ["KEYFREE_CONFIRM", "confirm"],
    ["KEYFREE_SIGN", "sign"],
    ["KEYFREE_SIGN_ADDENDUM", "addendum"],
    ["KEYFREE_PAY", "pay"],
    ["CLAIM_PAY", null],
  ] as [OrderCustomerActionType, string | null][])("part 1 §2.3 the sub-route must match the next action's type — %s → %s", (type, route) => {
    expect(checkoutSubRoute(type)).toBe(route);
  });

  it("part 1 §2.3 step tracker: About You, Eligibility, Confirm, Terms, Addendum, Pay, Finish always last", () => {
    const steps = checkoutSteps(customer("me", "KEYFREE_REFERENCING").actions);
    expect(steps.map((s) => [s.label, s.subRoutes, s.complete])).toEqual([
      ["About You", ["about-you", "address-history"], true],
      ["Eligibility", ["referencing"], false],
      ["Confirm", ["confirm"], false],
      ["Terms", ["sign"], false],
      ["Addendum", ["addendum"], false],
      ["Pay", ["pay"], false],
      ["Finish", ["finish"], false],
    ]);
  });

  it.each([
    {
      why: "a step appears only if the order has a matching action",
      actions: [{ id: "1", typeId: "KEYFREE_ABOUT_YOU", completedAt: DONE }, { id: "2", typeId: "KEYFREE_PAY", completedAt: null }],
      steps: [["ABOUT_YOU", true], ["PAY", false], ["FINISH", false]],
    },
    {
      why: "a step is complete only when all its actions have completedAt",
      actions: [{ id: "1", typeId: "KEYFREE_ABOUT_YOU", completedAt: DONE }, { id: "2", typeId: "KEYFREE_ADDRESS_HISTORY", completedAt: null }],
      steps: [["ABOUT_YOU", false], ["FINISH", false]],
    },
    {
      why: "Finish is complete once every step is",
      actions: [{ id: "1", typeId: "KEYFREE_CONFIRM", completedAt: DONE }, { id: "2", typeId: "KEYFREE_PAY", completedAt: DONE }],
      steps: [["CONFIRM", true], ["PAY", true], ["FINISH", true]],
    },
    {
      why: "non-checkout actions make no step",
      actions: [{ id: "1", typeId: "CLAIM_PAY", completedAt: null }],
      steps: [["FINISH", true]],
    },
  ] as { why: string; actions: OrderCustomerAction[]; steps: [string, boolean][] }[])("part 1 §2.3 step tracker — $why", ({ actions, steps }) => {
    expect(checkoutSteps(actions).map((s) => [s.key, s.complete])).toEqual(steps);
  });
});
