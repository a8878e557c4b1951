/** The claim record's API shapes (issue 39, decision 0065): facts only; the web words them. */
import { z } from "@hono/zod-openapi";
import { PropertyAddressSchema } from "../lib/schemas";
import { CLAIM_STATUSES } from "../domain/statuses";
import { AdjudicatorReasonSchema } from "../arbitrations";

const IsoDateTime = z.string().openapi({ description: "ISO 8601 date-time" });
const Pence = z.number().int().openapi({ description: "Pence" });

/** Who did something on a claim: a tenant (by name), the landlord or agent (its name), or nobody (a deadline passed). */
const partyFields = {
  party: z.enum(["TENANT", "LANDLORD", "ADJUDICATOR", "DEADLINE"]),
  name: z.string().nullable().openapi({ description: "The tenant's or the organisation's name; null for the adjudicator and a deadline" }),
  isYou: z.boolean(),
};
export const RecordPartySchema = z.object(partyFields).openapi("RecordParty");

export const RecordFileSchema = z
  .object({
    claimItemId: z.string().nullable().openapi({ description: "The charge it is evidence for; null for the tenants' supporting information" }),
    side: z.enum(["LANDLORD", "TENANT"]),
    givenBy: RecordPartySchema,
    name: z.string(),
    size: z.number().int().openapi({ description: "Bytes" }),
    uploadedAt: IsoDateTime,
    sha256: z.string().openapi({ description: "The file's SHA-256, in hex" }),
    documentId: z.string().nullable().openapi({ description: "The document's id, for the tenant's own view; null on a shared record (no contents)" }),
  })
  .openapi("RecordFile");

export const RecordProposalSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["CHARGES", "TENANT_PROPOSAL", "FINAL_PROPOSAL", "PROPOSAL"]),
    by: RecordPartySchema,
    publishedAt: IsoDateTime,
    total: Pence,
    items: z.array(z.object({ claimItemId: z.string(), amount: Pence, explanation: z.string().nullable() })),
  })
  .openapi("RecordProposal");

export const RecordAnswerSchema = z
  .object({
    at: IsoDateTime,
    kind: z.enum([
      "CHARGES_ACCEPTED",
      "CHARGES_TREATED_AS_ACCEPTED",
      "PROPOSAL_ACCEPTED",
      "PROPOSAL_REFUSED",
      "DISPUTED",
      "DISPUTE_LAPSED",
      "SENT_TO_ADJUDICATION",
      "DECIDED",
      "RESOLVED",
    ]),
    by: RecordPartySchema,
    amount: Pence.nullable(),
  })
  .openapi("RecordAnswer");

export const ClaimRecordSchema = z
  .object({
    claimId: z.string(),
    version: z.string().openapi({ description: "A SHA-256 of the record: it changes when anything in it does (the PDF is cached by it)" }),
    asAt: IsoDateTime.openapi({ description: "When the last thing in the record happened" }),
    status: z.enum(CLAIM_STATUSES),
    settled: z.boolean().openapi({ description: "Nothing is left to answer or pay on the claim" }),
    organisationName: z.string(),
    address: PropertyAddressSchema,
    tenancy: z.object({ startDate: z.string(), endDate: z.string().nullable() }),
    tenants: z.array(z.object({ name: z.string(), isYou: z.boolean() })),
    limit: Pence.openapi({ description: "The tenants' maximum liability" }),
    items: z.array(z.object({ id: z.string(), description: z.string(), type: z.string(), chargedAmount: Pence.nullable() })),
    raisedAt: IsoDateTime.nullable(),
    evidence: z.array(RecordFileSchema),
    proposals: z.array(RecordProposalSchema).openapi({ description: "Every proposal published, oldest first" }),
    answers: z.array(RecordAnswerSchema).openapi({ description: "Every answer, oldest first" }),
    dispute: z
      .object({
        disputedAt: IsoDateTime,
        by: RecordPartySchema,
        fee: Pence.nullable(),
        feePaidAt: IsoDateTime.nullable(),
        feePaidBy: z.object(partyFields).nullable().openapi({ description: "Who paid the fee (a RecordParty), once paid" }),
      })
      .nullable(),
    decision: z
      .object({
        decidedAt: IsoDateTime,
        awarded: Pence,
        reasons: z.array(AdjudicatorReasonSchema),
        documents: z.array(RecordFileSchema.omit({ claimItemId: true, side: true, givenBy: true })),
      })
      .nullable(),
    payments: z.array(
      z.object({
        receiptNumber: z.string(),
        kind: z.string().openapi({ description: "What it paid (KeyfreePayment.kind)" }),
        instalmentNumber: z.number().int().nullable(),
        amount: Pence,
        paidAt: IsoDateTime,
        refundedAmount: Pence,
        refundPending: z.boolean(),
      }),
    ).openapi({ description: "The tenant's own payments towards the claim, oldest first" }),
    breathingSpaces: z
      .array(z.object({ startDate: z.string(), endsOn: z.string().nullable(), endedAt: IsoDateTime.nullable() }))
      .openapi({ description: "The tenant's own Breathing Space periods during the claim" }),
    moreTime: z.array(
      z.object({
        askedAt: IsoDateTime,
        by: RecordPartySchema,
        daysRequested: z.number().int(),
        status: z.enum(["PENDING", "GRANTED", "REFUSED", "LAPSED"]),
        daysGranted: z.number().int().nullable(),
        deadlineBefore: IsoDateTime.nullable(),
        deadlineAfter: IsoDateTime.nullable(),
        answeredAt: IsoDateTime.nullable(),
      }),
    ),
  })
  .openapi("ClaimRecord");

export type ClaimRecord = z.infer<typeof ClaimRecordSchema>;
export type RecordParty = z.infer<typeof RecordPartySchema>;
