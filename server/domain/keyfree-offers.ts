/**
 * Keyfree offers answered without login (part 2 §2 offer pages, §3, §4, §5).
 */
import type { OfferChoice, RejectionReason } from "./statuses.js";

/** Shown when the tenancy's deposit option was chosen before (part 2 §2). */
export const OFFER_ALREADY_CHOSEN_MESSAGE = "Your deposit option has been chosen already";

export const REJECTION_MESSAGES = {
  reason: "Please select a reason",
  details: "Please provide more details about your reason",
  tooLong: "Please keep your response to 500 characters or less",
  notRejected: "You can give a reason only after choosing a cash deposit",
  alreadyGiven: "We have already received your reason",
} as const;

/** The rejection text limit (part 2 §9). */
export const REJECTION_REASON_MAX_LENGTH = 500;

export interface OfferChoiceState {
  /** The tenancy's choice, final once made. */
  offerChoice: OfferChoice | null;
  /** The recipient answering now: their own earlier choice, if any. */
  recipientChoice: OfferChoice | null;
}

export type OfferChoiceDecision =
  | { kind: "record" }
  | { kind: "repeat" }
  | { kind: "refuse"; message: string };

/**
 * What answering an offer does (part 2 §4: "choosing {product} or Cash
 * deposit is final for the tenancy and cannot be changed by co-tenants"):
 * the first choice is recorded; the same recipient sending the same choice
 * again is a repeat (the same success, no second effect); anything else is
 * refused with 'Your deposit option has been chosen already'.
 */
export function decideOfferChoice(state: OfferChoiceState, choice: OfferChoice): OfferChoiceDecision {
  if (state.offerChoice === null) return { kind: "record" };
  if (state.recipientChoice === choice && state.offerChoice === choice) return { kind: "repeat" };
  return { kind: "refuse", message: OFFER_ALREADY_CHOSEN_MESSAGE };
}

/** Who made the tenancy's choice, as the recipient looking at the offer sees it. */
export function offerChosenBy(recipientChoice: OfferChoice | null): "YOU" | "CO_TENANT" {
  return recipientChoice === null ? "CO_TENANT" : "YOU";
}

export interface RejectionInput {
  rejectionReason: RejectionReason | null;
  customRejectionReason?: string | null;
}

export interface RejectionProblem {
  field: "rejectionReason" | "customRejectionReason";
  message: string;
}

/**
 * The rejection form's rules (part 2 §5): a listed reason ('Please select a
 * reason'); details required for OTHER ('Please provide more details about
 * your reason'); at most 500 characters ('Please keep your response to 500
 * characters or less'). Details of only spaces count as none.
 */
export function rejectionProblems(input: RejectionInput): RejectionProblem[] {
  const problems: RejectionProblem[] = [];
  const details = input.customRejectionReason ?? "";
  if (input.rejectionReason === null) problems.push({ field: "rejectionReason", message: REJECTION_MESSAGES.reason });
  if (input.rejectionReason === "OTHER" && details.trim() === "") {
    problems.push({ field: "customRejectionReason", message: REJECTION_MESSAGES.details });
  }
  if (details.length > REJECTION_REASON_MAX_LENGTH) {
    problems.push({ field: "customRejectionReason", message: REJECTION_MESSAGES.tooLong });
  }
  return problems;
}

export interface RejectionState {
  recipientChoice: OfferChoice | null;
  /** The reason this recipient gave before, if any. */
  given: { rejectionReason: string; customRejectionReason: string | null } | null;
}

/**
 * Whether a reason may be recorded now: only a recipient who chose a cash
 * deposit gives one (the rejected page follows that choice, part 2 §2). A
 * second, identical submission is a repeat; a different one is refused, so
 * a reason once given is not overwritten.
 */
export function decideRejectionReason(
  state: RejectionState,
  reason: { rejectionReason: RejectionReason; customRejectionReason: string | null },
): OfferChoiceDecision {
  if (state.recipientChoice !== "CASH_DEPOSIT") return { kind: "refuse", message: REJECTION_MESSAGES.notRejected };
  if (state.given === null) return { kind: "record" };
  if (state.given.rejectionReason === reason.rejectionReason && state.given.customRejectionReason === reason.customRejectionReason) {
    return { kind: "repeat" };
  }
  return { kind: "refuse", message: REJECTION_MESSAGES.alreadyGiven };
}
