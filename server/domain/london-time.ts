import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";
import { LONDON_TIME_ZONE, londonDate, toInstant, type CalendarDate, type Instant } from "#common/wording";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The server's calendar arithmetic in UK time. Reading an instant's London day, checking a
 * calendar date and counting the days between two are the wording module's (#common/wording,
 * common/wording/dates.ts: pure, no dayjs, so the web uses them too); they are re-exported here
 * so the server keeps one place to import its calendar from (decision 0055). What needs dayjs
 * stays here: adding days and years, a London day's first and last instant.
 */
export { calendarDaysBetween, isCalendarDate, LONDON_TIME_ZONE, londonDate, toInstant, type CalendarDate, type Instant } from "#common/wording";

/** The calendar date `days` days after `date` (negative goes back). */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return dayjs.utc(londonDate(date)).add(days, "day").format("YYYY-MM-DD");
}

/** The calendar date `years` years after `date`; 29 February falls back to 28 February. */
export function addCalendarYears(date: CalendarDate, years: number): CalendarDate {
  return dayjs.utc(londonDate(date)).add(years, "year").format("YYYY-MM-DD");
}

/** The calendar date `months` months after `date`; a day the month lacks falls back to its last day (31 August + 6 months = 28 or 29 February). */
export function addCalendarMonths(date: CalendarDate, months: number): CalendarDate {
  return dayjs.utc(londonDate(date)).add(months, "month").format("YYYY-MM-DD");
}

/** The first instant of a London calendar day (00:00 London time). */
export function startOfLondonDay(date: CalendarDate): Date {
  return dayjs.tz(`${londonDate(date)} 00:00:00.000`, LONDON_TIME_ZONE).toDate();
}

/** The last millisecond of a London calendar day (23:59:59.999 London time), i.e. "midnight tonight". */
export function endOfLondonDay(date: CalendarDate): Date {
  return dayjs.tz(`${londonDate(date)} 23:59:59.999`, LONDON_TIME_ZONE).toDate();
}

/** An exact number of hours after an instant (no calendar arithmetic). */
export function addHours(instant: Instant, hours: number): Date {
  return new Date(toInstant(instant).getTime() + hours * 60 * 60 * 1000);
}
