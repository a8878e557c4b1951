/**
 * Referencing (eligibility, part 1 §4.2) as the page shows it: which state a reference is in
 * and the words the tenant reads. Pure, so it is tested without a server.
 */
export const REFERENCE_DOCUMENT_TYPES = ["PROOF_OF_IDENTITY", "PROOF_OF_ADDRESS"] as const;
export type ReferenceDocumentType = (typeof REFERENCE_DOCUMENT_TYPES)[number];

/** The proofs, in the order the page asks for them. */
export const PROOFS: ReadonlyArray<{ type: ReferenceDocumentType; id: string; label: string; hint: string }> = [
  {
    type: "PROOF_OF_IDENTITY",
    id: "proof-of-identity",
    label: "Proof of identity",
    hint: "For example your passport or driving licence.",
  },
  {
    type: "PROOF_OF_ADDRESS",
    id: "proof-of-address",
    label: "Proof of address",
    hint: "For example a utility bill or bank statement from the last 3 months.",
  },
];

export const REFERENCING_MESSAGES = {
  slow: "Sorry, this is taking longer than usual. Please check back later.",
  uploaded: "Success! Item successfully uploaded",
  removed: "Success! Item removed",
  inReview: "We'll get back to you",
} as const;

export type ReferencingState = "start" | "pending" | "slow" | "pass" | "fail" | "info" | "review" | "guarantor" | "progress";

/**
 * The page's state from the reference's status (part 1 §4.2): no reference yet, pending (PEND,
 * 'slow' once the 30-second wait is over), the outcomes, the documents asked for, in review,
 * or any other status still in progress.
 */
export function referencingState(status: string | null, timedOut: boolean): ReferencingState {
  switch (status) {
    case null:
      return "start";
    case "PEND":
      return timedOut ? "slow" : "pending";
    case "PASS":
      return "pass";
    case "FAIL":
      return "fail";
    case "INFO_REQUIRED":
      return "info";
    case "IN_REVIEW":
      return "review";
    case "GUARANTOR_REQUIRED":
      return "guarantor";
    default:
      return "progress";
  }
}

/** The guarantor's name as the page says it, or null when the tenancy has none named. */
export function guarantorName(guarantor: { firstName: string | null; lastName: string | null } | null | undefined): string | null {
  const name = [guarantor?.firstName, guarantor?.lastName].filter((part) => part && part.trim()).join(" ");
  return name === "" ? null : name;
}
