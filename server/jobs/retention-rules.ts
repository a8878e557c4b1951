/**
 * What each retention rule of common/retention.ts does to the database (issue 40, decision 0068).
 * Two shapes:
 * - a record rule finds the records whose period has ended and that the rule has not been applied
 *   to (retention_applied), and applies it to one record at a time, under that record's lock;
 * - a bulk rule changes rows that carry their own "not done yet" condition (a text not yet
 *   replaced, a row not yet deleted) in one statement, so running it twice changes nothing.
 * Money records (money-records, KEEP) have no rule here: nothing in this job touches them.
 * Documents are only marked here (removedAt, their name replaced); ./retention.ts deletes their
 * bytes from the file store after the transaction commits.
 */
import { and, count, eq, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db";
import {
  accessTokens,
  addresses,
  documents,
  outboxEmails,
  outboxSms,
  paymentPlanRequests,
  supportHelpers,
  supportMessages,
  supportNeeds,
  tenancyTenants,
  userEvents,
  users,
} from "../db/schema";
import { TOMBSTONE, type RetentionRuleId } from "#common/retention";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select" | "execute">;

export type RecordRule = {
  id: RetentionRuleId;
  /** The table whose row is the record (locked FOR UPDATE SKIP LOCKED while the rule is applied). */
  table: "claims" | "references" | "users";
  /** SQL: the record (alias `r`) whose period ended at or before the cutoff. */
  due: (cutoff: Date) => SQL;
  /** Applies the rule to one record, in the caller's transaction; answers the documents it marked. */
  apply: (tx: Tx, recordId: string, now: Date) => Promise<{ documentIds: string[] }>;
};

export type BulkRule = {
  id: RetentionRuleId;
  /** How many rows the rule would change now. */
  pending: (db: Reader, cutoff: Date) => Promise<number>;
  /** Changes them; answers how many. */
  apply: (db: Database, cutoff: Date) => Promise<number>;
};

const FINISHED = sql.raw(`('DEACTIVATED', 'DECLINED', 'RESOLVED')`);

/** When a finished claim closed: its last activity or decision (a claim has no closing stamp of its own). */
const CLAIM_CLOSED_AT = sql.raw(
  `greatest(r.created_at, (select max(a.created_at) from claim_activities a where a.claim_id = r.id), (select max(d.decided_at) from arbitrations d where d.claim_id = r.id))`,
);

/** Marks documents removed (name replaced) that are not marked yet; answers their ids. */
async function markDocuments(tx: Tx, documentIds: SQL, now: Date): Promise<string[]> {
  const rows = await tx
    .update(documents)
    .set({ removedAt: now, name: TOMBSTONE })
    .where(and(sql`${documents.id} in (${documentIds})`, isNull(documents.removedAt)))
    .returning({ id: documents.id });
  return rows.map((r) => r.id);
}

async function tombstoneClaim(tx: Tx, claimId: string, now: Date) {
  const documentIds = await markDocuments(
    tx,
    sql`select document_id from claim_documents where claim_id = ${claimId}
      union select l.document_id from claim_item_documents l join claim_items i on i.id = l.claim_item_id where i.claim_id = ${claimId}
      union select document_id from claim_response_documents where claim_id = ${claimId}
      union select l.document_id from arbitration_documents l join arbitrations a on a.id = l.arbitration_id where a.claim_id = ${claimId}`,
    now,
  );
  // What the tenants wrote: the dispute message, their answers, their reasons for an amount, their requests for more time.
  await tx.execute(sql`update claims set tenant_dispute_message = ${TOMBSTONE} where id = ${claimId} and tenant_dispute_message is not null`);
  await tx.execute(
    sql`update claim_responses set message = ${TOMBSTONE} where message is not null and claim_respondent_id in (select id from claim_respondents where claim_id = ${claimId})`,
  );
  await tx.execute(
    sql`update claim_item_proposals set explanation = ${TOMBSTONE} where explanation is not null and claim_proposal_id in (select id from claim_proposals where claim_id = ${claimId} and source = 'TENANT')`,
  );
  await tx.execute(sql`update more_time_requests set reason = ${TOMBSTONE} where claim_id = ${claimId}`);
  return { documentIds };
}

async function tombstoneAccount(tx: Tx, userId: string) {
  await tx
    .update(users)
    .set({ email: `removed-${userId}@removed.invalid`, firstName: TOMBSTONE, lastName: TOMBSTONE, dob: null, gender: null, mobileNumber: null })
    .where(eq(users.id, userId));
  await tx
    .update(addresses)
    .set({
      street: TOMBSTONE,
      postcode: TOMBSTONE,
      externalId: null,
      buildingName: null,
      roomNumber: null,
      flatNumber: null,
      buildingNumber: null,
      subStreet: null,
      town: null,
      county: null,
    })
    .where(eq(addresses.userId, userId));
  await tx
    .update(tenancyTenants)
    .set({ guarantorFirstName: sql`case when ${tenancyTenants.guarantorFirstName} is null then null else ${TOMBSTONE} end`, guarantorLastName: sql`case when ${tenancyTenants.guarantorLastName} is null then null else ${TOMBSTONE} end` })
    .where(eq(tenancyTenants.userId, userId));
  await tx.update(paymentPlanRequests).set({ budget: [] }).where(eq(paymentPlanRequests.userId, userId));
  return { documentIds: [] };
}

async function deleteSupportNeeds(tx: Tx, userId: string) {
  const helpers = await tx.select({ id: supportHelpers.id }).from(supportHelpers).where(eq(supportHelpers.userId, userId));
  if (helpers.length > 0) {
    await tx.delete(outboxEmails).where(and(inArray(outboxEmails.supportHelperId, helpers.map((h) => h.id)), isNull(outboxEmails.sentAt)));
    await tx.delete(supportHelpers).where(eq(supportHelpers.userId, userId));
  }
  await tx.delete(supportNeeds).where(eq(supportNeeds.userId, userId));
  return { documentIds: [] };
}

export const RECORD_RULES: RecordRule[] = [
  {
    id: "claim-records",
    table: "claims",
    due: (cutoff) => sql`r.status in ${FINISHED} and ${CLAIM_CLOSED_AT} <= ${cutoff}`,
    apply: (tx, id, now) => tombstoneClaim(tx, id, now),
  },
  {
    id: "reference-documents",
    table: "references",
    due: (cutoff) => sql`r.status in ('PASS', 'FAIL') and r.updated_at <= ${cutoff}`,
    apply: async (tx, id, now) => ({ documentIds: await markDocuments(tx, sql`select document_id from reference_documents where reference_id = ${id}`, now) }),
  },
  {
    id: "support-needs",
    table: "users",
    due: (cutoff) =>
      sql`r.closed_at <= ${cutoff} and (exists (select 1 from support_needs n where n.user_id = r.id) or exists (select 1 from support_helpers h where h.user_id = r.id))`,
    apply: (tx, id) => deleteSupportNeeds(tx, id),
  },
  {
    id: "closed-accounts",
    table: "users",
    due: (cutoff) => sql`r.closed_at <= ${cutoff}`,
    apply: (tx, id) => tombstoneAccount(tx, id),
  },
];

const countOf = async (db: Reader, query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

export const BULK_RULES: BulkRule[] = [
  {
    id: "notices-sent",
    pending: async (db, cutoff) =>
      (await countOf(db, db.select({ n: count() }).from(outboxEmails).where(and(lte(outboxEmails.createdAt, cutoff), isNotNull(outboxEmails.sentAt), ne(outboxEmails.text, TOMBSTONE))))) +
      (await countOf(db, db.select({ n: count() }).from(outboxSms).where(and(lte(outboxSms.createdAt, cutoff), isNotNull(outboxSms.sentAt), ne(outboxSms.text, TOMBSTONE))))),
    apply: async (db, cutoff) => {
      const emails = await db
        .update(outboxEmails)
        .set({ to: TOMBSTONE, subject: TOMBSTONE, text: TOMBSTONE, attachments: null })
        .where(and(lte(outboxEmails.createdAt, cutoff), isNotNull(outboxEmails.sentAt), ne(outboxEmails.text, TOMBSTONE)))
        .returning({ id: outboxEmails.id });
      const sms = await db
        .update(outboxSms)
        .set({ to: TOMBSTONE, text: TOMBSTONE })
        .where(and(lte(outboxSms.createdAt, cutoff), isNotNull(outboxSms.sentAt), ne(outboxSms.text, TOMBSTONE)))
        .returning({ id: outboxSms.id });
      return emails.length + sms.length;
    },
  },
  {
    id: "contact-messages",
    pending: (db, cutoff) =>
      countOf(db, db.select({ n: count() }).from(supportMessages).where(and(lte(supportMessages.createdAt, cutoff), ne(supportMessages.message, TOMBSTONE)))),
    apply: async (db, cutoff) =>
      (
        await db
          .update(supportMessages)
          .set({ message: TOMBSTONE, senderName: TOMBSTONE, senderEmail: TOMBSTONE, clientAddress: null })
          .where(and(lte(supportMessages.createdAt, cutoff), ne(supportMessages.message, TOMBSTONE)))
          .returning({ id: supportMessages.id })
      ).length,
  },
  {
    id: "sign-in-records",
    pending: async (db, cutoff) =>
      (await countOf(db, db.select({ n: count() }).from(userEvents).where(lte(userEvents.createdAt, cutoff)))) +
      (await countOf(db, db.select({ n: count() }).from(accessTokens).where(lte(accessTokens.expiresAt, cutoff)))),
    apply: async (db, cutoff) =>
      (await db.delete(userEvents).where(lte(userEvents.createdAt, cutoff)).returning({ id: userEvents.id })).length +
      (await db.delete(accessTokens).where(lte(accessTokens.expiresAt, cutoff)).returning({ id: accessTokens.id })).length,
  },
];
