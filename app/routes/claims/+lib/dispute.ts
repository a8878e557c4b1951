/**
 * The formal dispute's steps (part 1 §2.5, §4.1, §5; docs/decisions/0023): which page a claim in
 * dispute shows — the dispute form, the £60 fee payment, or neither — and the go-back counter
 * (at most 2 steps back from the fee payment to the dispute form). Pure: the loaders pass the
 * claim and the tenant's steps (kept per claim in the session), so tests hold every rule.
 */
import { z } from "zod";
import { TEXT_LIMITS } from "#common/input";
import { ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS, DISPUTE_FEE_PENCE, DISPUTE_GO_BACK_LIMIT } from "#common/dispute-fee";
import type { components } from "~/lib/api/schema";
import { formatPounds } from "#common/wording";
import { textField } from "~/lib/text-rules";

type Claim = components["schemas"]["Claim"];
export type DisputeClaim = Pick<Claim, "status" | "allowedActions" | "tenantDisputeMessage" | "adjudicationFeeOrder">;

/** Part 1 §5: the formal dispute message. */
export const DISPUTE_MESSAGE_REQUIRED = "Message is required";
export const DISPUTE_MESSAGE_MAX = TEXT_LIMITS.disputeMessage;
export const disputeSchema = z.object({
  message: textField(DISPUTE_MESSAGE_MAX, {
    kind: "multi-line",
    required: DISPUTE_MESSAGE_REQUIRED,
    tooLong: `Your message must be ${DISPUTE_MESSAGE_MAX.toLocaleString("en-GB")} characters or fewer`,
  })
    .trim()
    .min(1, { error: DISPUTE_MESSAGE_REQUIRED }),
});

/**
 * The tenant's steps through one claim's dispute: how often they went back from the fee
 * payment, and whether they are back at the form now (the fee page waits until they come
 * forward again with 'Proceed To Payment').
 */
export type DisputeSteps = { backs: number; back: boolean };
export const FRESH_STEPS: DisputeSteps = { backs: 0, back: false };

/**
 * Which step the claim is at for this tenant:
 *  - raise: the tenant may dispute and has not yet (the form; its submit raises the dispute);
 *  - message: disputed, the fee unpaid, and no message yet or the tenant went back (the form);
 *  - fee: §2.5's condition — AWAITING_ARBITRATION_ADMIN_FEE, a dispute message exists, the
 *    tenant has not gone back, and the fee order is PENDING (the fee payment);
 *  - none: nothing to do here (the claim page says where things stand).
 */
export type DisputeStage = "raise" | "message" | "fee" | "none";

export function disputeStage(claim: DisputeClaim, steps: DisputeSteps): DisputeStage {
  if (claim.status === "AWAITING_ARBITRATION_ADMIN_FEE") {
    if (claim.adjudicationFeeOrder?.statusId !== "PENDING") return "none";
    const hasMessage = Boolean(claim.tenantDisputeMessage?.trim());
    return hasMessage && !steps.back ? "fee" : "message";
  }
  return claim.allowedActions.includes("dispute") ? "raise" : "none";
}

/** How many more times the tenant may go back from the fee payment to the form. */
export function backsLeft(steps: DisputeSteps): number {
  return Math.max(0, DISPUTE_GO_BACK_LIMIT - steps.backs);
}

/** Part 1 §2.5: the go-back counter is spent; a third Back is refused with this. */
export const GO_BACK_REFUSED = `You have already gone back ${DISPUTE_GO_BACK_LIMIT} times, the most allowed. To continue your dispute, pay the dispute fee.`;

/** Going back once more: the new steps, or null when the counter is spent (refused). */
export function goBack(steps: DisputeSteps): DisputeSteps | null {
  if (backsLeft(steps) === 0) return null;
  return { backs: steps.backs + 1, back: true };
}

/** 'Proceed To Payment': forward again (the count of backs is kept). */
export function goForward(steps: DisputeSteps): DisputeSteps {
  return { backs: steps.backs, back: false };
}

/** The fee to quote: the fee order's own amount once it exists, else the constant (part 1 §9). */
export function disputeFeePence(claim: Pick<Claim, "adjudicationFeeOrder">): number {
  return claim.adjudicationFeeOrder?.action?.amountRemaining ?? DISPUTE_FEE_PENCE;
}

/** The figures the dispute pages quote (part 1 §4.1, §9). */
export function disputeFigures(claim: Pick<Claim, "adjudicationFeeOrder">) {
  return {
    fee: formatPounds(disputeFeePence(claim)),
    adjudicationWeeks: ADJUDICATION_MAX_WEEKS,
    paymentDays: ADJUDICATION_PAYMENT_DAYS,
  };
}

/**
 * Part 1 §8: the formal dispute warning on the fee payment.
 */
export const FORMAL_DISPUTE_WARNING =
  "You must complete payment for this dispute to be considered. If payment is not made, these end of tenancy charges will be considered accepted and you will take full liability of the charges.";

/**
 * 'Reject with no evidence' (part 1 §4.1, §7): updateClaimResponse needs a message; the
 * tenant's choice is the message (decision 0023), and it becomes the dispute message.
 */
export const REJECT_NO_EVIDENCE_MESSAGE = "I reject these charges. I have no further evidence to provide; please send them to the adjudicator.";
