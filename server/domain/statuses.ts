/**
 * Every enum of the spec with ONE canonical spelling (with underscores), as
 * `as const` arrays plus union types, and a normaliser per enum that also
 * accepts the spec's spelling without underscores (see spelling.ts: unknown
 * input answers null).
 */
import { createSpellingNormaliser } from "./spelling.js";
import { PRODUCT_CODE } from "#common/product";
import { GENDERS, type Gender } from "#common/about-you";

// ── Claims (part 1 §4.1, part 2 §4) ──────────────────────────────────────────

/** Claim statuses that count as in progress (part 1 §4.1, part 2 §4). */
export const CLAIM_STATUSES_IN_PROGRESS = [
  "AWAITING_RESPONDENTS",
  "AWAITING_ARBITRATION",
  "AWAITING_ARBITRATION_ADMIN_FEE",
  "ARBITRATED",
  "MEDIATION",
  "AWAITING_SUBSTANTIATION",
  "AWAITING_EVIDENCE_REVIEW",
  "EVIDENCE_REVIEW",
] as const;
export type ClaimStatusInProgress = (typeof CLAIM_STATUSES_IN_PROGRESS)[number];

/** Claim statuses after which the tenancy counts as finished (part 1 §4.1). */
export const CLAIM_STATUSES_FINISHED = ["DEACTIVATED", "DECLINED", "RESOLVED"] as const;
export type ClaimStatusFinished = (typeof CLAIM_STATUSES_FINISHED)[number];

export const CLAIM_STATUSES = [...CLAIM_STATUSES_IN_PROGRESS, ...CLAIM_STATUSES_FINISHED] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const normaliseClaimStatus = createSpellingNormaliser(CLAIM_STATUSES);

export function isClaimInProgress(status: ClaimStatus): status is ClaimStatusInProgress {
  return (CLAIM_STATUSES_IN_PROGRESS as readonly string[]).includes(status);
}
export function isClaimFinished(status: ClaimStatus): status is ClaimStatusFinished {
  return (CLAIM_STATUSES_FINISHED as readonly string[]).includes(status);
}

/** Claim proposal statuses (part 1 §4.1). */
export const PROPOSAL_STATUSES = ["DRAFT", "AWAITING_RESPONSE", "AWAITING_PAYMENT", "DISPUTED", "SETTLED"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const normaliseProposalStatus = createSpellingNormaliser(PROPOSAL_STATUSES);

/** Who wrote a proposal or settled an item (part 1 §3). */
export const PROPOSAL_SOURCES = ["SUPPLIER", "TENANT"] as const;
export type ProposalSource = (typeof PROPOSAL_SOURCES)[number];
export const normaliseProposalSource = createSpellingNormaliser(PROPOSAL_SOURCES);

/** Proposal rounds 1..3 (part 1 §4.1, §9). */
export const PROPOSAL_ROUNDS = [1, 2, 3] as const;
export type ProposalRound = (typeof PROPOSAL_ROUNDS)[number];

// ── Orders and order customers (part 1 §3, part 2 §3) ───────────────────────

export const ORDER_STATUSES = ["PENDING", "COMPLETE"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const normaliseOrderStatus = createSpellingNormaliser(ORDER_STATUSES);

/** The onboarding checkout actions, in the order a tenant does them (see order-customers.ts). */
export const CHECKOUT_ACTION_TYPES = [
  `${PRODUCT_CODE}_ABOUT_YOU`,
  `${PRODUCT_CODE}_ADDRESS_HISTORY`,
  `${PRODUCT_CODE}_REFERENCING`,
  `${PRODUCT_CODE}_CONFIRM`,
  `${PRODUCT_CODE}_SIGN`,
  `${PRODUCT_CODE}_SIGN_ADDENDUM`,
  `${PRODUCT_CODE}_PAY`,
] as const;
export type CheckoutActionType = (typeof CHECKOUT_ACTION_TYPES)[number];

/** Payment actions that are not part of the checkout (part 1 §3, part 2 §3). */
export const PAYMENT_ACTION_TYPES = [
  "ARBITRATION_ADMIN_PAY",
  "CLAIM_PAY_REMAINING_BALANCE",
  "CLAIM_PAY",
  "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE",
  "ARBITRATION_PAY_REMAINING_BALANCE",
  "ARBITRATION_PAY",
  "TOP_UP_PAY",
] as const;
export type PaymentActionType = (typeof PAYMENT_ACTION_TYPES)[number];

export const ORDER_CUSTOMER_ACTION_TYPES = [...CHECKOUT_ACTION_TYPES, ...PAYMENT_ACTION_TYPES] as const;
export type OrderCustomerActionType = (typeof ORDER_CUSTOMER_ACTION_TYPES)[number];
export const normaliseOrderCustomerActionType = createSpellingNormaliser(ORDER_CUSTOMER_ACTION_TYPES);

// ── Payment plans (part 1 §3, part 2 §3) ────────────────────────────────────

export const PAYMENT_PLAN_STATUSES = ["PENDING", "ACTIVE", "CANCELLED", "DEFAULT"] as const;
export type PaymentPlanStatus = (typeof PAYMENT_PLAN_STATUSES)[number];
export const normalisePaymentPlanStatus = createSpellingNormaliser(PAYMENT_PLAN_STATUSES);

/** Payment plan actions in the order the tenant must do them (part 2 §4); the spec also writes CARDDETAILS. */
export const PAYMENT_PLAN_ACTION_TYPES = ["CONFIRM", "ADDRESS", "CARD_DETAILS"] as const;
export type PaymentPlanActionType = (typeof PAYMENT_PLAN_ACTION_TYPES)[number];
export const normalisePaymentPlanActionType = createSpellingNormaliser(PAYMENT_PLAN_ACTION_TYPES);

// ── Referencing (part 1 §3, §4.2) ───────────────────────────────────────────

export const REFERENCE_STATUSES = ["PEND", "PASS", "FAIL", "INFO_REQUIRED", "IN_REVIEW", "GUARANTOR_REQUIRED"] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];
export const normaliseReferenceStatus = createSpellingNormaliser(REFERENCE_STATUSES);

export const REFERENCE_DOCUMENT_TYPES = ["PROOF_OF_IDENTITY", "PROOF_OF_ADDRESS"] as const;
export type ReferenceDocumentType = (typeof REFERENCE_DOCUMENT_TYPES)[number];
export const normaliseReferenceDocumentType = createSpellingNormaliser(REFERENCE_DOCUMENT_TYPES);

// ── People and documents (part 1 §3, part 2 §3) ─────────────────────────────

// The list lives with the About You rules in common/about-you.ts, which the web's form reads too.
export const normaliseGender = createSpellingNormaliser(GENDERS);

/**
 * Claim documents in their display order (part 1 §3), followed by the other
 * document types the spec names: upload types, signed tenancy documents and
 * referencing documents.
 */
export const CLAIM_DOCUMENT_DISPLAY_ORDER = [
  "INVENTORY_CHECK_OUT",
  "MID_TERM_INSPECTION",
  "INVENTORY_CHECK_IN",
  "SIGNED_TENANCY_AGREEMENT",
  "SUPPORTING_EVIDENCE",
] as const;
export const DOCUMENT_TYPES = [
  ...CLAIM_DOCUMENT_DISPLAY_ORDER,
  "CLAIM_ITEM",
  "CLAIM_RESPONSE",
  "SIGNED_ADDENDUM",
  "SIGNED_TENANT_TERMS_AND_CONDITIONS",
  ...REFERENCE_DOCUMENT_TYPES,
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const normaliseDocumentType = createSpellingNormaliser(DOCUMENT_TYPES);

// ── Offers (part 2 §3, §5) ──────────────────────────────────────────────────

/** Offer rejection reasons; the spec writes them without underscores (TOOEXPENSIVE, ...). */
export const REJECTION_REASONS = ["TOO_EXPENSIVE", "DONT_UNDERSTAND", "NON_REFUNDABLE_FEE", "OTHER"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const normaliseRejectionReason = createSpellingNormaliser(REJECTION_REASONS);

/** An offer recipient's choice; the spec writes CASHDEPOSIT. */
export const OFFER_CHOICES = [PRODUCT_CODE, "CASH_DEPOSIT"] as const;
export type OfferChoice = (typeof OFFER_CHOICES)[number];
export const normaliseOfferChoice = createSpellingNormaliser(OFFER_CHOICES);

// ── Dashboard (part 2 §3) ───────────────────────────────────────────────────

export const ACCOUNT_STATUSES = ["ACTIVE", "EXPIRED"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const normaliseAccountStatus = createSpellingNormaliser(ACCOUNT_STATUSES);
