/**
 * Referencing (eligibility) states and transitions (part 1 §3, §4.2, §5).
 */
import {
  REFERENCE_DOCUMENT_TYPES,
  type ReferenceDocumentType,
  type ReferenceStatus,
} from "./statuses.js";

/**
 * Allowed moves: PEND → PASS | FAIL | INFO_REQUIRED | IN_REVIEW |
 * GUARANTOR_REQUIRED; INFO_REQUIRED → IN_REVIEW ('Send for Review');
 * IN_REVIEW → PASS | FAIL | GUARANTOR_REQUIRED; GUARANTOR_REQUIRED → PASS | FAIL
 * once the guarantor's checks end (issue 38: the page says "we'll let you know once they
 * have", and REFERENCE_OUTCOME tells them). PASS and FAIL are final.
 */
export const REFERENCE_TRANSITIONS: Readonly<Record<ReferenceStatus, readonly ReferenceStatus[]>> = {
  PEND: ["PASS", "FAIL", "INFO_REQUIRED", "IN_REVIEW", "GUARANTOR_REQUIRED"],
  INFO_REQUIRED: ["IN_REVIEW"],
  IN_REVIEW: ["PASS", "FAIL", "GUARANTOR_REQUIRED"],
  PASS: [],
  FAIL: [],
  GUARANTOR_REQUIRED: ["PASS", "FAIL"],
};

export function canTransition(from: ReferenceStatus, to: ReferenceStatus): boolean {
  return REFERENCE_TRANSITIONS[from].includes(to);
}

/** A reference is pending (and polled every 2 seconds) while its status is PEND (part 1 §4.2, part 2 §4). */
export function isReferencePending(status: ReferenceStatus): boolean {
  return status === "PEND";
}

export interface ReferenceForReview {
  status: ReferenceStatus;
  documents: readonly { type: ReferenceDocumentType }[];
}

/** Which of proof of identity and proof of address are still missing, in that order. */
export function missingReferenceDocuments(reference: Pick<ReferenceForReview, "documents">): ReferenceDocumentType[] {
  const present = new Set(reference.documents.map((d) => d.type));
  return REFERENCE_DOCUMENT_TYPES.filter((type) => !present.has(type));
}

export const REFERENCE_MESSAGES = {
  notWaitingForDocuments: "This reference is not waiting for documents.",
  missingBoth: "Upload your proof of identity and proof of address before sending for review.",
  missingIdentity: "Upload your proof of identity before sending for review.",
  missingAddress: "Upload your proof of address before sending for review.",
} as const;

/**
 * Whether 'Send for Review' may move the reference to IN_REVIEW: it must be
 * INFO_REQUIRED and have both a PROOF_OF_IDENTITY and a PROOF_OF_ADDRESS
 * document (part 1 §4.2, §5).
 */
export function readyForReview(reference: ReferenceForReview): { ok: true } | { ok: false; message: string } {
  if (reference.status !== "INFO_REQUIRED") return { ok: false, message: REFERENCE_MESSAGES.notWaitingForDocuments };
  const missing = missingReferenceDocuments(reference);
  if (missing.length === 2) return { ok: false, message: REFERENCE_MESSAGES.missingBoth };
  if (missing[0] === "PROOF_OF_IDENTITY") return { ok: false, message: REFERENCE_MESSAGES.missingIdentity };
  if (missing[0] === "PROOF_OF_ADDRESS") return { ok: false, message: REFERENCE_MESSAGES.missingAddress };
  return { ok: true };
}
