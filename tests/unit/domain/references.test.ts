import { describe, expect, it } from "vitest";
import {
  REFERENCE_MESSAGES,
  canTransition,
  isReferencePending,
  missingReferenceDocuments,
  readyForReview,
} from "../../../server/domain/references.js";
import { REFERENCE_STATUSES, type ReferenceDocumentType, type ReferenceStatus } from "../../../server/domain/statuses.js";

const ALLOWED = new Set([
  "PEND>PASS",
  "PEND>FAIL",
  "PEND>INFO_REQUIRED",
  "PEND>IN_REVIEW",
  "PEND>GUARANTOR_REQUIRED",
  "INFO_REQUIRED>IN_REVIEW",
  "IN_REVIEW>PASS",
  "IN_REVIEW>FAIL",
  "IN_REVIEW>GUARANTOR_REQUIRED",
  // Issue 38: the guarantor's checks end the reference.
  "GUARANTOR_REQUIRED>PASS",
  "GUARANTOR_REQUIRED>FAIL",
]);

describe("referencing (part 1 §4.2)", () => {
  const pairs = REFERENCE_STATUSES.flatMap((from) => REFERENCE_STATUSES.map((to) => ({ from, to, allowed: ALLOWED.has(`${from}>${to}`) })));
  it.each(pairs)(
    "part 1 §4.2 transitions PEND → outcome; INFO_REQUIRED → IN_REVIEW ('Send for Review'); IN_REVIEW → PASS/FAIL/GUARANTOR_REQUIRED; GUARANTOR_REQUIRED → PASS/FAIL — $from → $to allowed=$allowed",
    ({ from, to, allowed }) => {
      expect(canTransition(from, to)).toBe(allowed);
    },
  );

  it.each(REFERENCE_STATUSES.map((status) => ({ status, pending: status === "PEND" })))(
    "part 1 §4.2 polled while pending — $status pending=$pending",
    ({ status, pending }) => {
      expect(isReferencePending(status)).toBe(pending);
    },
  );

  it.each([
    { documents: [], missing: ["PROOF_OF_IDENTITY", "PROOF_OF_ADDRESS"] },
    { documents: ["PROOF_OF_ADDRESS"], missing: ["PROOF_OF_IDENTITY"] },
    { documents: ["PROOF_OF_IDENTITY", "PROOF_OF_IDENTITY"], missing: ["PROOF_OF_ADDRESS"] },
    { documents: ["PROOF_OF_ADDRESS", "PROOF_OF_IDENTITY"], missing: [] },
  ] as { documents: ReferenceDocumentType[]; missing: ReferenceDocumentType[] }[])(
    "part 1 §5 Send for Review needs both proof types — documents $documents → missing $missing",
    ({ documents, missing }) => {
      expect(missingReferenceDocuments({ documents: documents.map((type) => ({ type })) })).toEqual(missing);
    },
  );

  it.each([
    { status: "INFO_REQUIRED", documents: ["PROOF_OF_IDENTITY", "PROOF_OF_ADDRESS"], result: { ok: true } },
    { status: "INFO_REQUIRED", documents: [], result: { ok: false, message: REFERENCE_MESSAGES.missingBoth } },
    { status: "INFO_REQUIRED", documents: ["PROOF_OF_ADDRESS"], result: { ok: false, message: REFERENCE_MESSAGES.missingIdentity } },
    { status: "INFO_REQUIRED", documents: ["PROOF_OF_IDENTITY"], result: { ok: false, message: REFERENCE_MESSAGES.missingAddress } },
    { status: "PEND", documents: ["PROOF_OF_IDENTITY", "PROOF_OF_ADDRESS"], result: { ok: false, message: REFERENCE_MESSAGES.notWaitingForDocuments } },
    { status: "IN_REVIEW", documents: ["PROOF_OF_IDENTITY", "PROOF_OF_ADDRESS"], result: { ok: false, message: REFERENCE_MESSAGES.notWaitingForDocuments } },
  ] as { status: ReferenceStatus; documents: ReferenceDocumentType[]; result: unknown }[])(
    "part 1 §4.2 INFO_REQUIRED → IN_REVIEW only with PROOF_OF_IDENTITY and PROOF_OF_ADDRESS — $status with $documents",
    ({ status, documents, result }) => {
      expect(readyForReview({ status, documents: documents.map((type) => ({ type })) })).toEqual(result);
    },
  );
});
