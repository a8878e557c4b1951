/**
 * Requests for a plan the tenant can afford (issue 36, scope 2; docs/decisions/0048): the
 * tenant asks for a plan of at most 12 monthly instalments for one of their debts, worked out
 * from their budget; the back office offers it (a payment plan on the requested schedule, set up
 * as any other: three steps within 48 hours) or refuses it with a reason. Each change and its
 * e-mails commit together.
 *
 * What the tenant told us about their money (the budget lines) stays in payment_plan_requests for
 * the back office: never in an e-mail, a log line or analytics (CONVENTIONS "Personal data").
 * Log lines name ids only.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { PRODUCT_NAME } from "#common/product";
import { TEXT_LIMITS } from "#common/input";
import type { Deps } from "../context";
import type { Database } from "../db";
import { addresses, claims, paymentPlanRequests, properties, tenancies, users } from "../db/schema";
import {
  debtWords,
  instalmentPlan,
  planWords,
  plansThatFit,
  requestedPlanFirstDueDate,
  withinExemptPlanTerms,
  workOutBudget,
  type BudgetLineInput,
  type DebtType,
} from "../domain/budget";
import { isCalendarDate, londonDate } from "../domain/london-time";
import { plainPounds } from "#common/wording";
import { propertyLine } from "../domain/notices";
import { appLink } from "../lib/app-url";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import { queueEmail } from "../lib/mail";
import { queueNotice } from "../lib/notices";
import { newId } from "../lib/tokens";
import { createPaymentPlanOffer } from "../payment-plans";
import { ownDebts, resolveOwnDebt, type Debt, type DebtRef } from "./debts";
import { requestSummary } from "./views";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const PLAN_REQUEST_MESSAGES = {
  alreadyAsked:
    "You have already asked for a plan for this. We will answer you by e-mail, and until we do nobody will ask you for this money.",
  doesNotFit: "Choose one of the plans that fit what you have left each month",
} as const;

/** The budget page, as the tenant's e-mails link it: `?sent=` shows the request just sent. */
export const BUDGET_PAGE_PATH = "/help/struggling-to-pay/budget";

const lockDebt = (tx: Tx, userId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"payment-plan-request:" + userId}))`);

/**
 * Records a tenant's request for a plan for one of their debts (PENDING), with the budget as
 * monthly lines, its totals and the number of instalments asked for, and queues the receipt to
 * the tenant (PAYMENT_PLAN_REQUEST_RECEIVED) and the e-mail to support, in one transaction. One
 * pending request per debt and tenant (409). The plan must be one that fits the budget (400).
 */
export async function requestPaymentPlan(
  deps: Pick<Deps, "db" | "clock" | "config">,
  userId: string,
  input: DebtRef & { lines: BudgetLineInput[]; instalments: number },
) {
  const now = deps.clock.now();
  const worked = workOutBudget(input.lines);
  const request = await deps.db.transaction(async (tx) => {
    // One request at a time per tenant: two posts at once cannot both pass the check below.
    await lockDebt(tx, userId);
    const debt = await resolveOwnDebt(tx, userId, input, now);
    const [pending] = await tx
      .select({ id: paymentPlanRequests.id })
      .from(paymentPlanRequests)
      .where(and(eq(paymentPlanRequests.userId, userId), eq(paymentPlanRequests.status, "PENDING"), recordMatches(debt)))
      .limit(1);
    if (pending) throw new ApiError(409, PLAN_REQUEST_MESSAGES.alreadyAsked);
    const fit = plansThatFit(debt.amountPence, worked.leftPence);
    if (!fit.plans.some((p) => p.instalments === input.instalments)) {
      throw new ApiError(400, `Invalid request: instalments: ${PLAN_REQUEST_MESSAGES.doesNotFit}`);
    }
    const plan = instalmentPlan(debt.amountPence, input.instalments);
    const [row] = await tx
      .insert(paymentPlanRequests)
      .values({
        id: newId(),
        userId,
        debtType: debt.debtType,
        claimId: debt.claimId,
        arbitrationId: debt.arbitrationId,
        paymentPlanInstalmentId: debt.paymentPlanInstalmentId,
        amountPence: debt.amountPence,
        instalments: plan.instalments,
        // The first instalment: the most the plan takes in a month.
        instalmentPence: plan.firstPence,
        monthlyIncomePence: worked.monthlyIncomePence,
        monthlyOutgoingsPence: worked.monthlyOutgoingsPence,
        budget: worked.lines,
        status: "PENDING",
        createdAt: now,
      })
      .returning();
    const words = planWords(plan, plainPounds);
    await queueNotice(
      tx,
      {
        kind: "PAYMENT_PLAN_REQUEST_RECEIVED",
        facts: {
          property: debt.property,
          link: appLink(`${BUDGET_PAGE_PATH}?sent=${row!.id}`),
          debt: debtWords(debt.debtType, debt.instalmentNumber),
          amountPence: debt.amountPence,
          plan: words,
        },
      },
      [userId],
      now,
    );
    const [tenant] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
    await queueEmail(
      tx,
      {
        to: deps.config.supportEmail,
        template: "PAYMENT_PLAN_REQUEST_TO_SUPPORT",
        subject: `Payment plan request ${row!.id.slice(0, 8).toUpperCase()}: ${debt.debtType}, ${words}`,
        text: [
          `A tenant asked for a payment plan worked out from their budget, from the ${PRODUCT_NAME} budget page.`,
          "",
          `Request: ${row!.id}`,
          `Tenant: ${tenant ? `${tenant.firstName} ${tenant.lastName} <${tenant.email}>` : "unknown"} (user ${userId})`,
          `Debt: ${debt.debtType}, ${debtRecordLine(debt)}`,
          `Property: ${debt.property}`,
          `Owed: ${plainPounds(debt.amountPence)}`,
          `Plan asked for: ${words}, no interest and no fees`,
          `Asked: ${now.toISOString()}`,
          "",
          "Until it is answered, no reminder asks the tenant for this money and nothing about it escalates.",
          "The budget is kept for the back office only: npm run ops -- payment-plan-requests --request-id <the request>",
          "Offer the plan: npm run ops -- offer-payment-plan --request-id <the request>",
          'Or refuse it: npm run ops -- refuse-payment-plan-request --request-id <the request> --reason "…"',
        ].join("\n"),
      },
      now,
    );
    return row!;
  });
  log.info("payment plan request", { requestId: request.id });
  return {
    ...requestSummary(request),
    debtType: request.debtType as DebtType,
    monthlyIncomePence: request.monthlyIncomePence,
    monthlyOutgoingsPence: request.monthlyOutgoingsPence,
  };
}

function recordMatches(debt: Pick<Debt, "debtType" | "recordId">) {
  const byType = eq(paymentPlanRequests.debtType, debt.debtType);
  if (debt.debtType === "CLAIM_BALANCE") return and(byType, eq(paymentPlanRequests.claimId, debt.recordId));
  if (debt.debtType === "ADJUDICATION_AWARD") return and(byType, eq(paymentPlanRequests.arbitrationId, debt.recordId));
  return and(byType, eq(paymentPlanRequests.paymentPlanInstalmentId, debt.recordId));
}

function debtRecordLine(debt: Pick<Debt, "debtType" | "claimId" | "arbitrationId" | "paymentPlanId" | "paymentPlanInstalmentId" | "instalmentNumber">) {
  if (debt.debtType === "CLAIM_BALANCE") return `claim ${debt.claimId}`;
  if (debt.debtType === "ADJUDICATION_AWARD") return `arbitration ${debt.arbitrationId} (claim ${debt.claimId})`;
  return `instalment ${debt.instalmentNumber} (${debt.paymentPlanInstalmentId}) of payment plan ${debt.paymentPlanId}`;
}

// ── The back office ─────────────────────────────────────────────────────────────────

type RequestRow = typeof paymentPlanRequests.$inferSelect;

/** A request as the back office reads it: the plan asked for and the budget's totals; with `lines`, the budget itself. */
function backOfficeView(row: RequestRow & { email: string }, withLines: boolean) {
  const plan = instalmentPlan(row.amountPence, row.instalments);
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    userId: row.userId,
    email: row.email,
    debtType: row.debtType,
    claimId: row.claimId,
    arbitrationId: row.arbitrationId,
    paymentPlanInstalmentId: row.paymentPlanInstalmentId,
    amountPence: row.amountPence,
    plan: planWords(plan, plainPounds),
    instalments: row.instalments,
    monthlyIncomePence: row.monthlyIncomePence,
    monthlyOutgoingsPence: row.monthlyOutgoingsPence,
    leftPence: row.monthlyIncomePence - row.monthlyOutgoingsPence,
    paymentPlanId: row.paymentPlanId,
    refusalReason: row.refusalReason,
    ...(withLines ? { budget: row.budget } : {}),
  };
}

/** Every request, the pending ones first (oldest first: the longest waiting), then the answered (newest first); or one, with its budget. */
export async function listPlanRequests(db: Pick<Database, "select">, options: { status?: string; requestId?: string } = {}) {
  const rows = await db
    .select({ request: paymentPlanRequests, email: users.email })
    .from(paymentPlanRequests)
    .innerJoin(users, eq(users.id, paymentPlanRequests.userId))
    .where(
      and(
        options.status ? eq(paymentPlanRequests.status, options.status) : undefined,
        options.requestId ? eq(paymentPlanRequests.id, options.requestId) : undefined,
      ),
    )
    .orderBy(asc(paymentPlanRequests.createdAt), asc(paymentPlanRequests.id));
  if (options.requestId && rows.length === 0) throw new ApiError(404, `No payment plan request ${options.requestId}`);
  const views = rows.map((r) => backOfficeView({ ...r.request, email: r.email }, Boolean(options.requestId)));
  const pending = views.filter((v) => v.status === "PENDING");
  const answered = views.filter((v) => v.status !== "PENDING").reverse();
  return { requests: [...pending, ...answered] };
}

/** The request, locked, while it waits for an answer (409 once answered, 404 when unknown). */
async function pendingRequestForAnswer(tx: Tx, requestId: string) {
  const [row] = await tx.select().from(paymentPlanRequests).where(eq(paymentPlanRequests.id, requestId)).for("update");
  if (!row) throw new ApiError(404, `No payment plan request ${requestId}`);
  if (row.status !== "PENDING") throw new ApiError(409, `Payment plan request ${requestId} is ${row.status}, not PENDING: it has been answered`);
  return row;
}

/** The debt a request names, as it stands now (null when nothing is owed on it any more). */
async function currentDebt(tx: Tx, row: RequestRow, now: Date): Promise<Debt | null> {
  const debts = await ownDebts(tx, row.userId, now);
  const recordId = row.debtType === "CLAIM_BALANCE" ? row.claimId : row.debtType === "ADJUDICATION_AWARD" ? row.arbitrationId : row.paymentPlanInstalmentId;
  return debts.find((d) => d.debtType === row.debtType && d.recordId === recordId) ?? null;
}

/**
 * The back office offers the plan asked for (`offer-payment-plan --request-id`): a payment plan on
 * the requested schedule (the number of instalments; the amount still owed, the request's unless a
 * payment came in meanwhile) for the order customer owing it and its claim, offered as any other
 * (the three steps within 48 hours, PAYMENT_PLAN_OFFERED), its first instalment a week from today
 * (or `firstDueDate`, within the exempt agreement's terms); the request is OFFERED with the plan.
 */
export async function offerRequestedPlan(deps: Pick<Deps, "db" | "clock">, requestId: string, options: { firstDueDate?: string } = {}) {
  const now = deps.clock.now();
  const today = londonDate(now);
  const firstDueDate = options.firstDueDate ?? requestedPlanFirstDueDate(today);
  if (!isCalendarDate(firstDueDate)) throw new ApiError(400, "firstDueDate must be a YYYY-MM-DD date");
  const result = await deps.db.transaction(async (tx) => {
    const row = await pendingRequestForAnswer(tx, requestId);
    const debt = await currentDebt(tx, row, now);
    if (!debt) {
      throw new ApiError(409, `Nothing is owed on request ${requestId}'s debt any more (paid, or on a plan): refuse it with refuse-payment-plan-request instead`);
    }
    if (!withinExemptPlanTerms({ instalments: row.instalments, firstDueDate, interestPence: 0 }, today)) {
      throw new ApiError(400, "A plan is at most 12 monthly instalments, all due within 12 months of today, with no interest and no fees: choose an earlier firstDueDate");
    }
    const offer = await createPaymentPlanOffer(
      tx,
      { orderCustomerId: debt.orderCustomerId, claimId: debt.claimId, amount: debt.amountPence, instalments: row.instalments, firstDueDate, interestAmount: 0 },
      now,
    );
    await tx
      .update(paymentPlanRequests)
      .set({ status: "OFFERED", answeredAt: now, paymentPlanId: offer.paymentPlanId })
      .where(eq(paymentPlanRequests.id, row.id));
    return {
      requestId: row.id,
      paymentPlanId: offer.paymentPlanId,
      offerExpiresAt: offer.offerExpiresAt,
      amount: debt.amountPence,
      amountAskedFor: row.amountPence,
      instalments: row.instalments,
      firstDueDate,
      instalmentIds: offer.instalmentIds,
    };
  });
  log.info("payment plan request offered", { requestId, paymentPlanId: result.paymentPlanId });
  return result;
}

/** The longest reason the back office may give. */
export const REFUSAL_REASON_MAX_LENGTH = TEXT_LIMITS.shortText;

/**
 * The back office refuses a request (`refuse-payment-plan-request --reason`): REFUSED with the
 * reason, and the tenant is e-mailed it plainly with what they can do next
 * (PAYMENT_PLAN_REQUEST_REFUSED). From then on the money is asked for again as before.
 */
export async function refusePlanRequest(deps: Pick<Deps, "db" | "clock">, requestId: string, reason: string) {
  const now = deps.clock.now();
  const why = reason.trim();
  if (why.length === 0 || why.length > REFUSAL_REASON_MAX_LENGTH) {
    throw new ApiError(400, `Give the reason the tenant will read, in at most ${REFUSAL_REASON_MAX_LENGTH} characters`);
  }
  await deps.db.transaction(async (tx) => {
    const row = await pendingRequestForAnswer(tx, requestId);
    await tx.update(paymentPlanRequests).set({ status: "REFUSED", answeredAt: now, refusalReason: why }).where(eq(paymentPlanRequests.id, row.id));
    const debt = await currentDebt(tx, row, now);
    await queueNotice(
      tx,
      {
        kind: "PAYMENT_PLAN_REQUEST_REFUSED",
        facts: {
          property: debt?.property ?? (await propertyOfRequest(tx, row)),
          link: appLink(BUDGET_PAGE_PATH),
          debt: debtWords(row.debtType as DebtType, debt?.instalmentNumber ?? null),
          amountPence: row.amountPence,
          reason: why,
          contactLink: appLink("/contact"),
        },
      },
      [row.userId],
      now,
    );
  });
  log.info("payment plan request refused", { requestId });
  return { requestId, status: "REFUSED" as const };
}

/** The property a request's debt was for, when nothing is owed on it any more (the refusal still names it): its claim's, if it has one. */
async function propertyOfRequest(tx: Tx, row: RequestRow): Promise<string> {
  if (!row.claimId) return "your tenancy";
  const [place] = await tx
    .select({ address: addresses })
    .from(claims)
    .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(claims.id, row.claimId))
    .limit(1);
  return place ? propertyLine(place.address) : "your tenancy";
}
