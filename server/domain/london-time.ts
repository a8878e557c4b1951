import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Calendar things (days, anniversaries, "midnight tonight") are computed in UK time. */
export const LONDON_TIME_ZONE = "Europe/London";

/**
 * A moment in time: a Date, or an ISO 8601 date-time string carrying `Z` or
 * an offset (PostgreSQL's text form `2024-03-30 10:00:00+00` is accepted too).
 */
export type Instant = Date | string;

/** A calendar date with no time of day, `YYYY-MM-DD`. */
export type CalendarDate = string;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * Reads an instant. A string must carry its zone (`Z` or `+01:00`) so the
 * answer never depends on the server's own time zone; anything else throws.
 */
export function toInstant(value: Instant): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError("Invalid date");
    return new Date(value.getTime());
  }
  if (!DATE_TIME_WITH_ZONE.test(value)) {
    throw new RangeError(`Expected an ISO 8601 date-time with a zone, got "${value}"`);
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date "${value}"`);
  return date;
}

/** True for a well-formed `YYYY-MM-DD` that names a real day. */
export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  return dayjs.utc(value).format("YYYY-MM-DD") === value;
}

/**
 * London's calendar day of an instant, as one formatter made once per process: dayjs's `.tz()`
 * builds a new one on every call, about 5 % of the claim page's CPU (issue 25). Same ICU time
 * zone data, same answer.
 */
const LONDON_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * The London calendar date of an instant; a value that is already a
 * calendar date (`YYYY-MM-DD`) is returned as it is.
 */
export function londonDate(value: Instant | CalendarDate): CalendarDate {
  if (typeof value === "string" && CALENDAR_DATE.test(value)) {
    if (!isCalendarDate(value)) throw new RangeError(`Invalid calendar date "${value}"`);
    return value;
  }
  const parts = LONDON_DAY.formatToParts(toInstant(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The calendar date `days` days after `date` (negative goes back). */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return dayjs.utc(londonDate(date)).add(days, "day").format("YYYY-MM-DD");
}

/** The calendar date `years` years after `date`; 29 February falls back to 28 February. */
export function addCalendarYears(date: CalendarDate, years: number): CalendarDate {
  return dayjs.utc(londonDate(date)).add(years, "year").format("YYYY-MM-DD");
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier), ignoring clock changes. */
export function calendarDaysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayjs.utc(londonDate(to)).diff(dayjs.utc(londonDate(from)), "day");
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
