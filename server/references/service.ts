/**
 * References (part 1 §4.2, §4.3): starting referencing from the checkout, the tenant's proofs
 * of identity and address while the reference needs information, 'Send for Review', and the
 * referencing provider's outcome. Each change runs in one transaction that locks the
 * reference (or the order customer); files are stored or removed around it.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../context";
import type { Database } from "../db";
import {
  customers,
  documents,
  orderCustomerActions,
  orderCustomers,
  orders,
  referenceChecks,
  referenceDocuments,
  references,
  tenancyTenants,
  users,
} from "../db/schema";
import { propertyLine, type ReferenceOutcome } from "../domain/notices";
import { appLink } from "../lib/app-url";
import { queueNotice } from "../lib/notices";
import { checkCheckoutStep } from "../domain/checkout";
import { canTransition, readyForReview, REFERENCE_MESSAGES } from "../domain/references";
import { normaliseReferenceStatus, REFERENCE_STATUSES, type ReferenceDocumentType, type ReferenceStatus } from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { newId } from "../lib/tokens";
import { checkHourlyUploads, checkUpload, checkUploadLimit, documentTotals, documentUrl, lockTenantUploads, storeDocument } from "../lib/uploads";
import { REFERENCE_UPLOAD_LIMIT } from "#common/uploads";
import { completeOpenActions } from "../checkout";
import { loadOrderCustomers, orderPropertyAddress, ownOrderCustomer, toDomainOrderCustomer } from "../orders";
import { ownReference, referenceDocs } from "./views";

/**
 * Starts referencing (eligibility) for the tenant's order customer, or answers the reference
 * it already has: the referencing step must be the customer's next action (409 otherwise).
 */
export async function startReference(deps: Deps, input: { orderId: string; customerId: string; userId: string }) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { orderCustomer } = await ownOrderCustomer(tx, input, { forUpdate: true });
    const [existing] = await tx
      .select({ id: references.id })
      .from(references)
      .where(eq(references.orderCustomerId, orderCustomer.id))
      .orderBy(desc(references.createdAt))
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const all = (await loadOrderCustomers(tx, [input.orderId])).get(input.orderId) ?? [];
    const me = all.find((oc) => oc.id === orderCustomer.id);
    if (!me) throw notFound();
    const check = checkCheckoutStep(toDomainOrderCustomer(me), all.map(toDomainOrderCustomer), "KEYFREE_REFERENCING");
    if (!check.ok) throw new ApiError(409, check.message);
    const id = newId();
    await tx
      .insert(references)
      .values({ id, orderCustomerId: orderCustomer.id, userId: input.userId, status: "PEND", createdAt: now, updatedAt: now });
    const action = me.actions.find((a) => a.id === check.actionId)!;
    await tx
      .update(orderCustomerActions)
      .set({ details: { ...action.details, referenceId: id } })
      .where(eq(orderCustomerActions.id, action.id));
    return { id, created: true };
  });
}

/**
 * Adds one proof to the tenant's reference while it needs information (409 otherwise); the
 * file is checked by its content (checkUpload), stored inside the transaction and removed
 * again when the transaction fails.
 */
export async function addReferenceDocument(
  deps: Deps,
  input: { referenceId: string; userId: string; type: ReferenceDocumentType; file: unknown; fileName?: string },
) {
  const { referenceId, userId, type } = input;
  const { status } = await ownReference(deps.db, referenceId, userId);
  if (status !== "INFO_REQUIRED") throw new ApiError(409, REFERENCE_MESSAGES.notWaitingForDocuments);
  // Part 1 §4.3, §5: reference evidence is uploaded one file at a time.
  if (Array.isArray(input.file)) throw new ApiError(400, "Invalid request: file: Upload one file at a time");
  const upload = await checkUpload(input.file, input.fileName);
  let storageKey: string | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await ownReference(tx, referenceId, userId, { forUpdate: true });
      if (locked.status !== "INFO_REQUIRED") throw new ApiError(409, REFERENCE_MESSAGES.notWaitingForDocuments);
      // Issue 23: the tenant's hourly allowance and the reference's limit, counted under the locks.
      await lockTenantUploads(tx, userId);
      await checkHourlyUploads(tx, userId, deps.clock.now());
      const [existing] = await tx
        .select(documentTotals())
        .from(referenceDocuments)
        .innerJoin(documents, eq(documents.id, referenceDocuments.documentId))
        .where(eq(referenceDocuments.referenceId, referenceId));
      checkUploadLimit(existing ?? { files: 0, bytes: 0 }, upload.size, REFERENCE_UPLOAD_LIMIT);
      const document = await storeDocument({ db: tx as unknown as Database, files: deps.files, clock: deps.clock }, upload, {
        typeId: type,
        userId,
      });
      storageKey = document.storageKey;
      const id = newId();
      await tx.insert(referenceDocuments).values({ id, referenceId, documentId: document.id, type, createdAt: deps.clock.now() });
      await tx.update(references).set({ updatedAt: deps.clock.now() }).where(eq(references.id, referenceId));
      return { id, type, document: { id: document.id, url: documentUrl(document.id), name: document.name } };
    });
  } catch (error) {
    if (storageKey !== null) await deps.files.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Removes one of the reference's proofs while it needs information; the file goes after the commit. */
export async function removeReferenceDocument(deps: Deps, input: { referenceId: string; referenceDocumentId: string; userId: string }) {
  const { referenceId, referenceDocumentId, userId } = input;
  const removed = await deps.db.transaction(async (tx) => {
    const { status } = await ownReference(tx, referenceId, userId, { forUpdate: true });
    const [row] = await tx
      .select({ referenceDocument: referenceDocuments, document: documents })
      .from(referenceDocuments)
      .innerJoin(documents, eq(documents.id, referenceDocuments.documentId))
      .where(and(eq(referenceDocuments.id, referenceDocumentId), eq(referenceDocuments.referenceId, referenceId)))
      .limit(1);
    if (!row) throw notFound();
    if (status !== "INFO_REQUIRED") throw new ApiError(409, REFERENCE_MESSAGES.notWaitingForDocuments);
    await tx.delete(referenceDocuments).where(eq(referenceDocuments.id, referenceDocumentId));
    await tx.delete(documents).where(eq(documents.id, row.document.id));
    await tx.update(references).set({ updatedAt: deps.clock.now() }).where(eq(references.id, referenceId));
    return row.document.storageKey;
  });
  await deps.files.delete(removed).catch(() => undefined);
}

/** 'Send for Review': an INFO_REQUIRED reference with both proofs moves to IN_REVIEW (409 otherwise). */
export async function sendForReview(deps: Deps, input: { referenceId: string; userId: string }) {
  const { referenceId, userId } = input;
  await deps.db.transaction(async (tx) => {
    const { status } = await ownReference(tx, referenceId, userId, { forUpdate: true });
    const docs = await referenceDocs(tx, referenceId);
    const check = readyForReview({ status, documents: docs });
    if (!check.ok) throw new ApiError(409, check.message);
    await tx
      .update(references)
      .set({ status: "IN_REVIEW", updatedAt: deps.clock.now() })
      .where(and(eq(references.id, referenceId), eq(references.status, "INFO_REQUIRED")));
  });
}

// ── The referencing provider's outcome ──────────────────────────────────────

const ReferenceOutcomeInput = z
  .object({
    referenceId: z.string().min(1).optional(),
    orderCustomerId: z.string().min(1).optional(),
    /** The tenant by e-mail: their order customer whose referencing step is still open. */
    email: z.string().min(1).optional(),
    status: z.string().transform((v, ctx) => {
      const status = normaliseReferenceStatus(v);
      if (status === null) {
        ctx.addIssue({ code: "custom", message: `status must be one of ${REFERENCE_STATUSES.join(", ")}` });
        return z.NEVER;
      }
      return status;
    }),
    /** Extra checks to record on the reference. */
    checks: z.array(z.object({ type: z.string().min(1), status: z.string().min(1) })).optional(),
  })
  .refine((v) => v.referenceId !== undefined || v.orderCustomerId !== undefined || v.email !== undefined, {
    message: "Give a referenceId, an orderCustomerId or the tenant's email",
  });

export type ReferenceOutcomeInput = z.input<typeof ReferenceOutcomeInput>;

/**
 * The referencing provider gives an outcome (part 1 §4.2): the order customer's reference
 * (created, pending, if it has none) moves to the given status — PEND, PASS, FAIL,
 * INFO_REQUIRED, IN_REVIEW or GUARANTOR_REQUIRED — only along an allowed transition. With
 * INFO_REQUIRED an IDENTITY check with status INFO_REQUIRED is added (the tenant must upload
 * proofs); with PASS the tenant's referencing (Eligibility) step is completed.
 */
export async function setReferenceOutcome(db: Database, input: ReferenceOutcomeInput, now: Date) {
  const data = ReferenceOutcomeInput.parse(input);
  return db.transaction(async (tx) => {
    let reference: typeof references.$inferSelect | undefined;
    if (data.referenceId !== undefined) {
      [reference] = await tx.select().from(references).where(eq(references.id, data.referenceId)).for("update");
      if (!reference) throw new Error(`No reference ${data.referenceId}`);
      if (data.orderCustomerId !== undefined && reference.orderCustomerId !== data.orderCustomerId) {
        throw new Error(`Reference ${data.referenceId} is not for order customer ${data.orderCustomerId}`);
      }
    } else {
      const orderCustomerId = data.orderCustomerId ?? (await openReferencingOf(tx, data.email!));
      const [oc] = await tx
        .select({ id: orderCustomers.id, userId: customers.userId })
        .from(orderCustomers)
        .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
        .where(eq(orderCustomers.id, orderCustomerId))
        .for("update", { of: orderCustomers });
      if (!oc) throw new Error(`No order customer ${orderCustomerId}`);
      [reference] = await tx
        .select()
        .from(references)
        .where(eq(references.orderCustomerId, oc.id))
        .orderBy(desc(references.createdAt))
        .limit(1);
      if (!reference) {
        [reference] = await tx
          .insert(references)
          .values({ id: newId(), orderCustomerId: oc.id, userId: oc.userId, status: "PEND", createdAt: now, updatedAt: now })
          .returning();
        await recordReferenceId(tx, oc.id, reference!.id);
      }
    }
    const ref = reference!;
    const from = normaliseReferenceStatus(ref.status) ?? "PEND";
    const to: ReferenceStatus = data.status;
    if (from !== to && !canTransition(from, to)) {
      throw new Error(`A reference cannot move from ${from} to ${to}`);
    }
    if (from === to && to !== "PEND") throw new Error(`The reference is already ${to}`);
    await tx.update(references).set({ status: to, updatedAt: now }).where(eq(references.id, ref.id));
    const checks = [...(data.checks ?? []), ...(to === "INFO_REQUIRED" ? [{ type: "IDENTITY", status: "INFO_REQUIRED" }] : [])];
    const checkIds: string[] = [];
    for (const check of checks) {
      const id = newId();
      await tx.insert(referenceChecks).values({ id, referenceId: ref.id, type: check.type, status: check.status, createdAt: now });
      checkIds.push(id);
    }
    const completedActionIds =
      to === "PASS" ? await completeOpenActions(tx, ref.orderCustomerId, ["KEYFREE_REFERENCING"], now) : [];
    await queueReferenceOutcome(tx, ref.orderCustomerId, to, now);
    return { referenceId: ref.id, orderCustomerId: ref.orderCustomerId, status: to, checkIds, completedActionIds };
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Which outcomes the tenant is told of (issue 38): those the referencing page says "we'll let you know" about. */
const OUTCOME_NOTICES: Partial<Record<ReferenceStatus, ReferenceOutcome>> = {
  PASS: "PASSED",
  INFO_REQUIRED: "MORE_INFORMATION",
  GUARANTOR_REQUIRED: "GUARANTOR_NEEDED",
  FAIL: "NOT_PASSED",
};

/**
 * The referencing page's promise, "We'll let you know by email once…" (issue 38): the tenant whose
 * reference has an outcome is sent REFERENCE_OUTCOME, in the transaction that set it (once: a
 * reference never moves to the status it has). Passed is their turn, so the link is their checkout,
 * which opens their next step; otherwise their referencing page. Co-tenants whose turn a pass makes
 * it are told by the checkout (CHECKOUT_YOUR_TURN); the tenant themselves here.
 */
async function queueReferenceOutcome(tx: Tx, orderCustomerId: string, status: ReferenceStatus, now: Date) {
  const outcome = OUTCOME_NOTICES[status];
  if (!outcome) return;
  const [row] = await tx
    .select({
      orderId: orderCustomers.orderId,
      customerId: orderCustomers.customerId,
      userId: customers.userId,
      guarantorFirstName: tenancyTenants.guarantorFirstName,
      guarantorLastName: tenancyTenants.guarantorLastName,
    })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .leftJoin(tenancyTenants, and(eq(tenancyTenants.tenancyId, orders.tenancyId), eq(tenancyTenants.userId, customers.userId)))
    .where(eq(orderCustomers.id, orderCustomerId))
    .limit(1);
  if (!row) return;
  const address = await orderPropertyAddress(tx, row.orderId);
  const checkout = `/checkout/${row.orderId}/${row.customerId}`;
  const guarantor = [row.guarantorFirstName, row.guarantorLastName].filter(Boolean).join(" ") || null;
  await queueNotice(
    tx,
    {
      kind: "REFERENCE_OUTCOME",
      facts: {
        property: address ? propertyLine(address) : "your tenancy",
        link: appLink(outcome === "PASSED" ? checkout : `${checkout}/referencing`),
        outcome,
        guarantor,
      },
    },
    [row.userId],
    now,
  );
}

/** The order customer of the tenant with this e-mail whose referencing step is still open (the newest). */
async function openReferencingOf(tx: Pick<Database, "select">, email: string): Promise<string> {
  const [row] = await tx
    .select({ id: orderCustomers.id })
    .from(users)
    .innerJoin(customers, eq(customers.userId, users.id))
    .innerJoin(orderCustomers, eq(orderCustomers.customerId, customers.id))
    .innerJoin(
      orderCustomerActions,
      and(eq(orderCustomerActions.orderCustomerId, orderCustomers.id), eq(orderCustomerActions.typeId, "KEYFREE_REFERENCING")),
    )
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(orderCustomerActions.completedAt)))
    .orderBy(desc(orderCustomers.createdAt), desc(orderCustomers.id))
    .limit(1);
  if (!row) throw new Error(`${email} has no Keyfree whose referencing is still open`);
  return row.id;
}

/** Keeps the reference id in the referencing action's details (part 1 §3 details.referenceId). */
async function recordReferenceId(tx: Pick<Database, "select" | "update">, orderCustomerId: string, referenceId: string) {
  const actions = await tx
    .select()
    .from(orderCustomerActions)
    .where(and(eq(orderCustomerActions.orderCustomerId, orderCustomerId), eq(orderCustomerActions.typeId, "KEYFREE_REFERENCING")));
  for (const action of actions) {
    await tx
      .update(orderCustomerActions)
      .set({ details: { ...action.details, referenceId } })
      .where(eq(orderCustomerActions.id, action.id));
  }
}
