/**
 * Which payment purpose applies an intent (decisions 0029, 0054): the claim-payments area's
 * `claim-payment` owns every claim payment type, the orders area's `order-action` the Keyfree and
 * annual fees, the payment plans area's instalments; each intent has exactly one owner.
 */
import { describe, expect, it } from "vitest";
import { PAYMENT_TYPES } from "#common/payments";
import { claimPayments } from "../../server/claim-payments";
import { orderActionPayments } from "../../server/orders";
import { instalmentPayments } from "../../server/payment-plans";

const purposes = [orderActionPayments, claimPayments, instalmentPayments];
const owners = (metadata: Record<string, string>) => purposes.filter((p) => p.owns(metadata)).map((p) => p.name);
const actionPayment = (paymentType: string) => ({ orderId: "o1", customerId: "c1", orderCustomerActionId: "a1", paymentType });

describe("payment purposes", () => {
  it.each([
    ["KEYFREE", "order-action"],
    ["TOP_UP", "order-action"],
    ["CLAIM", "claim-payment"],
    ["CLAIM_REMAINING_BALANCE", "claim-payment"],
    ["CLAIM_PROPOSAL", "claim-payment"],
    ["ARBITRATION_FEE", "claim-payment"],
    ["ARBITRATION", "claim-payment"],
    ["ARBITRATION_REMAINING_BALANCE", "claim-payment"],
  ])("an order action paid as %s is the %s purpose's alone", (paymentType, owner) => {
    expect(owners(actionPayment(paymentType))).toEqual([owner]);
  });

  it("name every payment type an order action is paid as", () => {
    expect([...PAYMENT_TYPES].sort()).toEqual(["ARBITRATION", "ARBITRATION_FEE", "ARBITRATION_REMAINING_BALANCE", "CLAIM", "CLAIM_PROPOSAL", "CLAIM_REMAINING_BALANCE", "KEYFREE", "TOP_UP"]);
  });

  it("leave an instalment's payment to the payment plans purpose, whatever its payment type", () => {
    expect(owners({ customerId: "c1", orderCustomerActionId: "a1", paymentPlanInstalmentId: "i1", paymentType: "CLAIM" })).toEqual([
      instalmentPayments.name,
    ]);
  });
});
