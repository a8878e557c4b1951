import { describe, expect, it } from "vitest";
import { GENDERS } from "#common/about-you";
import {
  ACCOUNT_STATUSES,
  CHECKOUT_ACTION_TYPES,
  CLAIM_STATUSES,
  CLAIM_STATUSES_FINISHED,
  CLAIM_STATUSES_IN_PROGRESS,
  DOCUMENT_TYPES,
  OFFER_CHOICES,
  ORDER_CUSTOMER_ACTION_TYPES,
  ORDER_STATUSES,
  PAYMENT_PLAN_ACTION_TYPES,
  PAYMENT_PLAN_STATUSES,
  PROPOSAL_SOURCES,
  PROPOSAL_STATUSES,
  REFERENCE_DOCUMENT_TYPES,
  REFERENCE_STATUSES,
  REJECTION_REASONS,
  isClaimFinished,
  isClaimInProgress,
  normaliseAccountStatus,
  normaliseClaimStatus,
  normaliseDocumentType,
  normaliseGender,
  normaliseOfferChoice,
  normaliseOrderCustomerActionType,
  normaliseOrderStatus,
  normalisePaymentPlanActionType,
  normalisePaymentPlanStatus,
  normaliseProposalSource,
  normaliseProposalStatus,
  normaliseReferenceDocumentType,
  normaliseReferenceStatus,
  normaliseRejectionReason,
  type ClaimStatus,
} from "../../../server/domain/statuses.js";

const ENUMS = [
  { name: "part 1 §4.1 claim statuses", values: CLAIM_STATUSES, normalise: normaliseClaimStatus },
  { name: "part 1 §4.1 proposal statuses", values: PROPOSAL_STATUSES, normalise: normaliseProposalStatus },
  { name: "part 1 §3 proposal sources", values: PROPOSAL_SOURCES, normalise: normaliseProposalSource },
  { name: "part 1 §3 order statuses", values: ORDER_STATUSES, normalise: normaliseOrderStatus },
  { name: "part 1 §3 order-customer action types", values: ORDER_CUSTOMER_ACTION_TYPES, normalise: normaliseOrderCustomerActionType },
  { name: "part 2 §3 payment plan statuses", values: PAYMENT_PLAN_STATUSES, normalise: normalisePaymentPlanStatus },
  { name: "part 2 §3 payment plan action types", values: PAYMENT_PLAN_ACTION_TYPES, normalise: normalisePaymentPlanActionType },
  { name: "part 1 §3 reference statuses", values: REFERENCE_STATUSES, normalise: normaliseReferenceStatus },
  { name: "part 1 §3 reference document types", values: REFERENCE_DOCUMENT_TYPES, normalise: normaliseReferenceDocumentType },
  { name: "part 1 §3 genders", values: GENDERS, normalise: normaliseGender },
  { name: "part 1 §3 document types", values: DOCUMENT_TYPES, normalise: normaliseDocumentType },
  { name: "part 2 §3 rejection reasons", values: REJECTION_REASONS, normalise: normaliseRejectionReason },
  { name: "part 2 §3 offer choices", values: OFFER_CHOICES, normalise: normaliseOfferChoice },
  { name: "part 2 §3 account statuses", values: ACCOUNT_STATUSES, normalise: normaliseAccountStatus },
] as const;

const ROWS = ENUMS.flatMap(({ name, values, normalise }) =>
  (values as readonly string[]).map((value) => ({
    name,
    value,
    compact: value.replaceAll("_", ""),
    normalise: normalise as (input: string) => string | null,
  })),
);

describe("statuses: one canonical spelling, both spellings accepted", () => {
  it.each(ROWS)("$name: canonical $value and spec spelling $compact both normalise to $value", ({ value, compact, normalise }) => {
    expect(normalise(value)).toBe(value);
    expect(normalise(compact)).toBe(value);
  });

  it.each([
    { input: "AWAITINGRESPONDENTS", expected: "AWAITING_RESPONDENTS", normalise: normaliseClaimStatus, rule: "part 2 §4 claim status" },
    { input: "AWAITINGARBITRATIONADMINFEE", expected: "AWAITING_ARBITRATION_ADMIN_FEE", normalise: normaliseClaimStatus, rule: "part 2 §4 claim status" },
    { input: "EVIDENCEREVIEW", expected: "EVIDENCE_REVIEW", normalise: normaliseClaimStatus, rule: "part 2 §4 claim status" },
    { input: "AWAITINGRESPONSE", expected: "AWAITING_RESPONSE", normalise: normaliseProposalStatus, rule: "part 1 §4.1 proposal status" },
    { input: "AWAITINGPAYMENT", expected: "AWAITING_PAYMENT", normalise: normaliseProposalStatus, rule: "part 1 §4.1 proposal status" },
    { input: "CLAIMPAYREMAININGBALANCE", expected: "CLAIM_PAY_REMAINING_BALANCE", normalise: normaliseOrderCustomerActionType, rule: "part 2 §3 action type" },
    { input: "CLAIMPROPOSALPAYREMAININGBALANCE", expected: "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE", normalise: normaliseOrderCustomerActionType, rule: "part 2 §3 action type" },
    { input: "ARBITRATIONPAY", expected: "ARBITRATION_PAY", normalise: normaliseOrderCustomerActionType, rule: "part 1 §3 action type" },
    { input: "ARBITRATIONPAYREMAININGBALANCE", expected: "ARBITRATION_PAY_REMAINING_BALANCE", normalise: normaliseOrderCustomerActionType, rule: "part 1 §3 action type" },
    { input: "ARBITRATIONADMINPAY", expected: "ARBITRATION_ADMIN_PAY", normalise: normaliseOrderCustomerActionType, rule: "part 2 §3 action type" },
    { input: "KEYFREEPAY", expected: "KEYFREE_PAY", normalise: normaliseOrderCustomerActionType, rule: "part 2 §3 action type {product}PAY" },
    { input: "TOPUPPAY", expected: "TOP_UP_PAY", normalise: normaliseOrderCustomerActionType, rule: "part 2 §3 action type" },
    { input: "CARDDETAILS", expected: "CARD_DETAILS", normalise: normalisePaymentPlanActionType, rule: "part 2 §3 payment plan action" },
    { input: "INFOREQUIRED", expected: "INFO_REQUIRED", normalise: normaliseReferenceStatus, rule: "part 1 §3 reference status" },
    { input: "TOOEXPENSIVE", expected: "TOO_EXPENSIVE", normalise: normaliseRejectionReason, rule: "part 2 §3 rejection reason" },
    { input: "NONREFUNDABLEFEE", expected: "NON_REFUNDABLE_FEE", normalise: normaliseRejectionReason, rule: "part 2 §3 rejection reason" },
    { input: "CASHDEPOSIT", expected: "CASH_DEPOSIT", normalise: normaliseOfferChoice, rule: "part 2 §3 offer choice" },
    { input: "KEYFREE", expected: "KEYFREE", normalise: normaliseOfferChoice, rule: "part 2 §3 offer choice {product}" },
  ])("$rule: the spec's spelling $input normalises to $expected", ({ input, expected, normalise }) => {
    expect((normalise as (i: string) => string | null)(input)).toBe(expected);
  });

  it.each([
    { input: "awaiting_respondents", normalise: normaliseClaimStatus },
    { input: "PASS", normalise: normaliseClaimStatus },
    { input: "PENDING", normalise: normaliseProposalStatus },
    { input: "CLAIM_PAYREMAINING_BALANCE", normalise: normaliseOrderCustomerActionType },
    { input: "ABOUT_YOU", normalise: normaliseOrderCustomerActionType },
    { input: "PENDINGX", normalise: normaliseReferenceStatus },
    { input: "", normalise: normaliseGender },
  ])("part 1 §4.1 both spellings exist, nothing else: unknown input $input answers null (documented choice: null, not throw)", ({ input, normalise }) => {
    expect((normalise as (i: string) => string | null)(input)).toBeNull();
  });

  it("part 1 §4.1 finished claim statuses are DEACTIVATED, DECLINED, RESOLVED", () => {
    expect([...CLAIM_STATUSES_FINISHED]).toEqual(["DEACTIVATED", "DECLINED", "RESOLVED"]);
  });

  it("part 2 §4 in-progress claim statuses, written without underscores, are exactly the canonical in-progress list", () => {
    const spec = "AWAITINGRESPONDENTS, AWAITINGARBITRATION, AWAITINGARBITRATIONADMINFEE, ARBITRATED, MEDIATION, AWAITINGSUBSTANTIATION, AWAITINGEVIDENCEREVIEW, EVIDENCEREVIEW"
      .split(", ")
      .map((s) => normaliseClaimStatus(s));
    expect(spec).toEqual([...CLAIM_STATUSES_IN_PROGRESS]);
  });

  it.each(CLAIM_STATUSES.map((status) => ({ status, finished: (CLAIM_STATUSES_FINISHED as readonly string[]).includes(status) })))(
    "part 1 §4.1 a claim is either in progress or finished — $status finished=$finished",
    ({ status, finished }) => {
      expect(isClaimFinished(status as ClaimStatus)).toBe(finished);
      expect(isClaimInProgress(status as ClaimStatus)).toBe(!finished);
    },
  );

  it("part 1 §3 reference statuses: PEND while pending, then PASS, FAIL, INFO_REQUIRED, IN_REVIEW, GUARANTOR_REQUIRED", () => {
    expect([...REFERENCE_STATUSES]).toEqual(["PEND", "PASS", "FAIL", "INFO_REQUIRED", "IN_REVIEW", "GUARANTOR_REQUIRED"]);
  });

  it("part 1 §3 action types: the checkout actions carry the KEYFREE_ prefix", () => {
    expect([...CHECKOUT_ACTION_TYPES]).toEqual([
      "KEYFREE_ABOUT_YOU",
      "KEYFREE_ADDRESS_HISTORY",
      "KEYFREE_REFERENCING",
      "KEYFREE_CONFIRM",
      "KEYFREE_SIGN",
      "KEYFREE_SIGN_ADDENDUM",
      "KEYFREE_PAY",
    ]);
  });

  it("part 2 §3 payment plan statuses PENDING, ACTIVE, CANCELLED, DEFAULT; genders MALE, FEMALE, UNKNOWN", () => {
    expect([...PAYMENT_PLAN_STATUSES]).toEqual(["PENDING", "ACTIVE", "CANCELLED", "DEFAULT"]);
    expect([...GENDERS]).toEqual(["MALE", "FEMALE", "UNKNOWN"]);
    expect([...ORDER_STATUSES]).toEqual(["PENDING", "COMPLETE"]);
  });
});
