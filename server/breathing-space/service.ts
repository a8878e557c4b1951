/**
 * Breathing Space (issue 36, decision 0047): recording a moratorium (by the tenant at
 * /help/breathing-space, or by the back office from a debt adviser's notice), ending one, and
 * moving the deadlines that fall inside it.
 *
 * Moving, in one transaction with the tenant's claims locked (as every claim change takes them):
 * each live deadline of the tenant (a claim proposal's responseDeadline they must answer or pay
 * by, a disputed proposal's fee deadline, an adjudicator's paymentDeadline, a live plan's pending
 * instalments) that falls inside is recorded in breathing_space_deadlines, and moved once the end
 * is known — a standard one's at once, a crisis one's when the back office records the
 * treatment's end. The stored columns move, so the pages, the reminders and the calendar files
 * show the new dates by themselves. A deadline made while one is in force (a final proposal sent
 * during it, a proposal's hold running out) is recorded and moved by the sweeper's next run
 * (server/jobs/breathing-spaces.ts), which also closes a moratorium after its last day. Each
 * row's unique (moratorium, kind, target) and the conditional updates make every step happen
 * once, however many instances run it.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import {
  BREATHING_SPACE_MESSAGES,
  normaliseReference,
  referenceError,
  startDateError,
  typeError,
  type BreathingSpaceType,
} from "#common/breathing-space";
import { PRODUCT_NAME } from "#common/product";
import type { Deps } from "../context";
import type { Database } from "../db";
import { breathingSpaceDeadlines, breathingSpaces, users } from "../db/schema";
import { fallsInside, isOver, lastDayOf, movedDeadline, pauseDays, shiftedSchedule, type Moratorium } from "../domain/breathing-space";
import { isCalendarDate, londonDate, startOfLondonDay } from "../domain/london-time";
import { longLondonDate } from "#common/wording";
import { appLink } from "../lib/app-url";
import { ApiError, notFound } from "../lib/errors";
import { queueEmail } from "../lib/mail";
import { newId } from "../lib/tokens";
import { liveClaimDeadlines, moveClaimDeadline, type LiveClaimDeadline } from "../claims";
import { moveInstalment, pendingInstalmentsOf, type PendingInstalment } from "../payment-plans";
import { breathingSpacesInForce, mayBeInForce, moratoriumOf, statusOf, type BreathingSpaceRow } from "../lib/breathing-space-reads";

export type BreathingSpaceView = {
  reference: string;
  type: BreathingSpaceType;
  startDate: string;
  /** Its last day; null while a crisis one has no end yet. */
  until: string | null;
  recordedBy: "TENANT" | "OPS";
};

export function breathingSpaceView(row: BreathingSpaceRow): BreathingSpaceView {
  return {
    reference: row.reference,
    type: row.type as BreathingSpaceType,
    startDate: row.startDate,
    until: statusOf(row).until,
    recordedBy: row.recordedBy === "OPS" ? "OPS" : "TENANT",
  };
}

/** The tenant's Breathing Space in force now, or null. */
export async function currentBreathingSpace(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<BreathingSpaceView | null> {
  const row = (await breathingSpacesInForce(deps.db, [userId], deps.clock.now())).get(userId);
  return row ? breathingSpaceView(row) : null;
}

export type RecordBreathingSpaceInput = { reference: string; type: string; startDate: string };

/**
 * Records a moratorium for a tenant: its reference (any sensible shape), type and start day (not
 * after today; a standard one not more than 60 days ago, when it would have ended). One in force
 * per tenant: a second is refused (409). The tenant is e-mailed a receipt saying what pauses and
 * until when.
 */
export async function recordBreathingSpace(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  input: RecordBreathingSpaceInput,
  recordedBy: "TENANT" | "OPS",
): Promise<BreathingSpaceView> {
  const now = deps.clock.now();
  const problem = referenceError(input.reference) ?? typeError(input.type) ?? startDateError(input.startDate, input.type, londonDate(now));
  if (problem) throw new ApiError(400, problem);
  const type = input.type as BreathingSpaceType;
  return deps.db.transaction(async (tx) => {
    // The tenant's row, locked: two requests at once record one moratorium, not two.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound();
    if ((await breathingSpacesInForce(tx, [userId], now)).size > 0) throw new ApiError(409, BREATHING_SPACE_MESSAGES.alreadyInPlace);
    const m: Moratorium = { type, startDate: input.startDate.trim() };
    const [row] = await tx
      .insert(breathingSpaces)
      .values({
        id: newId(),
        userId,
        reference: normaliseReference(input.reference),
        type,
        startDate: m.startDate,
        recordedBy,
        endsOn: lastDayOf(m),
        createdAt: now,
      })
      .returning();
    await moveDeadlines(tx, row!, now, "wait");
    await queueEmail(tx, receipt(user, row!), now);
    return breathingSpaceView(row!);
  });
}

/**
 * Ends the tenant's moratorium in force. A crisis one: the back office records the day the
 * treatment ended, so it ends 30 days later, and the deadlines inside move now. A standard one:
 * ends now (the adviser cancelled it); the deadlines already moved keep their new dates, so no
 * tenant is ever given less time than they were told.
 */
export async function endBreathingSpace(deps: Pick<Deps, "db" | "clock">, userId: string, input: { treatmentEndedOn?: string | null }) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound();
    const [row] = await tx
      .select()
      .from(breathingSpaces)
      .where(and(eq(breathingSpaces.userId, userId), mayBeInForce(now)))
      .orderBy(asc(breathingSpaces.createdAt))
      .for("update");
    if (!row) throw new ApiError(409, "This tenant has no Breathing Space in place");
    let updated: BreathingSpaceRow;
    if (row.type === "MENTAL_HEALTH_CRISIS") {
      const ended = input.treatmentEndedOn?.trim();
      if (!ended) throw new ApiError(400, "A mental health crisis Breathing Space ends 30 days after the treatment ends: give the day it ended (--treatment-ended YYYY-MM-DD)");
      if (!isCalendarDate(ended) || ended > londonDate(now) || ended < row.startDate) {
        throw new ApiError(400, "The treatment's end must be a real date, not in the future and not before the Breathing Space started");
      }
      if (row.treatmentEndedOn) throw new ApiError(409, `The treatment's end is already recorded (${row.treatmentEndedOn})`);
      const endsOn = lastDayOf({ type: "MENTAL_HEALTH_CRISIS", startDate: row.startDate, treatmentEndedOn: ended });
      [updated] = (await tx.update(breathingSpaces).set({ treatmentEndedOn: ended, endsOn }).where(eq(breathingSpaces.id, row.id)).returning()) as [BreathingSpaceRow];
      await moveDeadlines(tx, updated, now, "wait");
    } else {
      if (input.treatmentEndedOn) throw new ApiError(400, "Only a mental health crisis Breathing Space has a treatment end");
      [updated] = (await tx
        .update(breathingSpaces)
        .set({ endedAt: now, endReason: "CANCELLED" })
        .where(eq(breathingSpaces.id, row.id))
        .returning()) as [BreathingSpaceRow];
    }
    await queueEmail(tx, endingNotice(user, updated, now), now);
    return breathingSpaceView(updated);
  });
}

// ── Moving the deadlines ────────────────────────────────────────────────────────────────

type DeadlineRow = typeof breathingSpaceDeadlines.$inferSelect;
type Change =
  | { kind: "CLAIM"; live: LiveClaimDeadline; row: DeadlineRow | undefined; to: Date | null }
  | { kind: "INSTALMENT"; live: PendingInstalment; row: DeadlineRow | undefined; to: string | null }
  | { kind: "SETTLE"; row: DeadlineRow };

export type MoveOutcome = { recorded: number; moved: number } | "locked";

const rowKey = (kind: string, targetId: string) => `${kind}:${targetId}`;
const instant = (day: string) => startOfLondonDay(day);

/**
 * What moving would change now: each live deadline inside that has no row yet, or whose row waits
 * for the end to be known and now can move; and, once the end is known, the rows recorded but
 * no longer inside (a deadline that fell after the last day) settled as not moved. `lock` is the
 * claims' (liveClaimDeadlines): "none" for the sweeper's cheap look.
 */
export async function plannedChanges(db: Database, bs: BreathingSpaceRow, now: Date, lock: "none" | "wait" | "skip"): Promise<Change[] | "locked"> {
  const m: Moratorium = { type: bs.type as BreathingSpaceType, startDate: bs.startDate, treatmentEndedOn: bs.treatmentEndedOn };
  const claimDeadlines = await liveClaimDeadlines(db, bs.userId, lock);
  if (claimDeadlines === "locked") return "locked";
  const rows = await db.select().from(breathingSpaceDeadlines).where(eq(breathingSpaceDeadlines.breathingSpaceId, bs.id));
  const byKey = new Map(rows.map((r) => [rowKey(r.kind, r.targetId), r]));
  const known = pauseDays(m) !== null;
  const changes: Change[] = [];
  const touched = new Set<string>();

  for (const live of claimDeadlines) {
    if (!fallsInside(m, live.deadline)) continue;
    const row = byKey.get(rowKey(live.kind, live.targetId));
    touched.add(rowKey(live.kind, live.targetId));
    const to = movedDeadline(m, live.deadline);
    // Recorded and waiting for the end, and still waiting: nothing to do.
    if (row && row.movedTo === null && to === null && row.originalDeadline.getTime() === live.deadline.getTime()) continue;
    changes.push({ kind: "CLAIM", live, row, to });
  }

  for (const plan of await pendingInstalmentsOf(db, bs.userId, now)) {
    const dates = plan.map((i) => i.dueDate);
    const shifted = known ? shiftedSchedule(m, dates) : dates;
    plan.forEach((live, i) => {
      const key = rowKey("INSTALMENT", live.id);
      const row = byKey.get(key);
      if (known) {
        if (shifted[i] === dates[i]) return;
        touched.add(key);
        changes.push({ kind: "INSTALMENT", live, row, to: shifted[i]! });
      } else if (fallsInside(m, instant(live.dueDate))) {
        touched.add(key);
        if (!row || row.movedTo !== null || row.originalDeadline.getTime() !== instant(live.dueDate).getTime()) {
          changes.push({ kind: "INSTALMENT", live, row, to: null });
        }
      }
    });
  }

  if (known) {
    for (const row of rows) if (row.movedTo === null && !touched.has(rowKey(row.kind, row.targetId))) changes.push({ kind: "SETTLE", row });
  }
  return changes;
}

/** Records and moves what plannedChanges found; the caller holds the moratorium's row and the claims' locks. */
async function applyChanges(db: Database, bs: BreathingSpaceRow, changes: Change[], now: Date) {
  let recorded = 0;
  let moved = 0;
  const upsert = async (kind: string, targetId: string, row: DeadlineRow | undefined, original: Date, movedTo: Date | null) => {
    if (row) {
      await db.update(breathingSpaceDeadlines).set({ originalDeadline: original, movedTo }).where(eq(breathingSpaceDeadlines.id, row.id));
    } else {
      await db
        .insert(breathingSpaceDeadlines)
        .values({ id: newId(), breathingSpaceId: bs.id, kind, targetId, originalDeadline: original, movedTo, createdAt: now })
        .onConflictDoUpdate({
          target: [breathingSpaceDeadlines.breathingSpaceId, breathingSpaceDeadlines.kind, breathingSpaceDeadlines.targetId],
          set: { originalDeadline: original, movedTo },
        });
    }
    recorded += 1;
  };
  for (const change of changes) {
    if (change.kind === "SETTLE") {
      // Recorded while the end was unknown, and not inside after all: it keeps its date.
      await db
        .update(breathingSpaceDeadlines)
        .set({ movedTo: change.row.originalDeadline })
        .where(and(eq(breathingSpaceDeadlines.id, change.row.id), isNull(breathingSpaceDeadlines.movedTo)));
    } else if (change.kind === "CLAIM") {
      if (change.to && !(await moveClaimDeadline(db, change.live, change.to))) continue;
      await upsert(change.live.kind, change.live.targetId, change.row, change.live.deadline, change.to);
      if (change.to) moved += 1;
    } else {
      if (change.to && !(await moveInstalment(db, change.live, change.to, now))) continue;
      await upsert("INSTALMENT", change.live.id, change.row, instant(change.live.dueDate), change.to ? instant(change.to) : null);
      if (change.to) moved += 1;
    }
  }
  return { recorded, moved };
}

/** Plans and applies in the caller's transaction (which holds the moratorium's row). */
export async function moveDeadlines(db: Database, bs: BreathingSpaceRow, now: Date, lock: "wait" | "skip"): Promise<MoveOutcome> {
  const changes = await plannedChanges(db, bs, now, lock);
  if (changes === "locked") return "locked";
  return applyChanges(db, bs, changes, now);
}

export type BreathingSpaceSweep = {
  /** Deadlines this run recorded or moved, and how many of them moved. */
  recorded: number;
  moved: number;
  /** Moratoriums this run closed after their last day (or their early end). */
  closed: string[];
  /** Moratoriums another run or a tenant's request was holding (their row or a claim): left for the next run. */
  skippedLocked: number;
};

/**
 * The sweeper's part (server/jobs/breathing-spaces.ts): for each open moratorium, a cheap look
 * without locks; only when something is to be recorded, moved or closed, a transaction that
 * takes its row with FOR UPDATE SKIP LOCKED and the tenant's claims with SKIP LOCKED, looks
 * again, and applies. Idempotent; several instances at once each take different rows.
 */
export async function sweepBreathingSpaces(db: Database, now: Date): Promise<BreathingSpaceSweep> {
  const sweep: BreathingSpaceSweep = { recorded: 0, moved: 0, closed: [], skippedLocked: 0 };
  const open = await db.select().from(breathingSpaces).where(isNull(breathingSpaces.endedAt)).orderBy(asc(breathingSpaces.id));
  for (const candidate of open) {
    const over = isOver(moratoriumOf(candidate), now);
    const look = await plannedChanges(db, candidate, now, "none");
    if (look !== "locked" && look.length === 0 && !over) continue;
    const outcome = await db.transaction(async (tx) => {
      const [bs] = await tx
        .select()
        .from(breathingSpaces)
        .where(and(eq(breathingSpaces.id, candidate.id), isNull(breathingSpaces.endedAt)))
        .for("update", { skipLocked: true });
      if (!bs) return "locked" as const;
      const moved = await moveDeadlines(tx, bs, now, "skip");
      if (moved === "locked") return "locked" as const;
      const closed = isOver(moratoriumOf(bs), now);
      if (closed) await tx.update(breathingSpaces).set({ endedAt: now, endReason: "ENDED" }).where(eq(breathingSpaces.id, bs.id));
      return { ...moved, closed };
    });
    if (outcome === "locked") sweep.skippedLocked += 1;
    else {
      sweep.recorded += outcome.recorded;
      sweep.moved += outcome.moved;
      if (outcome.closed) sweep.closed.push(candidate.id);
    }
  }
  return sweep;
}

// ── The e-mails ─────────────────────────────────────────────────────────────────────────

type Recipient = Pick<typeof users.$inferSelect, "id" | "email" | "firstName">;

const WHILE_IT_LASTS = [
  "While it lasts:",
  "- we will not ask you to pay anything, by e-mail or by text message;",
  "- no payment plan instalment is taken from your card;",
  `- no fee is added to what you owe ${PRODUCT_NAME};`,
  "- no end of tenancy charges are treated as accepted because a deadline passed.",
  "",
  "Any deadline that falls in your Breathing Space moves to after it ends, by the days that were left. Your pages and calendar files show the new dates.",
  "You can still answer end of tenancy charges or pay, if you choose to.",
];

function untilWords(row: BreathingSpaceRow) {
  const until = statusOf(row).until;
  return until ? `until ${longLondonDate(startOfLondonDay(until))}` : "until it ends. It has no end date yet: we will e-mail you the date once we know it";
}

function receipt(user: Recipient, row: BreathingSpaceRow) {
  return {
    to: user.email,
    userId: user.id,
    template: "BREATHING_SPACE_RECORDED",
    subject: "Your Breathing Space is recorded",
    text: [
      `Hello ${user.firstName},`,
      "",
      `We have recorded your Breathing Space (reference ${row.reference}), from ${longLondonDate(startOfLondonDay(row.startDate))} ${untilWords(row)}.`,
      "",
      ...WHILE_IT_LASTS,
      "",
      "See what pauses, and your Breathing Space:",
      appLink("/help/breathing-space"),
    ].join("\n"),
  };
}

function endingNotice(user: Recipient, row: BreathingSpaceRow, now: Date) {
  const cancelled = row.endReason === "CANCELLED";
  const until = statusOf(row).until;
  return {
    to: user.email,
    userId: user.id,
    template: "BREATHING_SPACE_ENDING",
    subject: cancelled ? "Your Breathing Space has ended" : "The end date of your Breathing Space",
    text: [
      `Hello ${user.firstName},`,
      "",
      cancelled
        ? `Your Breathing Space (reference ${row.reference}) ended on ${longLondonDate(now)}. Any deadline it moved keeps its new date.`
        : `Your Breathing Space (reference ${row.reference}) lasts until ${longLondonDate(startOfLondonDay(until!))}. The deadlines that fall in it have moved to after that day, by the days that were left: your pages and calendar files show the new dates.`,
      "If you are finding it hard to pay, free and independent debt advice can help, and you can ask us for a plan you can afford.",
      "",
      "See your Breathing Space and what it paused:",
      appLink("/help/breathing-space"),
    ].join("\n"),
  };
}
