import { z } from "zod";
import type { components } from "~/lib/api/schema";
import { addressLine } from "~/lib/format";
import { formatDate, formatPounds } from "#common/wording";
import { PRODUCT } from "~/lib/product";
import { textField } from "~/lib/text-rules";

type KeyfreeOffer = components["schemas"]["KeyfreeOffer"];
export type OfferChoice = KeyfreeOffer["chosen"] extends infer C ? (C extends { choice: infer X } ? X : never) : never;
export type RejectionReason = components["schemas"]["KeyfreeOfferRejectionResult"]["rejectionReason"];

/** The offer page's confirmation state lives in the URL (`?choice=`), so it works without script. */
export const CHOICE_PARAM = "choice";
export const CHOICE_SLUGS = { keyfree: PRODUCT.code, "cash-deposit": "CASH_DEPOSIT" } as const satisfies Record<string, OfferChoice>;
export type ChoiceSlug = keyof typeof CHOICE_SLUGS;

export function choiceSlug(value: string | null): ChoiceSlug | null {
  return value !== null && Object.hasOwn(CHOICE_SLUGS, value) ? (value as ChoiceSlug) : null;
}

/** The offer's own paths (part 2 §2 route table and post-login navigation). */
export const offerPaths = {
  offer: (id: string, token: string, choice?: ChoiceSlug) =>
    `/${PRODUCT.slug}-offer/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}${choice ? `&${CHOICE_PARAM}=${choice}` : ""}`,
  accepted: (id: string) => `/${PRODUCT.slug}-offer/${encodeURIComponent(id)}/accepted`,
  rejected: (id: string, token: string) => `/${PRODUCT.slug}-offer/${encodeURIComponent(id)}/rejected?token=${encodeURIComponent(token)}`,
  reasonGiven: (id: string) => `/${PRODUCT.slug}-offer/${encodeURIComponent(id)}/reason-given`,
};

/** The confirmation's words (part 2 §2: 'Confirm {product}' / 'Confirm a Cash Deposit'). */
export const CONFIRM_HEADINGS: Record<ChoiceSlug, string> = {
  keyfree: `Confirm ${PRODUCT.name}`,
  "cash-deposit": "Confirm a Cash Deposit",
};

/** What the recipient reads of the tenancy's choice once made ('Your deposit option has been chosen already'). */
export function chosenOutcome(chosen: NonNullable<KeyfreeOffer["chosen"]>): string {
  const what = chosen.choice === "CASH_DEPOSIT" ? "A cash deposit" : PRODUCT.name;
  const who = chosen.chosenBy === "YOU" ? "you" : "a co-tenant";
  return `${what} was chosen by ${who} on ${formatDate(chosen.chosenAt)}.`;
}

/** The offer page's view: formatted amounts and address, the annual fee note when it applies. */
export function offerView(offer: KeyfreeOffer, query: { annualFeesEnabled: boolean }) {
  const address = offer.keyfreeOffer.property.address;
  return {
    id: offer.keyfreeOffer.id,
    saving: formatPounds(offer.savingAmount),
    keyfreeTotal: formatPounds(offer.keyfreeAmount),
    cashDepositTotal: formatPounds(offer.cashDepositAmount),
    address: addressLine(address),
    postcode: address.postcode,
    // The offer's own flag; the spec's link flag (?annualFeesEnabled=true) shows it too.
    annualFeeNote:
      offer.annualFeesEnabled || query.annualFeesEnabled
        ? `For tenancies over 12 months, a ${formatPounds(offer.annualFeeAmount, { wholePounds: true })} annual fee is split between tenants.`
        : null,
    chosen: offer.chosen ? chosenOutcome(offer.chosen) : null,
    /** A recipient who chose a cash deposit and has not said why may still do so. */
    canGiveReason: offer.recipient.choice === "CASH_DEPOSIT" && !offer.recipient.rejectionReasonGiven,
  };
}

// ── The rejection form (part 2 §5) ──────────────────────────────────────────

export const REJECTION_MAX_LENGTH = 500;

export const REJECTION_MESSAGES = {
  reason: "Please select a reason",
  details: "Please provide more details about your reason",
  tooLong: "Please keep your response to 500 characters or less",
} as const;

/** The four reasons, in plain words a tenant recognises. */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  TOO_EXPENSIVE: "It's too expensive",
  DONT_UNDERSTAND: `I don't understand how ${PRODUCT.name} works`,
  NON_REFUNDABLE_FEE: "I don't want to pay a fee I won't get back",
  OTHER: "Other",
};

const REASONS = Object.keys(REJECTION_REASON_LABELS) as [RejectionReason, ...RejectionReason[]];

export const rejectionSchema = z
  .object({
    rejectionReason: z.enum(REASONS, { error: REJECTION_MESSAGES.reason }),
    customRejectionReason: textField(REJECTION_MAX_LENGTH, { kind: "multi-line", tooLong: REJECTION_MESSAGES.tooLong }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.rejectionReason === "OTHER" && !value.customRejectionReason?.trim()) {
      ctx.addIssue({ code: "custom", path: ["customRejectionReason"], message: REJECTION_MESSAGES.details });
    }
  });

/**
 * The details field's count, written by the server (these pages send no script): the limit
 * before anything is typed, then what is left or how many too many after a post.
 */
export function characterCount(value: string | undefined, max = REJECTION_MAX_LENGTH): string {
  const length = value?.length ?? 0;
  if (length === 0) return `You can enter up to ${max} characters`;
  const left = max - length;
  if (left >= 0) return `You have ${left} ${left === 1 ? "character" : "characters"} remaining`;
  return `You have ${-left} ${left === -1 ? "character" : "characters"} too many`;
}
