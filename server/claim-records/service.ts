/**
 * The claim record (issue 39, decision 0065): a claim's whole history for the tenant to keep or
 * take to an adviser — the charges as raised, each item's evidence from both sides (name, size,
 * upload date, SHA-256), every proposal and answer and who gave it, the final proposal, the
 * dispute and its fee, the adjudicator's decision with its reasons, the tenant's payments and
 * refunds with receipt numbers, their Breathing Space periods and the requests for more time.
 *
 * Read for any claim the tenant is or was a respondent of, settled ones included (the claim view
 * answers for them: only its page redirects). Built from the claim's one read (the claims door),
 * the adjudicator's reasons (the arbitrations door) and the tenant's payments (the orders door),
 * with four small reads of its own, all at once: no waterfall beyond the claim view itself.
 * Its `version` is a SHA-256 of the record, so a PDF made from it is made once per version.
 */
import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Deps } from "../context";
import {
  arbitrationDocuments,
  breathingSpaces,
  customers,
  documents,
  moreTimeRequests,
  orderCustomerActions,
  orderCustomers,
  users,
} from "../db/schema";
import { adjudicatorReasons } from "../arbitrations";
import { buildClaimView } from "../claims";
import { claimPaymentsOf } from "../orders";
import { sha256Of } from "../lib/uploads";
import { log } from "../lib/log";
import type { ClaimRecord, RecordParty } from "./schemas";

type ClaimView = Awaited<ReturnType<typeof buildClaimView>>;
type Activity = ClaimView["activities"][number];
type Answer = ClaimRecord["answers"][number];

/** The answers a record lists, by the activity the claim records (per item ones are gathered per proposal). */
const ANSWERS: Partial<Record<string, Answer["kind"]>> = {
  CHARGE_ACCEPTED: "CHARGES_ACCEPTED",
  CHARGES_DEEMED_ACCEPTED: "CHARGES_TREATED_AS_ACCEPTED",
  PROPOSAL_ACCEPTED: "PROPOSAL_ACCEPTED",
  PROPOSAL_REFUSED: "PROPOSAL_REFUSED",
  CHARGES_DISPUTED: "DISPUTED",
  DISPUTE_LAPSED: "DISPUTE_LAPSED",
  SENT_TO_ADJUDICATION: "SENT_TO_ADJUDICATION",
  ADJUDICATION_DECIDED: "DECIDED",
  CLAIM_RESOLVED: "RESOLVED",
};

/** Options: `shared` leaves out what a shared record never shows (document ids: no contents). */
export async function buildClaimRecord(
  deps: Pick<Deps, "db" | "clock" | "files">,
  claimId: string,
  userId: string,
  options: { shared?: boolean } = {},
): Promise<ClaimRecord> {
  const { db } = deps;
  // The claim's one read, and the reader's customer (whose payments the record lists) beside it.
  const [claim, [customer]] = await Promise.all([
    buildClaimView(deps, claimId, userId, null),
    db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId)).limit(1),
  ]);
  const me = claim.respondents.find((r) => r.isCurrentUser)!;
  const party = (id: string | null | undefined): RecordParty => {
    const tenant = id ? claim.respondents.find((r) => r.userId === id) : undefined;
    if (tenant) return { party: "TENANT", name: `${tenant.firstName} ${tenant.lastName}`.trim(), isYou: tenant.userId === userId };
    return { party: "LANDLORD", name: claim.organization.name, isYou: false };
  };
  const deadline: RecordParty = { party: "DEADLINE", name: null, isYou: false };
  const adjudicator: RecordParty = { party: "ADJUDICATOR", name: null, isYou: false };

  // The files: the evidence the claim view shows (a co-tenant's unsubmitted evidence is not), with their sizes and hashes.
  const itemFiles = claim.items.flatMap((item) => [...item.landlordEvidence, ...item.tenantEvidence]);
  const fileIds = [...itemFiles.map((d) => d.id), ...claim.responseDocuments.map((d) => d.id)];
  const claimStart = claim.proposals.find((p) => p.round === 1)?.publishedAt ?? null;
  const [fileRows, decisionFiles, reasons, payments, feePayments, spaces, requests] = await Promise.all([
    fileIds.length ? db.select().from(documents).where(inArray(documents.id, fileIds)) : Promise.resolve([]),
    claim.arbitration
      ? db
          .select({ document: documents })
          .from(arbitrationDocuments)
          .innerJoin(documents, eq(documents.id, arbitrationDocuments.documentId))
          .where(eq(arbitrationDocuments.arbitrationId, claim.arbitration.id))
      : Promise.resolve([]),
    claim.arbitration ? adjudicatorReasons(db, claim.arbitration.id, claimId) : Promise.resolve([]),
    customer ? claimPaymentsOf(db, claimId, customer.id) : Promise.resolve([]),
    claim.adjudicationFeeOrder
      ? db
          .select({ completedAt: orderCustomerActions.completedAt, details: orderCustomerActions.details, userId: users.id })
          .from(orderCustomerActions)
          .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
          .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
          .innerJoin(users, eq(users.id, customers.userId))
          .where(and(eq(orderCustomers.orderId, claim.adjudicationFeeOrder.id), isNotNull(orderCustomerActions.completedAt)))
      : Promise.resolve([]),
    db
      .select()
      .from(breathingSpaces)
      .where(
        and(
          eq(breathingSpaces.userId, userId),
          claimStart ? or(isNull(breathingSpaces.endedAt), gte(breathingSpaces.endedAt, new Date(claimStart))) : sql`true`,
          lte(breathingSpaces.startDate, sql`${deps.clock.now().toISOString().slice(0, 10)}`),
        ),
      ),
    db.select().from(moreTimeRequests).where(eq(moreTimeRequests.claimId, claimId)),
  ]);
  const hashes = await withHashes(deps, [...fileRows, ...decisionFiles.map((r) => r.document)]);

  const file = (id: string) => fileRows.find((r) => r.id === id);
  const recordFile = (
    id: string,
    claimItemId: string | null,
    side: "LANDLORD" | "TENANT",
    givenBy: RecordParty,
  ): ClaimRecord["evidence"][number] | [] => {
    const row = file(id);
    if (!row) return [];
    return { claimItemId, side, givenBy, name: row.name, size: row.size, uploadedAt: row.createdAt.toISOString(), sha256: hashes.get(row.id)!, documentId: options.shared ? null : row.id };
  };
  const evidence = [
    ...claim.items.flatMap((item) => [
      ...item.landlordEvidence.flatMap((d) => recordFile(d.id, item.id, "LANDLORD", party(null))),
      ...item.tenantEvidence.flatMap((d) => recordFile(d.id, item.id, "TENANT", uploaderOf(fileRows, d.id, party))),
    ]),
    ...claim.responseDocuments.flatMap((d) => recordFile(d.id, null, "TENANT", uploaderOf(fileRows, d.id, party))),
  ];

  const proposals = claim.proposals
    .filter((p) => p.publishedAt !== null)
    .sort((a, b) => a.publishedAt!.localeCompare(b.publishedAt!) || a.round - b.round)
    .map((p) => ({
      id: p.id,
      kind: p.round === 1 ? ("CHARGES" as const) : p.round === 3 || p.type === "FINAL" ? ("FINAL_PROPOSAL" as const) : p.source === "TENANT" ? ("TENANT_PROPOSAL" as const) : ("PROPOSAL" as const),
      by: p.source === "TENANT" ? party(p.createdByUserId) : party(null),
      publishedAt: p.publishedAt!,
      total: p.totalAmount,
      items: p.itemProposals.map((ip) => ({ claimItemId: ip.claimItemId, amount: ip.amount, explanation: ip.explanation?.trim() || null })),
    }));

  const answers = answersOf(claim.activities, party, deadline, adjudicator);
  const disputedAt = answers.find((a) => a.kind === "DISPUTED");
  const feePaid = feePayments
    .filter((r) => Number(r.details.amountPaid ?? 0) > 0)
    .sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime())[0];
  const decided = claim.arbitration?.decidedAt && claim.arbitration.arbitratedAmount !== null ? claim.arbitration : null;

  const record: Omit<ClaimRecord, "version"> = {
    claimId: claim.id,
    asAt: "",
    status: claim.status,
    settled: !claim.inProgress,
    organisationName: claim.organization.name,
    address: claim.tenancy.property.address,
    tenancy: { startDate: claim.tenancy.startDate, endDate: claim.tenancy.endDate },
    tenants: claim.respondents.map((r) => ({ name: `${r.firstName} ${r.lastName}`.trim(), isYou: r.userId === me.userId })),
    limit: claim.limit,
    items: claim.items.map((i) => ({ id: i.id, description: i.description, type: i.type, chargedAmount: i.chargedAmount })),
    raisedAt: claimStart,
    evidence,
    proposals,
    answers,
    dispute: disputedAt
      ? {
          disputedAt: disputedAt.at,
          by: disputedAt.by,
          fee: feePaid ? Number(feePaid.details.amountPaid) : null,
          feePaidAt: feePaid?.completedAt?.toISOString() ?? null,
          feePaidBy: feePaid ? party(feePaid.userId) : null,
        }
      : null,
    decision: decided
      ? {
          decidedAt: decided.decidedAt!,
          awarded: decided.arbitratedAmount!,
          reasons,
          documents: decisionFiles.map(({ document: d }) => ({
            name: d.name,
            size: d.size,
            uploadedAt: d.createdAt.toISOString(),
            sha256: hashes.get(d.id)!,
            documentId: options.shared ? null : d.id,
          })),
        }
      : null,
    payments: payments
      .map((p) => ({
        receiptNumber: p.id,
        kind: p.kind,
        instalmentNumber: p.instalmentNumber,
        amount: p.amount,
        paidAt: p.paidAt.toISOString(),
        refundedAmount: p.refundedAmount,
        refundPending: p.refundPending,
      }))
      .reverse(),
    breathingSpaces: spaces
      .sort((a, b) => a.startDate.localeCompare(b.startDate))
      .map((s) => ({ startDate: s.startDate, endsOn: s.endsOn, endedAt: s.endedAt?.toISOString() ?? null })),
    moreTime: requests
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((r) => ({
        askedAt: r.createdAt.toISOString(),
        by: party(r.userId),
        daysRequested: r.daysRequested,
        status: (["PENDING", "GRANTED", "REFUSED", "LAPSED"] as const).find((s) => s === r.status) ?? "PENDING",
        daysGranted: r.daysGranted,
        deadlineBefore: r.deadlineBefore?.toISOString() ?? null,
        deadlineAfter: r.deadlineAfter?.toISOString() ?? null,
        answeredAt: r.answeredAt?.toISOString() ?? null,
      })),
  };
  record.asAt = latestOf(record);
  return { ...record, version: createHash("sha256").update(JSON.stringify(record)).digest("hex") };
}

/** A tenant's evidence: given by the tenant who uploaded it (by name), else "a tenant". */
function uploaderOf(rows: (typeof documents.$inferSelect)[], id: string, party: (id: string | null) => RecordParty): RecordParty {
  const by = rows.find((r) => r.id === id)?.uploadedByUserId ?? null;
  const who = party(by);
  return who.party === "TENANT" ? who : { party: "TENANT", name: null, isYou: false };
}

/** The answers, oldest first: per-item activities (an acceptance of each charge) gathered into one per proposal. */
function answersOf(activities: readonly Activity[], party: (id: string | null) => RecordParty, deadline: RecordParty, adjudicator: RecordParty): Answer[] {
  const gathered = new Map<string, Answer>();
  for (const a of [...activities].sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id))) {
    const kind = ANSWERS[a.activityType];
    if (!kind) continue;
    const proposalId = typeof a.details.claimProposalId === "string" ? a.details.claimProposalId : a.id;
    const key = `${kind}:${proposalId}`;
    const amount = typeof a.details.amount === "number" ? a.details.amount : null;
    const by =
      kind === "CHARGES_TREATED_AS_ACCEPTED" || kind === "DISPUTE_LAPSED" || kind === "RESOLVED" || kind === "SENT_TO_ADJUDICATION"
        ? deadline
        : kind === "DECIDED"
          ? adjudicator
          : party(a.userId);
    const seen = gathered.get(key);
    if (seen && typeof a.details.claimItemId === "string") seen.amount = (seen.amount ?? 0) + (amount ?? 0);
    else if (!seen) gathered.set(key, { at: a.createdAt, kind, by, amount });
  }
  return [...gathered.values()];
}

/** When the last thing in the record happened (the record's "as at"). */
function latestOf(record: Omit<ClaimRecord, "version">): string {
  const stamps = [
    record.raisedAt,
    ...record.evidence.map((e) => e.uploadedAt),
    ...record.proposals.map((p) => p.publishedAt),
    ...record.answers.map((a) => a.at),
    record.dispute?.feePaidAt,
    record.decision?.decidedAt,
    ...(record.decision?.documents.map((d) => d.uploadedAt) ?? []),
    ...record.payments.map((p) => p.paidAt),
    ...record.moreTime.flatMap((m) => [m.askedAt, m.answeredAt]),
    ...record.breathingSpaces.map((b) => b.endedAt),
  ].filter((s): s is string => typeof s === "string" && s.length > 0);
  return stamps.sort().at(-1) ?? new Date(0).toISOString();
}

/**
 * Each file's SHA-256: taken as it was stored (server/lib/uploads.ts); for a file stored before
 * issue 39, read once from the file store in chunks and kept, so the next record reads it.
 */
async function withHashes(deps: Pick<Deps, "db" | "files">, rows: (typeof documents.$inferSelect)[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const row of rows) {
    if (row.sha256) {
      hashes.set(row.id, row.sha256);
      continue;
    }
    const stored = await deps.files.get(row.storageKey);
    if (!stored) {
      log.warn("claim record: a document's file is missing", { documentId: row.id });
      hashes.set(row.id, "");
      continue;
    }
    const sha256 = await sha256Of(stored.body);
    await deps.db.update(documents).set({ sha256 }).where(and(eq(documents.id, row.id), isNull(documents.sha256)));
    hashes.set(row.id, sha256);
  }
  return hashes;
}
