/**
 * Claim balances after a payment (part 1 §4.1, joint and several liability), as a pure rule.
 *
 * On a CLAIM order every tenant may have a remaining balance action (the whole amount still
 * due) and an own share action (their part). When one action is paid:
 *  - an own share (CLAIM_PAY, ARBITRATION_PAY) lowers every open remaining balance by the
 *    amount paid (never below £0); the other tenants' own shares stay as they are;
 *  - anything else (a remaining balance, a proposal payment, a fee) settles the whole order:
 *    every other open action goes to £0.
 * Then, when no remaining balance is left open, nothing is owed any more: the own shares
 * still open are settled too.
 */
import { assertPence, type Pence } from "#common/money";

export type OpenPayAction = { id: string; typeId: string; amountRemainingPence: Pence };
export type PayActionAfter = { id: string; amountRemainingPence: Pence; settled: boolean };

export function isOwnShareAction(typeId: string): boolean {
  return typeId === "CLAIM_PAY" || typeId === "ARBITRATION_PAY";
}

export function isRemainingBalanceAction(typeId: string): boolean {
  return typeId.endsWith("REMAINING_BALANCE");
}

/** What each other open action on the order owes once `paidPence` was paid on an action of `paidTypeId`. */
export function balancesAfterPayment(paidTypeId: string, paidPence: Pence, others: readonly OpenPayAction[]): PayActionAfter[] {
  assertPence(paidPence, "amount paid");
  const ownShare = isOwnShareAction(paidTypeId);
  const after = others.map((other) => {
    assertPence(other.amountRemainingPence, "amount remaining");
    let remaining = other.amountRemainingPence;
    if (!ownShare) remaining = 0;
    else if (isRemainingBalanceAction(other.typeId)) remaining = Math.max(0, remaining - paidPence);
    return { id: other.id, typeId: other.typeId, amountRemainingPence: remaining, settled: remaining === 0 };
  });
  const balanceOpen = after.some((a) => !a.settled && isRemainingBalanceAction(a.typeId));
  return after.map(({ typeId: _typeId, ...a }) => (balanceOpen || a.settled ? a : { ...a, amountRemainingPence: 0, settled: true }));
}

/** The pay action the charges' pay page takes, and the payment type it is paid as. */
export type ChargesPayment = { id: string; paymentType: "CLAIM" | "CLAIM_REMAINING_BALANCE" };

/**
 * Which of the tenant's pay actions on the payable claim order the pay page takes (part 1 §4.1,
 * §4.3): their own share (CLAIM) while it is less than the balance left; the remaining balance
 * once a co-tenant has paid part of it (the balance is below what was due: `duePence`, the
 * charges capped at the limit) — paying it clears the charges; their share when it is the whole
 * balance and nobody has paid (a sole tenant); otherwise the balance. Null when no action is
 * open (nothing left to pay). `open` is the tenant's actions still owing something.
 */
export function chargesPayment(open: readonly OpenPayAction[], duePence: Pence | null): ChargesPayment | null {
  const share = open.find((a) => a.typeId === "CLAIM_PAY");
  const balance = open.find((a) => a.typeId === "CLAIM_PAY_REMAINING_BALANCE");
  const pick = (action: OpenPayAction, paymentType: ChargesPayment["paymentType"]): ChargesPayment => ({ id: action.id, paymentType });
  if (share && balance && share.amountRemainingPence < balance.amountRemainingPence) return pick(share, "CLAIM");
  if (balance && duePence !== null && balance.amountRemainingPence < duePence) return pick(balance, "CLAIM_REMAINING_BALANCE");
  if (share) return pick(share, "CLAIM");
  if (balance) return pick(balance, "CLAIM_REMAINING_BALANCE");
  return null;
}

/**
 * The card payment types paid on a claim's CLAIM orders (common/payments.ts): an intent whose
 * metadata names one of these is the claim-payments area's payment purpose's, every other order
 * action's is the orders area's (decision 0054).
 */
export const CLAIM_PAYMENT_TYPES: readonly string[] = [
  "CLAIM",
  "CLAIM_REMAINING_BALANCE",
  "CLAIM_PROPOSAL",
  "ARBITRATION_FEE",
  "ARBITRATION",
  "ARBITRATION_REMAINING_BALANCE",
];

export function isClaimPaymentType(paymentType: string | undefined): boolean {
  return paymentType !== undefined && CLAIM_PAYMENT_TYPES.includes(paymentType);
}
