/**
 * Whose export it is, and the ids of what is theirs (issue 40): the records the export's files
 * start from. Small sets (a tenant's orders, claims, plans), read once before the files are
 * written; the large tables (e-mails, texts, events) are read in batches by ./contents.ts.
 */
import { eq, inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db";
import {
  arbitrations,
  claimRespondents,
  customers,
  documents,
  orderCustomers,
  paymentPlans,
  referenceDocuments,
  references,
  tenancyTenants,
  users,
} from "../db/schema";

type Reader = Pick<Database, "select">;

export type ExportOwner = {
  userId: string;
  email: string;
  customerIds: string[];
  orderCustomerIds: string[];
  orderIds: string[];
  tenancyIds: string[];
  claimIds: string[];
  respondentIds: string[];
  arbitrationIds: string[];
  paymentPlanIds: string[];
  referenceIds: string[];
  /** Documents the tenant uploaded, or that are proofs of their own reference: their files go in the ZIP. */
  documentIds: string[];
};

const ids = (rows: { id: string }[]) => [...new Set(rows.map((r) => r.id))];

/** `in (…)` that matches nothing for an empty list (Drizzle refuses an empty `inArray`). */
export function within(column: PgColumn, values: string[]) {
  return inArray(column, values.length > 0 ? values : ["-"]);
}

export async function exportOwner(db: Reader, userId: string): Promise<ExportOwner | null> {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const customerIds = ids(await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId)));
  const ocs = await db.select({ id: orderCustomers.id, orderId: orderCustomers.orderId }).from(orderCustomers).where(within(orderCustomers.customerId, customerIds));
  const respondents = await db.select({ id: claimRespondents.id, claimId: claimRespondents.claimId }).from(claimRespondents).where(eq(claimRespondents.userId, userId));
  const claimIds = [...new Set(respondents.map((r) => r.claimId))];
  const orderCustomerIds = ids(ocs);
  const referenceIds = ids(await db.select({ id: references.id }).from(references).where(eq(references.userId, userId)));
  const [tenancies, arbitrationRows, plans, uploaded, proofs] = await Promise.all([
    db.select({ id: tenancyTenants.tenancyId }).from(tenancyTenants).where(eq(tenancyTenants.userId, userId)),
    db.select({ id: arbitrations.id }).from(arbitrations).where(within(arbitrations.claimId, claimIds)),
    db.select({ id: paymentPlans.id }).from(paymentPlans).where(within(paymentPlans.orderCustomerId, orderCustomerIds)),
    db.select({ id: documents.id }).from(documents).where(eq(documents.uploadedByUserId, userId)),
    db.select({ id: referenceDocuments.documentId }).from(referenceDocuments).where(within(referenceDocuments.referenceId, referenceIds)),
  ]);
  return {
    userId,
    email: user.email,
    customerIds,
    orderCustomerIds,
    orderIds: [...new Set(ocs.map((o) => o.orderId))],
    tenancyIds: ids(tenancies),
    claimIds,
    respondentIds: ids(respondents),
    arbitrationIds: ids(arbitrationRows),
    paymentPlanIds: ids(plans),
    referenceIds,
    documentIds: [...new Set([...ids(uploaded), ...ids(proofs)])],
  };
}

/** Rows of a query as they come, a batch at a time, in id order (keyset: never the whole table in memory). */
export async function* inBatches<R extends { id: string }>(page: (after: string | null, limit: number) => Promise<R[]>, size = 200): AsyncGenerator<R> {
  let after: string | null = null;
  for (;;) {
    const rows = await page(after, size);
    yield* rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}
