/** Claim rows: reading them (locked), recording activities, and the CLAIM orders and pay actions the money model uses. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db";
import {
  claimActivities,
  claimItemProposals,
  claimProposals,
  claimRespondents,
  claims,
  customers,
  moreTimeRequests,
  orderCustomerActions,
  orderCustomers,
  orders
} from "../db/schema";
import {
  orderProposals,
  type OrderedProposal,
  type SystemActivityType
} from "../domain/claim-responses";
import {
  normaliseClaimStatus,
  normaliseProposalSource,
  normaliseProposalStatus,
  type ClaimStatus,
  type PaymentActionType
} from "../domain/statuses";
import { newId } from "../lib/tokens";
export type ClaimRow = typeof claims.$inferSelect;
export type ProposalRow = typeof claimProposals.$inferSelect;
export type ItemProposalRow = typeof claimItemProposals.$inferSelect;
export type ProposalWithItems = ProposalRow & { itemProposals: ItemProposalRow[] };

/** A scenario's input or the claim's state does not allow what was asked. */
export class ClaimScenarioError extends Error {}
export const fail = (message: string): never => {
  throw new ClaimScenarioError(message);
};

// ── Reading ────────────────────────────────────────────────────────────────────────

/** The claim row, locked FOR UPDATE (or with SKIP LOCKED: undefined when another transaction holds it). */
export async function lockClaim(db: Database, claimId: string, options: { skipLocked?: boolean } = {}) {
  const query = db.select().from(claims).where(eq(claims.id, claimId));
  const [claim] = options.skipLocked ? await query.for("update", { skipLocked: true }) : await query.for("update");
  return claim;
}

/** Every proposal of a claim with its item proposals, in the domain's order (round, then oldest first). */
export async function loadProposals(db: Database, claimId: string): Promise<ProposalWithItems[]> {
  const rows = await db.select().from(claimProposals).where(eq(claimProposals.claimId, claimId));
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db.select().from(claimItemProposals).where(inArray(claimItemProposals.claimProposalId, ids))
    : [];
  return inProposalOrder(rows.map((r) => ({ ...r, itemProposals: items.filter((i) => i.claimProposalId === r.id) })));
}

/** Proposals with their item proposals in the domain's order (round, then oldest first). */
export function inProposalOrder(proposals: ProposalWithItems[]): ProposalWithItems[] {
  const order = orderProposals(proposals.map(toDomainProposal)).map((p) => p.id);
  return order.map((id) => proposals.find((p) => p.id === id)!);
}

/** A stored proposal as the domain reads it. */
export function toDomainProposal(p: ProposalWithItems): OrderedProposal {
  const round = p.round;
  if (round !== 1 && round !== 2 && round !== 3) throw new Error(`Proposal ${p.id} has round ${round}`);
  return {
    id: p.id,
    round,
    status: normaliseProposalStatus(p.status) ?? fail(`Proposal ${p.id} has an unknown status ${p.status}`),
    source: normaliseProposalSource(p.source) ?? fail(`Proposal ${p.id} has an unknown source ${p.source}`),
    type: p.type,
    createdByUserId: p.createdByUserId,
    publishedAt: p.publishedAt,
    responseDeadline: p.responseDeadline,
    autoResponded: p.autoResponded,
    createdAt: p.createdAt,
    itemProposals: p.itemProposals.map((ip) => ({
      claimItemId: ip.claimItemId,
      amount: ip.amount,
      settled: ip.settled,
      settledSource: normaliseProposalSource(ip.settledSource),
    })),
  };
}

export function claimStatusOf(claim: Pick<ClaimRow, "id" | "status">): ClaimStatus {
  return normaliseClaimStatus(claim.status) ?? fail(`Claim ${claim.id} has an unknown status ${claim.status}`);
}

export type RespondentCustomer = { respondentId: string; userId: string; customerId: string; tenantLiability: number };

/**
 * The claim's respondents with their customer and tenantLiability (from their order
 * customer on the tenancy's Keyfree order; 1 when there is none).
 */
export async function respondentCustomers(db: Database, claim: Pick<ClaimRow, "id" | "tenancyId">): Promise<RespondentCustomer[]> {
  const rows = await db
    .select({ respondentId: claimRespondents.id, userId: claimRespondents.userId, customerId: customers.id })
    .from(claimRespondents)
    .innerJoin(customers, eq(customers.userId, claimRespondents.userId))
    .where(eq(claimRespondents.claimId, claim.id))
    .orderBy(asc(claimRespondents.createdAt), asc(claimRespondents.id));
  if (rows.length === 0) return [];
  const liabilities = await db
    .select({ customerId: orderCustomers.customerId, tenantLiability: orderCustomers.tenantLiability })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(
      and(
        eq(orders.tenancyId, claim.tenancyId),
        eq(orders.productId, "KEYFREE"),
        inArray(
          orderCustomers.customerId,
          rows.map((r) => r.customerId),
        ),
      ),
    );
  return withLiabilities(rows.map((r) => ({ ...r, tenantLiability: liabilities.find((l) => l.customerId === r.customerId)?.tenantLiability ?? null })));
}

/**
 * The respondents' liabilities as the split uses them: 1 for a respondent with no Keyfree order
 * customer on record, and, since someone must be liable, one share each when none is liable.
 */
export function withLiabilities(rows: (Omit<RespondentCustomer, "tenantLiability"> & { tenantLiability: number | null })[]): RespondentCustomer[] {
  const result = rows.map((r) => ({ ...r, tenantLiability: r.tenantLiability ?? 1 }));
  if (result.every((r) => r.tenantLiability === 0)) return result.map((r) => ({ ...r, tenantLiability: 1 }));
  return result;
}

/** A claim's requests for more time (issue 36), oldest first, as the rules read them (server/domain/more-time.ts). */
export async function moreTimeRequestsOf(db: Database, claimId: string) {
  return db
    .select({ id: moreTimeRequests.id, status: moreTimeRequests.status, claimProposalId: moreTimeRequests.claimProposalId })
    .from(moreTimeRequests)
    .where(eq(moreTimeRequests.claimId, claimId))
    .orderBy(asc(moreTimeRequests.createdAt), asc(moreTimeRequests.id));
}

/**
 * The clock's hook (issue 36, decision 0049): a request for more time waits for our answer on
 * this proposal, so its deadline holds (no charges treated as accepted, no reminder).
 */
export async function moreTimeRequestWaits(db: Database, claimId: string, claimProposalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: moreTimeRequests.id })
    .from(moreTimeRequests)
    .where(and(eq(moreTimeRequests.claimId, claimId), eq(moreTimeRequests.claimProposalId, claimProposalId), eq(moreTimeRequests.status, "PENDING")))
    .limit(1);
  return row !== undefined;
}

// ── Writing ────────────────────────────────────────────────────────────────────────

export async function recordActivity(
  db: Database,
  input: { claimId: string; activityType: SystemActivityType | string; details?: Record<string, unknown>; userId?: string | null },
  now: Date,
) {
  const id = newId();
  await db.insert(claimActivities).values({
    id,
    claimId: input.claimId,
    activityType: input.activityType,
    details: input.details ?? {},
    userId: input.userId ?? null,
    createdAt: now,
  });
  return id;
}

export async function createClaimOrder(db: Database, claim: Pick<ClaimRow, "id" | "tenancyId">, now: Date) {
  const id = newId();
  await db.insert(orders).values({ id, tenancyId: claim.tenancyId, productId: "CLAIM", statusId: "PENDING", claimId: claim.id, createdAt: now });
  return id;
}

export async function ensureOrderCustomer(db: Database, orderId: string, customerId: string, tenantLiability: number, now: Date) {
  const [existing] = await db
    .select({ id: orderCustomers.id })
    .from(orderCustomers)
    .where(and(eq(orderCustomers.orderId, orderId), eq(orderCustomers.customerId, customerId)));
  if (existing) return existing.id;
  const id = newId();
  await db.insert(orderCustomers).values({ id, orderId, customerId, fee: 0, tenantLiability, createdAt: now });
  return id;
}

export async function addPayAction(
  db: Database,
  orderCustomerId: string,
  typeId: PaymentActionType,
  amountPence: number,
  details: Record<string, unknown>,
  now: Date,
) {
  const id = newId();
  await db.insert(orderCustomerActions).values({
    id,
    orderCustomerId,
    typeId,
    // A remaining balance comes before the own share (the spec's default selection).
    position: typeId.endsWith("REMAINING_BALANCE") ? 0 : 1,
    details: { ...details, amount: amountPence, amountRemaining: amountPence },
    createdAt: now,
  });
  return id;
}

/** Deletes an order whose actions were never paid (with its order customers and actions). Answers false when any was paid. */
export async function deleteUnpaidOrder(db: Database, orderId: string): Promise<boolean> {
  const ocs = await db.select({ id: orderCustomers.id }).from(orderCustomers).where(eq(orderCustomers.orderId, orderId));
  const ocIds = ocs.map((o) => o.id);
  if (ocIds.length > 0) {
    const actions = await db.select().from(orderCustomerActions).where(inArray(orderCustomerActions.orderCustomerId, ocIds));
    if (actions.some((a) => a.completedAt !== null)) return false;
    await db.delete(orderCustomerActions).where(inArray(orderCustomerActions.orderCustomerId, ocIds));
    await db.delete(orderCustomers).where(inArray(orderCustomers.id, ocIds));
  }
  await db.delete(orders).where(eq(orders.id, orderId));
  return true;
}
