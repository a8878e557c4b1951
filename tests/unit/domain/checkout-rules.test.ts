import { describe, expect, it } from "vitest";
import { missingConfirmAcknowledgements, requiredConfirmAcknowledgements } from "#common/tenant-terms";
import {
  checkCheckoutStep,
  CHECKOUT_MESSAGES,
  orderRemainingBalancePence,
  outstandingAmountPence,
  tenantDisplayName,
  totalChargesSettledPence,
} from "../../../server/domain/checkout";
import type { OrderCustomerActions } from "../../../server/domain/order-customers";
import { CHECKOUT_ACTION_TYPES, type CheckoutActionType } from "../../../server/domain/statuses";

const DONE = "2026-01-01T00:00:00Z";

function oc(id: string, completed: readonly CheckoutActionType[], types: readonly CheckoutActionType[] = CHECKOUT_ACTION_TYPES): OrderCustomerActions {
  return { id, actions: types.map((typeId) => ({ id: `${id}-${typeId}`, typeId, completedAt: completed.includes(typeId) ? DONE : null })) };
}

const BEFORE_SIGN: CheckoutActionType[] = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM"];

describe("checkCheckoutStep (part 1 §2.3: the step must be the customer's next pending action)", () => {
  it.each<[string, OrderCustomerActions, OrderCustomerActions[], CheckoutActionType, ReturnType<typeof checkCheckoutStep>]>([
    ["the next action is allowed", oc("a", []), [], "KEYFREE_ABOUT_YOU", { ok: true, actionId: "a-KEYFREE_ABOUT_YOU" }],
    ["a done step is refused (double submit)", oc("a", ["KEYFREE_ABOUT_YOU"]), [], "KEYFREE_ABOUT_YOU", { ok: false, message: CHECKOUT_MESSAGES.alreadyCompleted }],
    ["a later step is refused", oc("a", []), [], "KEYFREE_CONFIRM", { ok: false, message: CHECKOUT_MESSAGES.earlierStepsFirst }],
    [
      "a step the order does not have is refused",
      oc("a", [], ["KEYFREE_ABOUT_YOU", "KEYFREE_PAY"]),
      [],
      "KEYFREE_SIGN_ADDENDUM",
      { ok: false, message: CHECKOUT_MESSAGES.notInCheckout },
    ],
    [
      "signing waits for a co-tenant who has not confirmed",
      oc("a", BEFORE_SIGN),
      [oc("a", BEFORE_SIGN), oc("b", ["KEYFREE_ABOUT_YOU"])],
      "KEYFREE_SIGN",
      { ok: false, message: "Waiting for other tenants..." },
    ],
    [
      "signing is allowed once every co-tenant has confirmed",
      oc("a", BEFORE_SIGN),
      [oc("b", BEFORE_SIGN)],
      "KEYFREE_SIGN",
      { ok: true, actionId: "a-KEYFREE_SIGN" },
    ],
  ])("%s", (_name, me, all, type, expected) => {
    expect(checkCheckoutStep(me, all, type)).toEqual(expected);
  });
});

describe("Confirm acknowledgements (part 1 §5: the confirm box and four; a fifth only with top-ups)", () => {
  it("needs five boxes, or six when the organisation has top-ups enabled", () => {
    expect(requiredConfirmAcknowledgements(false)).toHaveLength(5);
    expect(requiredConfirmAcknowledgements(true)).toEqual([...requiredConfirmAcknowledgements(false), "annualFee"]);
  });

  it("lists the boxes not ticked exactly true", () => {
    const all = { detailsCorrect: true, feeNonRefundable: true, remainLiable: true, respondWithinSevenDays: true, jointAndSeveralLiability: true };
    expect(missingConfirmAcknowledgements(all, false)).toEqual([]);
    expect(missingConfirmAcknowledgements(all, true)).toEqual(["annualFee"]);
    expect(missingConfirmAcknowledgements({ ...all, remainLiable: false }, false)).toEqual(["remainLiable"]);
    expect(missingConfirmAcknowledgements({}, false)).toHaveLength(5);
  });
});

describe("amounts still to pay (part 1 §2.4)", () => {
  it.each([
    ["nothing open", [{ typeId: "CLAIM_PAY" as const, completedAt: DONE, amountRemaining: 500 }], 0],
    ["the own share when it is open with the remaining balance that includes it", [
      { typeId: "CLAIM_PAY_REMAINING_BALANCE" as const, amountRemaining: 1000 },
      { typeId: "CLAIM_PAY" as const, amountRemaining: 400 },
    ], 400],
    ["the remaining balance once the own share is paid", [
      { typeId: "CLAIM_PAY_REMAINING_BALANCE" as const, amountRemaining: 600 },
      { typeId: "CLAIM_PAY" as const, completedAt: DONE, amountRemaining: 0 },
    ], 600],
    ["separate payments add up", [
      { typeId: "ARBITRATION_ADMIN_PAY" as const, amountRemaining: 6000 },
      { typeId: "ARBITRATION_PAY" as const, amountRemaining: 1000 },
    ], 7000],
  ])("%s", (_name, actions, expected) => {
    expect(outstandingAmountPence(actions)).toBe(expected);
  });

  it("the whole order's remaining balance adds every order customer's outstanding amount", () => {
    expect(
      orderRemainingBalancePence([
        [{ typeId: "CLAIM_PAY", amountRemaining: 300 }],
        [{ typeId: "CLAIM_PAY", amountRemaining: 200 }],
        [{ typeId: "CLAIM_PAY", amountRemaining: 200, completedAt: DONE }],
      ]),
    ).toBe(500);
  });
});

describe("dashboard card facts (part 2 §2)", () => {
  it.each([
    [{ firstName: "Ana", lastName: "Lopez", email: "a@x.test" }, "Ana Lopez"],
    [{ firstName: "Ana", lastName: "", email: "a@x.test" }, "a@x.test"],
    [{ firstName: null, lastName: "Lopez", email: "a@x.test" }, "a@x.test"],
  ])("a tenant is shown by name, or by e-mail when a name is missing (%o)", (tenant, expected) => {
    expect(tenantDisplayName(tenant)).toBe(expected);
  });

  it.each([
    [{ status: "RESOLVED" as const, limit: 1000, finalAmount: 800 }, 800],
    [{ status: "RESOLVED" as const, limit: 1000, finalAmount: 800, arbitratedAmount: 300 }, 300],
    [{ status: "RESOLVED" as const, limit: 500, finalAmount: 800 }, 500],
    [{ status: "RESOLVED" as const, limit: 500 }, null],
    [{ status: "MEDIATION" as const, limit: 500, finalAmount: 100 }, null],
  ])("total charges settled for %o is %s", (claim, expected) => {
    expect(totalChargesSettledPence(claim)).toBe(expected);
  });
});
