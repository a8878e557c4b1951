/**
 * More time to answer a claim (issue 36, scope 4; docs/decisions/0049): a tenant asks for 1 to
 * 14 more days with a reason; the back office grants or refuses (the ops commands in
 * server/ops/more-time-commands.ts); a request not answered within 2 working days is granted by
 * the clock (server/jobs/more-time-requests.ts). The rules are server/domain/more-time.ts.
 *
 * Every write holds the claim row (FOR UPDATE, as every claim write does) and then the request,
 * and checks again under the lock: a double submit gets a 409, and two instances of the clock
 * (SKIP LOCKED) never answer a request twice. A grant moves the current proposal's
 * responseDeadline, which the claim page, its calendar file and the reminders all read (a
 * reminder's dedupe key names the deadline, so the new one gets reminders of its own). While a
 * request waits, the deadline holds: records.ts's `moreTimeRequestWaits` is the clock's hook.
 *
 * The reason a tenant gives is kept for the back office alone: never logged, never sent back.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Deps } from "../context";
import type { Database } from "../db";
import { claimProposals, moreTimeRequests, users } from "../db/schema";
import { proposalDeadline } from "../domain/deadlines";
import {
  checkMoreTimeDays,
  checkMoreTimeRequest,
  deadlineAfterRefusal,
  effectiveMoreTimeStatus,
  grantedAutomatically,
  grantedDeadline,
  MORE_TIME_ANSWER_WORKING_DAYS,
  MORE_TIME_MAX_DAYS,
  MORE_TIME_MESSAGES,
  MORE_TIME_MIN_DAYS,
  moreTimeAnswerBy,
  moreTimeAnswerOverdue,
  moreTimeProposal,
  type MoreTimeClaim,
} from "../domain/more-time";
import { ApiError } from "../lib/errors";
import { queueNotice } from "../lib/notices";
import { newId } from "../lib/tokens";
import type { AskForMoreTimeInput, MoreTimeView } from "./more-time-schemas";
import { claimAudience, claimLinks, tenantName } from "./notices";
import { claimStatusOf, loadProposals, lockClaim, toDomainProposal, type ClaimRow } from "./records";
import { refuse, withClaim } from "./responses";
import { respondentOrNotFound } from "./views";

type RequestRow = typeof moreTimeRequests.$inferSelect;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The claim's status and proposals as the rules read them, under the caller's lock or not. */
async function moreTimeClaim(db: Database, claim: ClaimRow): Promise<MoreTimeClaim> {
  return { status: claimStatusOf(claim), proposals: (await loadProposals(db, claim.id)).map(toDomainProposal) };
}

async function requestsOf(db: Database, claimId: string, lock = false): Promise<RequestRow[]> {
  const query = db
    .select()
    .from(moreTimeRequests)
    .where(eq(moreTimeRequests.claimId, claimId))
    .orderBy(asc(moreTimeRequests.createdAt), asc(moreTimeRequests.id));
  return lock ? query.for("update") : query;
}

/** Under the claim's lock: requests still PENDING whose proposal was answered or replaced are closed as LAPSED. */
async function lapseMovedOn(tx: Database, claim: MoreTimeClaim, requests: RequestRow[], now: Date): Promise<RequestRow[]> {
  const result: RequestRow[] = [];
  for (const request of requests) {
    if (request.status === "PENDING" && effectiveMoreTimeStatus(request, claim) === "LAPSED") {
      await tx.update(moreTimeRequests).set({ status: "LAPSED", answeredAt: now }).where(eq(moreTimeRequests.id, request.id));
      result.push({ ...request, status: "LAPSED", answeredAt: now });
    } else result.push(request);
  }
  return result;
}

// ── The tenant ──────────────────────────────────────────────────────────────────────

/** A tenant of the claim asks for more time (409 with the rule's message when they may not), and gets a receipt. */
export async function askForMoreTime(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string, input: AskForMoreTimeInput) {
  await withClaim(deps, claimId, userId, async (ctx) => {
    const claim = { status: ctx.status, proposals: ctx.domain };
    const requests = await lapseMovedOn(ctx.tx, claim, await requestsOf(ctx.tx, claimId, true), ctx.now);
    refuse(checkMoreTimeRequest(claim, requests, ctx.now));
    const proposal = moreTimeProposal(claim)!;
    await ctx.tx.insert(moreTimeRequests).values({
      id: newId(),
      claimId,
      userId,
      claimProposalId: proposal.id,
      reason: input.reason,
      daysRequested: input.days,
      status: "PENDING",
      deadlineBefore: proposalDeadline(proposal),
      createdAt: ctx.now,
    });
    const audience = await claimAudience(ctx.tx, claimId);
    await queueNotice(
      ctx.tx,
      {
        kind: "MORE_TIME_REQUESTED",
        facts: { property: audience.property, link: claimLinks.moreTime(audience), days: input.days, answerBy: moreTimeAnswerBy(ctx.now) },
      },
      [userId],
      ctx.now,
    );
  });
  return moreTimeOfClaim(deps, claimId, userId);
}

/** The claim's more-time page: may a tenant ask now, and the latest request (its reason never; a refusal's reason to its asker only). */
export async function moreTimeOfClaim(deps: Pick<Deps, "db" | "clock">, claimId: string, userId: string): Promise<MoreTimeView> {
  const now = deps.clock.now();
  const { claim } = await respondentOrNotFound(deps.db, claimId, userId);
  const [rules, requests] = [await moreTimeClaim(deps.db, claim), await requestsOf(deps.db, claimId)];
  const check = checkMoreTimeRequest(rules, requests, now);
  const open = moreTimeProposal(rules);
  const latest = requests.at(-1);
  let request: MoreTimeView["request"] = null;
  if (latest) {
    const [asker] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, latest.userId));
    const askedByYou = latest.userId === userId;
    request = {
      id: latest.id,
      status: effectiveMoreTimeStatus(latest, rules),
      askedByYou,
      askedBy: asker ? `${asker.firstName} ${asker.lastName}`.trim() : "A tenant",
      daysRequested: latest.daysRequested,
      daysGranted: latest.daysGranted,
      createdAt: latest.createdAt.toISOString(),
      answerBy: moreTimeAnswerBy(latest.createdAt).toISOString(),
      answeredAt: iso(latest.answeredAt),
      grantedAutomatically: grantedAutomatically(latest),
      deadlineAfter: iso(latest.deadlineAfter),
      refusalReason: askedByYou ? latest.refusalReason : null,
    };
  }
  const deadline = open ? proposalDeadline(open) : null;
  return {
    canAsk: check.ok,
    cannotAsk: check.ok ? null : check.message,
    minDays: MORE_TIME_MIN_DAYS,
    maxDays: MORE_TIME_MAX_DAYS,
    answerWorkingDays: MORE_TIME_ANSWER_WORKING_DAYS,
    responseDeadline: iso(deadline),
    final: open?.round === 3,
    request,
  };
}

// ── The back office and the clock ────────────────────────────────────────────────────

export type MoreTimeDecision = { grant: number; automatic?: boolean } | { refuse: string };

export type MoreTimeAnswer = {
  moreTimeRequestId: string;
  claimId: string;
  status: "GRANTED" | "REFUSED" | "LAPSED";
  deadlineBefore: string | null;
  deadlineAfter: string | null;
  /** The tenants e-mailed the answer. */
  told: number;
};

/**
 * Answers a waiting request under its claim's lock: a grant moves the deadline for every tenant and
 * tells each of them; a refusal tells the tenant who asked, and moves the deadline only to leave
 * them 3 days. A request whose proposal was answered or replaced meanwhile lapses, telling nobody.
 */
async function answerLocked(tx: Database, claim: ClaimRow, request: RequestRow, decision: MoreTimeDecision, now: Date): Promise<MoreTimeAnswer> {
  const rules = await moreTimeClaim(tx, claim);
  const base = { moreTimeRequestId: request.id, claimId: claim.id };
  const open = moreTimeProposal(rules);
  const before = open ? proposalDeadline(open) : null;
  if (!open || open.id !== request.claimProposalId || before === null) {
    await tx.update(moreTimeRequests).set({ status: "LAPSED", answeredAt: now }).where(eq(moreTimeRequests.id, request.id));
    return { ...base, status: "LAPSED", deadlineBefore: null, deadlineAfter: null, told: 0 };
  }
  const after = "grant" in decision ? grantedDeadline(before, now, decision.grant) : deadlineAfterRefusal(before, now);
  if (after.getTime() !== before.getTime()) {
    await tx.select({ id: claimProposals.id }).from(claimProposals).where(eq(claimProposals.id, open.id)).for("update");
    await tx.update(claimProposals).set({ responseDeadline: after, updatedAt: now }).where(eq(claimProposals.id, open.id));
  }
  await tx
    .update(moreTimeRequests)
    .set({
      status: "grant" in decision ? "GRANTED" : "REFUSED",
      daysGranted: "grant" in decision ? decision.grant : null,
      refusalReason: "refuse" in decision ? decision.refuse : null,
      deadlineBefore: before,
      deadlineAfter: after,
      answeredAt: now,
    })
    .where(eq(moreTimeRequests.id, request.id));
  const audience = await claimAudience(tx, claim.id);
  const about = { property: audience.property, link: claimLinks.claim(audience), deadline: after, final: open.round === 3 };
  let told = 0;
  if ("grant" in decision) {
    const granted = { ...about, days: decision.grant, automatic: decision.automatic === true, askedBy: tenantName(audience, request.userId) };
    const others = audience.tenants.map((t) => t.userId).filter((id) => id !== request.userId);
    told += (await queueNotice(tx, { kind: "MORE_TIME_GRANTED", facts: { ...granted, askedByYou: true } }, [request.userId], now)).emails;
    told += (await queueNotice(tx, { kind: "MORE_TIME_GRANTED", facts: { ...granted, askedByYou: false } }, others, now)).emails;
  } else {
    const refused = { ...about, reason: decision.refuse, moved: after.getTime() !== before.getTime() };
    told += (await queueNotice(tx, { kind: "MORE_TIME_REFUSED", facts: refused }, [request.userId], now)).emails;
  }
  return { ...base, status: "grant" in decision ? "GRANTED" : "REFUSED", deadlineBefore: before.toISOString(), deadlineAfter: after.toISOString(), told };
}

/** The requests waiting for an answer, oldest first: all of them, or one tenant's (and one claim's). */
export async function waitingMoreTimeRequests(db: Database, filter: { userId?: string; claimId?: string } = {}) {
  const rows = await db
    .select({ request: moreTimeRequests, email: users.email })
    .from(moreTimeRequests)
    .innerJoin(users, eq(users.id, moreTimeRequests.userId))
    .where(
      and(
        eq(moreTimeRequests.status, "PENDING"),
        filter.userId ? eq(moreTimeRequests.userId, filter.userId) : undefined,
        filter.claimId ? eq(moreTimeRequests.claimId, filter.claimId) : undefined,
      ),
    )
    .orderBy(asc(moreTimeRequests.createdAt), asc(moreTimeRequests.id));
  return rows.map(({ request, email }) => ({
    moreTimeRequestId: request.id,
    claimId: request.claimId,
    email,
    daysRequested: request.daysRequested,
    reason: request.reason,
    askedAt: request.createdAt.toISOString(),
    answerBy: moreTimeAnswerBy(request.createdAt).toISOString(),
  }));
}

/**
 * The back office answers a waiting request: a grant of 1 to 14 days, or a refusal with its reason.
 * 409 when it has been answered already (the clock may have granted it).
 */
export async function answerMoreTimeRequest(deps: Pick<Deps, "db" | "clock">, moreTimeRequestId: string, decision: MoreTimeDecision) {
  if ("grant" in decision) {
    const days = checkMoreTimeDays(decision.grant);
    if (!days.ok) throw new ApiError(400, days.message);
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ claimId: moreTimeRequests.claimId }).from(moreTimeRequests).where(eq(moreTimeRequests.id, moreTimeRequestId));
    if (!found) throw new ApiError(404, MORE_TIME_MESSAGES.nothingWaiting);
    const claim = (await lockClaim(tx, found.claimId))!;
    const [request] = await tx.select().from(moreTimeRequests).where(eq(moreTimeRequests.id, moreTimeRequestId)).for("update");
    if (!request || request.status !== "PENDING") throw new ApiError(409, MORE_TIME_MESSAGES.nothingWaiting);
    return answerLocked(tx, claim, request, decision, now);
  });
}

export type MoreTimeSweep = {
  /** Requests not answered in time, granted with the days asked for. */
  granted: MoreTimeAnswer[];
  /** Overdue requests whose charges were answered meanwhile, closed. */
  lapsed: number;
  /** Requests whose claim another instance or a tenant was changing (locked), left for the next run. */
  skippedLocked: number;
};

/**
 * The clock's job: every request still waiting after its answer-by (2 working days) is granted the
 * days asked for, each in its own transaction that takes the claim and the request with
 * `FOR UPDATE SKIP LOCKED` and checks again, so several instances grant each once.
 */
export async function grantOverdueMoreTimeRequests(db: Database, now: Date): Promise<MoreTimeSweep> {
  const sweep: MoreTimeSweep = { granted: [], lapsed: 0, skippedLocked: 0 };
  // Candidates only: an answer-by is at least 48 hours after the request (2 working days, to the end of a day).
  const candidates = await db
    .select({ id: moreTimeRequests.id, claimId: moreTimeRequests.claimId, status: moreTimeRequests.status, createdAt: moreTimeRequests.createdAt })
    .from(moreTimeRequests)
    .where(and(eq(moreTimeRequests.status, "PENDING"), lte(moreTimeRequests.createdAt, new Date(now.getTime() - 48 * 3600_000))))
    .orderBy(asc(moreTimeRequests.createdAt), asc(moreTimeRequests.id));
  for (const candidate of candidates.filter((c) => moreTimeAnswerOverdue(c, now))) {
    const outcome = await db.transaction(async (tx) => {
      const claim = await lockClaim(tx, candidate.claimId, { skipLocked: true });
      if (!claim) return "locked" as const;
      const [request] = await tx.select().from(moreTimeRequests).where(eq(moreTimeRequests.id, candidate.id)).for("update", { skipLocked: true });
      if (!request) return "locked" as const;
      if (!moreTimeAnswerOverdue(request, now)) return null;
      return answerLocked(tx, claim, request, { grant: request.daysRequested, automatic: true }, now);
    });
    if (outcome === "locked") sweep.skippedLocked += 1;
    else if (outcome?.status === "GRANTED") sweep.granted.push(outcome);
    else if (outcome?.status === "LAPSED") sweep.lapsed += 1;
  }
  return sweep;
}
