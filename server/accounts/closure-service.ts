/**
 * "Close your account" (issue 40, decision 0068): a request, never an instant deletion. The
 * tenant asks (once); an account with a claim or a payment plan still open is kept until those
 * close, and the retention job (server/jobs/retention.ts) closes it once nothing is open: sign-in
 * refused from then on, every session ended, the password and phone number removed. The rest of
 * its personal data is removed by the retention rules (common/retention.ts) when their periods end.
 */
import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import {
  accessTokens,
  accountClosureRequests,
  addresses,
  claimRespondents,
  claims,
  customers,
  orderCustomers,
  paymentPlans,
  properties,
  tenancies,
  userEvents,
  users,
} from "../db/schema";
import { CLAIM_STATUSES_FINISHED } from "../domain/statuses";
import { propertyLine } from "../domain/notices";
import { CLOSE_ACCOUNT_PATH, PRIVACY_PATH } from "#common/retention";
import { plainPounds } from "#common/wording";
import { PRODUCT_NAME } from "#common/product";
import { appLink } from "../lib/app-url";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import { queueEmail } from "../lib/mail";
import { newId } from "../lib/tokens";

type Reader = Pick<Database, "select">;
type Db = { db: Database; clock: { now(): Date } };

/** What keeps an account open: a claim not finished, a payment plan offered or not paid off. */
export type StillOpen =
  | { kind: "CLAIM"; claimId: string; property: string }
  | { kind: "PAYMENT_PLAN"; paymentPlanId: string; amountPence: number };

export type ClosureState = {
  status: "NONE" | "REQUESTED" | "CLOSED";
  requestedAt: Date | null;
  stillOpen: StillOpen[];
};

/** An SQL condition on payment_plans: offered (PENDING), or live (ACTIVE, DEFAULT) with an instalment not paid. */
const PLAN_OPEN = sql`(${paymentPlans.status} = 'PENDING' or (${paymentPlans.status} in ('ACTIVE', 'DEFAULT') and exists (select 1 from payment_plan_instalments open_i where open_i.payment_plan_id = ${paymentPlans.id} and open_i.status <> 'PAID')))`;

/** The claims and payment plans of the tenant still open, in the order they were made. */
export async function stillOpenFor(db: Reader, userId: string): Promise<StillOpen[]> {
  const [openClaims, openPlans] = await Promise.all([
    db
      .select({ claimId: claims.id, address: addresses })
      .from(claims)
      .innerJoin(claimRespondents, and(eq(claimRespondents.claimId, claims.id), eq(claimRespondents.userId, userId)))
      .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
      .innerJoin(properties, eq(properties.id, tenancies.propertyId))
      .innerJoin(addresses, eq(addresses.id, properties.addressId))
      .where(notInArray(claims.status, [...CLAIM_STATUSES_FINISHED]))
      .orderBy(claims.createdAt),
    db
      .select({ paymentPlanId: paymentPlans.id, amountPence: paymentPlans.amount, interest: paymentPlans.interestAmount })
      .from(paymentPlans)
      .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
      .innerJoin(customers, and(eq(customers.id, orderCustomers.customerId), eq(customers.userId, userId)))
      .where(PLAN_OPEN)
      .orderBy(paymentPlans.createdAt),
  ]);
  return [
    ...openClaims.map((c): StillOpen => ({ kind: "CLAIM", claimId: c.claimId, property: propertyLine(c.address) })),
    ...openPlans.map((p): StillOpen => ({ kind: "PAYMENT_PLAN", paymentPlanId: p.paymentPlanId, amountPence: p.amountPence + p.interest })),
  ];
}

/** The tenant's request, if any, and what is still open. */
export async function closureState(deps: Db, userId: string): Promise<ClosureState> {
  const [[request], stillOpen] = await Promise.all([
    deps.db.select().from(accountClosureRequests).where(eq(accountClosureRequests.userId, userId)),
    stillOpenFor(deps.db, userId),
  ]);
  if (!request) return { status: "NONE", requestedAt: null, stillOpen };
  return { status: request.closedAt ? "CLOSED" : "REQUESTED", requestedAt: request.requestedAt, stillOpen };
}

/** One open thing in words, for the e-mail (the web words them the same way for its page). */
export function stillOpenWords(item: StillOpen): string {
  return item.kind === "CLAIM" ? `the claim on ${item.property}` : `your payment plan of ${plainPounds(item.amountPence)}`;
}

/** The confirmation e-mail: what happens next, naming what is still open. */
export function closureRequestedEmail(firstName: string, stillOpen: StillOpen[]): { subject: string; text: string } {
  const next =
    stillOpen.length > 0
      ? [
          "We cannot close it yet, because these are still open:",
          ...stillOpen.map((item) => `- ${stillOpenWords(item)}`),
          "",
          "We will close your account once they are all closed. Until then you can still sign in to deal with them.",
        ]
      : ["Nothing of yours is still open, so we will close your account in the next few minutes."];
  return {
    subject: `We have your request to close your ${PRODUCT_NAME} account`,
    text: [
      `Hello ${firstName},`,
      "",
      `We have your request to close your ${PRODUCT_NAME} account.`,
      "",
      ...next,
      "",
      "Once it is closed you will not be able to sign in. Some records, such as payments and claims, are kept for as long as the law needs them, then removed. How long we keep each kind, and why, is in our privacy notice:",
      appLink(PRIVACY_PATH),
      "",
      "To see your request:",
      appLink(CLOSE_ACCOUNT_PATH),
      "",
      `${PRODUCT_NAME}`,
    ].join("\n"),
  };
}

/** Records the request (409 if there is one already) and queues its confirmation e-mail in the same transaction. */
export async function requestClosure(deps: Db, userId: string): Promise<ClosureState> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new ApiError(404, "Not found");
    const inserted = await tx
      .insert(accountClosureRequests)
      .values({ id: newId(), userId, requestedAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: accountClosureRequests.id });
    if (inserted.length === 0) throw new ApiError(409, "You have already asked us to close your account");
    const stillOpen = await stillOpenFor(tx, userId);
    const email = closureRequestedEmail(user.firstName, stillOpen);
    await queueEmail(tx, { to: user.email, userId, template: "ACCOUNT_CLOSURE_REQUESTED", subject: email.subject, text: email.text }, now);
    await tx.insert(userEvents).values({ id: newId(), userId, type: "ACCOUNT_CLOSURE_REQUESTED", createdAt: now });
    log.info("account closure requested", { userId, stillOpen: stillOpen.length });
  });
  return closureState(deps, userId);
}

export type AccountsClosed = { closedUserIds: string[]; keptOpen: number };

/** The requests not yet done (the dry run counts them). */
export async function pendingClosureRequests(db: Reader, limit = 200) {
  return db
    .select({ id: accountClosureRequests.id, userId: accountClosureRequests.userId })
    .from(accountClosureRequests)
    .where(isNull(accountClosureRequests.closedAt))
    .orderBy(accountClosureRequests.requestedAt)
    .limit(limit);
}

/**
 * Closes each requested account with nothing still open (the retention job runs it): the request
 * locked (FOR UPDATE SKIP LOCKED: another instance closing it skips it), what is open checked
 * again under the lock, then, in one transaction, the account marked closed, its sessions
 * revoked, its password and phone number removed and text messages stopped.
 */
export async function closeRequestedAccounts(deps: Db, now: Date = deps.clock.now()): Promise<AccountsClosed> {
  const result: AccountsClosed = { closedUserIds: [], keptOpen: 0 };
  for (const candidate of await pendingClosureRequests(deps.db)) {
    const closed = await deps.db.transaction(async (tx) => {
      const [request] = await tx
        .select({ id: accountClosureRequests.id })
        .from(accountClosureRequests)
        .where(and(eq(accountClosureRequests.id, candidate.id), isNull(accountClosureRequests.closedAt)))
        .for("update", { skipLocked: true });
      if (!request) return null;
      if ((await stillOpenFor(tx, candidate.userId)).length > 0) return false;
      await tx.update(accountClosureRequests).set({ closedAt: now }).where(eq(accountClosureRequests.id, request.id));
      await tx
        .update(users)
        .set({ closedAt: now, passwordHash: null, requiresPasswordReset: false, mobileNumber: null, smsNotices: false })
        .where(eq(users.id, candidate.userId));
      await tx
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.userId, candidate.userId), isNull(accessTokens.revokedAt)));
      await tx.insert(userEvents).values({ id: newId(), userId: candidate.userId, type: "ACCOUNT_CLOSED", createdAt: now });
      return true;
    });
    if (closed === true) result.closedUserIds.push(candidate.userId);
    else if (closed === false) result.keptOpen += 1;
  }
  if (result.closedUserIds.length > 0) log.info("accounts closed", { count: result.closedUserIds.length });
  return result;
}
