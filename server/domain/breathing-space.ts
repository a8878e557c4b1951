/**
 * Breathing Space (issue 36, decision 0047): when a moratorium ends, whether one is in force at
 * an instant, and where a deadline that falls inside it moves to. Pure; every function takes
 * "now" as an argument. London days throughout: a moratorium is in force from the first instant
 * of its start day (00:00 London) to the last millisecond of its last day (23:59:59.999 London,
 * the end-of-day convention of ./deadlines.ts), unless it was ended early.
 *
 * Moving a deadline (the reading chosen, "by the days that were left"): a deadline on the London
 * day `start + d` had d + 1 days left when the moratorium began (the start day counts: the
 * moratorium takes it whole), so it moves to the London day `lastDay + d + 1`, at the same London
 * time of day (a deadline at 11:59pm stays at 11:59pm). Equivalently every deadline inside moves
 * by the moratorium's length in days (`pauseDays`), which keeps deadlines in the order and the
 * spacing they had. A deadline on the start day moves to the day after the last day.
 *
 * Instalments (`shiftedSchedule`): the whole remaining schedule moves by the same days, from the
 * first pending instalment inside on, so the plan keeps its monthly spacing and no two
 * instalments fall together after the moratorium (moving only those inside would stack a
 * moved one on the next, or put them out of order).
 */
import { CRISIS_DAYS_AFTER_TREATMENT, STANDARD_BREATHING_SPACE_DAYS, type BreathingSpaceType } from "#common/breathing-space";
import {
  addCalendarDays,
  calendarDaysBetween,
  endOfLondonDay,
  londonDate,
  startOfLondonDay,
  toInstant,
  type CalendarDate,
  type Instant,
} from "./london-time.js";

export { CRISIS_DAYS_AFTER_TREATMENT, STANDARD_BREATHING_SPACE_DAYS, type BreathingSpaceType };

export type Moratorium = {
  type: BreathingSpaceType;
  /** The London day it started. */
  startDate: CalendarDate;
  /** Mental health crisis only: the day the treatment ended, once the back office has recorded it. */
  treatmentEndedOn?: CalendarDate | null;
  /** When it was ended early (the adviser cancelled it): in force until then. */
  endedAt?: Instant | null;
};

/**
 * Its last day, when known: a standard one's is 60 days after the start day; a crisis one's is
 * 30 days after the day the treatment ended, and unknown (null) until the back office records it.
 */
export function lastDayOf(m: Moratorium): CalendarDate | null {
  if (m.type === "STANDARD") return addCalendarDays(m.startDate, STANDARD_BREATHING_SPACE_DAYS);
  return m.treatmentEndedOn ? addCalendarDays(m.treatmentEndedOn, CRISIS_DAYS_AFTER_TREATMENT) : null;
}

/** The instant it stops, when known: the end of its last day, or when it was ended early if that is sooner. */
export function endsAt(m: Moratorium): Date | null {
  const last = lastDayOf(m);
  const natural = last ? endOfLondonDay(last) : null;
  const early = m.endedAt ? toInstant(m.endedAt) : null;
  if (early && (!natural || early.getTime() < natural.getTime())) return early;
  return natural;
}

/** Whether it is in force at `now`: from the start of its start day to its end (a crisis one with no end yet: from the start on). */
export function isInForce(m: Moratorium, now: Instant): boolean {
  const t = toInstant(now).getTime();
  if (t < startOfLondonDay(m.startDate).getTime()) return false;
  const end = endsAt(m);
  if (!end) return true;
  // Ended early: not in force from that instant on. Natural end: its last millisecond is still inside.
  return m.endedAt && end.getTime() === toInstant(m.endedAt).getTime() ? t < end.getTime() : t <= end.getTime();
}

/** Whether it is over at `now` (its end is known and has passed): the sweeper then closes it. */
export function isOver(m: Moratorium, now: Instant): boolean {
  const end = endsAt(m);
  return end !== null && !isInForce(m, now) && toInstant(now).getTime() >= end.getTime();
}

/**
 * The days a deadline inside it moves by: its length in London days, start and last day both
 * counted (61 for a standard one). Null while the end is unknown.
 */
export function pauseDays(m: Pick<Moratorium, "type" | "startDate" | "treatmentEndedOn">): number | null {
  const last = lastDayOf(m);
  return last === null ? null : calendarDaysBetween(m.startDate, last) + 1;
}

/**
 * Whether a deadline falls inside it: on or after the start of its start day, and (when the end
 * is known) not after the end of its last day. While a crisis one has no end, every deadline from
 * its start on falls inside. Early endings do not count: a deadline moved stays moved.
 */
export function fallsInside(m: Pick<Moratorium, "type" | "startDate" | "treatmentEndedOn">, deadline: Instant): boolean {
  const t = toInstant(deadline).getTime();
  if (t < startOfLondonDay(m.startDate).getTime()) return false;
  const last = lastDayOf(m);
  return last === null || t <= endOfLondonDay(last).getTime();
}

/** The same London time of day, `days` London days later (11:59pm stays 11:59pm across a clock change). */
export function sameLondonTimeLater(instant: Instant, days: number): Date {
  const at = toInstant(instant);
  const day = londonDate(at);
  const later = addCalendarDays(day, days);
  if (at.getTime() === endOfLondonDay(day).getTime()) return endOfLondonDay(later);
  return new Date(startOfLondonDay(later).getTime() + (at.getTime() - startOfLondonDay(day).getTime()));
}

/**
 * Where a deadline moves: null when it does not (it falls outside, or the end is not known yet);
 * otherwise `pauseDays` London days later at the same London time of day.
 */
export function movedDeadline(m: Pick<Moratorium, "type" | "startDate" | "treatmentEndedOn">, deadline: Instant): Date | null {
  const days = pauseDays(m);
  if (days === null || !fallsInside(m, deadline)) return null;
  return sameLondonTimeLater(deadline, days);
}

/**
 * A plan's pending instalments' due dates (London days, in the plan's order) after the
 * moratorium: unchanged when none falls inside or the end is not known yet; otherwise the first
 * inside and every one after it move by `pauseDays`, so the spacing stays as it was.
 */
export function shiftedSchedule(
  m: Pick<Moratorium, "type" | "startDate" | "treatmentEndedOn">,
  dueDates: readonly CalendarDate[],
): CalendarDate[] {
  const days = pauseDays(m);
  if (days === null) return [...dueDates];
  const first = dueDates.findIndex((d) => fallsInside(m, startOfLondonDay(d)));
  if (first === -1) return [...dueDates];
  return dueDates.map((d, i) => (i >= first ? addCalendarDays(d, days) : d));
}

/** What the pages show: the last day ("Breathing Space until …"), or null while a crisis one has no end yet. */
export function breathingSpaceUntil(m: Moratorium): CalendarDate | null {
  const end = endsAt(m);
  if (!end) return null;
  // Ended early at an instant: the last day it covered is that instant's London day.
  return londonDate(end);
}
