import { describe, expect, it } from "vitest";
import { newlyActionable, type OrderCustomerActions } from "../../../server/domain/order-customers.js";
import type { OrderCustomerActionType } from "../../../server/domain/statuses.js";

const DONE = "2026-11-22T10:00:00Z";
const CHECKOUT: OrderCustomerActionType[] = [
  "KEYFREE_ABOUT_YOU",
  "KEYFREE_ADDRESS_HISTORY",
  "KEYFREE_REFERENCING",
  "KEYFREE_CONFIRM",
  "KEYFREE_SIGN",
  "KEYFREE_SIGN_ADDENDUM",
  "KEYFREE_PAY",
];

/** An order customer whose checkout actions before `upTo` (exclusive) are complete; null: all done. */
function at(id: string, upTo: OrderCustomerActionType | null, types: OrderCustomerActionType[] = CHECKOUT): OrderCustomerActions {
  const stop = upTo === null ? types.length : types.indexOf(upTo);
  return { id, actions: types.map((typeId, i) => ({ id: `${id}-${typeId}`, typeId, completedAt: i < stop ? DONE : null })) };
}

describe("whose turn it has just become in the checkout (part 1 §2.3 'Waiting for other tenants...', issue 28)", () => {
  it.each([
    {
      why: "the co-tenant confirms: the tenant waiting to sign can now sign",
      before: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_CONFIRM")],
      after: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_SIGN")],
      actedBy: "bo",
      told: ["ann"],
    },
    {
      why: "the co-tenant signs the addendum: the tenant waiting to pay can now pay",
      before: [at("ann", "KEYFREE_PAY"), at("bo", "KEYFREE_SIGN_ADDENDUM")],
      after: [at("ann", "KEYFREE_PAY"), at("bo", "KEYFREE_PAY")],
      actedBy: "bo",
      told: ["ann"],
    },
    {
      why: "two tenants waiting, the third finishes: both are told",
      before: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_SIGN"), at("cy", "KEYFREE_CONFIRM")],
      after: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_SIGN"), at("cy", "KEYFREE_SIGN")],
      actedBy: "cy",
      told: ["ann", "bo"],
    },
    {
      why: "a third co-tenant is still behind: nobody can sign yet",
      before: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_CONFIRM"), at("cy", "KEYFREE_ABOUT_YOU")],
      after: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_SIGN"), at("cy", "KEYFREE_ABOUT_YOU")],
      actedBy: "bo",
      told: [],
    },
    {
      why: "a tenant who could already act is not told again",
      before: [at("ann", "KEYFREE_ADDRESS_HISTORY"), at("bo", "KEYFREE_CONFIRM")],
      after: [at("ann", "KEYFREE_ADDRESS_HISTORY"), at("bo", "KEYFREE_SIGN")],
      actedBy: "bo",
      told: [],
    },
    {
      why: "the tenant who acted is not told, even when their own next step was waiting before (a step done for them)",
      before: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_CONFIRM")],
      after: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_SIGN")],
      actedBy: "ann",
      told: [],
    },
    {
      why: "a step that leaves the co-tenant waiting tells nobody",
      before: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_ABOUT_YOU")],
      after: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_ADDRESS_HISTORY")],
      actedBy: "bo",
      told: [],
    },
    {
      why: "paying the Keyfree makes nobody's turn: nothing waits for a co-tenant's payment",
      before: [at("ann", "KEYFREE_PAY"), at("bo", "KEYFREE_PAY")],
      after: [at("ann", "KEYFREE_PAY"), at("bo", null)],
      actedBy: "bo",
      told: [],
    },
    {
      why: "a tenant with nothing left to do is not told",
      before: [at("ann", null), at("bo", "KEYFREE_CONFIRM")],
      after: [at("ann", null), at("bo", "KEYFREE_SIGN")],
      actedBy: "bo",
      told: [],
    },
    {
      why: "a referencing outcome (no tenant acted) lets the waiting tenant sign",
      before: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_REFERENCING", CHECKOUT.filter((t) => t !== "KEYFREE_CONFIRM"))],
      after: [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_SIGN", CHECKOUT.filter((t) => t !== "KEYFREE_CONFIRM"))],
      actedBy: null,
      told: ["ann"],
    },
  ])("$why", ({ before, after, actedBy, told }) => {
    expect(newlyActionable(before, after, actedBy)).toEqual(told);
  });

  it("an order customer missing from the state before the change is not told", () => {
    expect(newlyActionable([at("bo", "KEYFREE_CONFIRM")], [at("ann", "KEYFREE_SIGN"), at("bo", "KEYFREE_SIGN")], "bo")).toEqual([]);
  });
});
