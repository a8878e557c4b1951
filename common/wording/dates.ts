/**
 * London dates, times and deadlines, the one way the product reads and writes them (issue 37,
 * docs/decisions/0055). Calendar things (days, deadlines, "midnight tonight") are UK time. Pure
 * and free of dayjs (common/ imports nothing): the London reading is `Intl` with formatters made
 * once per process (dayjs's `.tz()` builds one per call, about 5 % of the claim page's CPU, issue
 * 25); the calendar arithmetic that needs dayjs (adding days and years, a London day's first and
 * last instant) stays in server/domain/london-time.ts, which builds on these.
 *
 * The spellings in use, each kept as it was before this module:
 * - "4th Dec 2026" (`formatDate`, spec part 2 §9 'Do MMM YYYY'): pages, PDFs and plan e-mails;
 * - "Friday 4 December 2026", "Fri 4 Dec", "11:59pm" and the deadline sentences: notices;
 * - "22 Nov 2026, 10:00": the dev mailbox's times.
 */

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
const DAY_MS = 24 * 60 * 60 * 1000;

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

/** Midnight UTC of a `YYYY-MM-DD` (years below 100 included), as milliseconds; NaN when malformed. */
function utcDay(value: string): number {
  if (!CALENDAR_DATE.test(value)) return Number.NaN;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() : Number.NaN;
}

/** True for a well-formed `YYYY-MM-DD` that names a real day. */
export function isCalendarDate(value: string): boolean {
  return !Number.isNaN(utcDay(value));
}

/**
 * A formatter in London's time zone, made on first use and then kept for the process (a formatter
 * per call was about 5 % of the claim page's CPU, issue 25). Not made at load: a module-level
 * `new` would stay in every browser bundle that imports the wording module (the card pages'
 * 120 KB budget, decision 0051), so the calls below are marked pure for the bundler.
 */
function londonFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat("en-GB", { timeZone: LONDON_TIME_ZONE, ...options }));
}

const LONDON_DAY = /* @__PURE__ */ londonFormatter({ year: "numeric", month: "2-digit", day: "2-digit" });
const LONDON_CLOCK = /* @__PURE__ */ londonFormatter({
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h23",
  weekday: "long",
});
const LONDON_DATE_TIME = /* @__PURE__ */ londonFormatter({ dateStyle: "medium", timeStyle: "short" });

/**
 * The London calendar date of an instant; a value that is already a
 * calendar date (`YYYY-MM-DD`) is returned as it is.
 */
export function londonDate(value: Instant | CalendarDate): CalendarDate {
  if (typeof value === "string" && CALENDAR_DATE.test(value)) {
    if (!isCalendarDate(value)) throw new RangeError(`Invalid calendar date "${value}"`);
    return value;
  }
  const parts = LONDON_DAY().formatToParts(toInstant(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier), ignoring clock changes. */
export function calendarDaysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utcDay(londonDate(to)) - utcDay(londonDate(from))) / DAY_MS);
}

// ── Reading London's clock ──────────────────────────────────────────────────────────────

/** An instant as London's calendar and clock show it. */
export function londonParts(instant: Instant) {
  const parts = Object.fromEntries(
    LONDON_CLOCK()
      .formatToParts(toInstant(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: parts.weekday as string,
    day: Number(parts.day),
    month: Number(parts.month),
    year: Number(parts.year),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The day with its English ordinal: 1 → "1st", 12 → "12th", 22 → "22nd". */
function ordinal(day: number): string {
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  return `${day}${suffix}`;
}

// ── The spellings ───────────────────────────────────────────────────────────────────────

/**
 * Spec part 2 §9: a date shown as 'Do MMM YYYY', "4th Dec 2026". A `YYYY-MM-DD` is that day; a
 * date-time is read on the host's own calendar (as it always was: the hosts run on UTC), so pass
 * an instant through `londonDate` (or use `londonDayText`) for its London day.
 */
export function formatDate(value: string): string {
  let year: number, month: number, day: number;
  if (CALENDAR_DATE.test(value)) {
    [year, month, day] = value.split("-").map(Number) as [number, number, number];
  } else {
    const d = new Date(value);
    [year, month, day] = [d.getFullYear(), d.getMonth() + 1, d.getDate()];
  }
  return `${ordinal(day)} ${MONTHS[month - 1]!.slice(0, 3)} ${year}`;
}

/** An instant's London calendar day as 'Do MMM YYYY' ("26th Nov 2026"). */
export function londonDayText(instant: Instant): string {
  return formatDate(londonDate(instant));
}

/** "Friday 4 December 2026": the London calendar day of an instant. */
export function longLondonDate(instant: Instant): string {
  const p = londonParts(instant);
  return `${p.weekday} ${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** "Fri 4 Dec": the short form for a text message. */
export function shortLondonDate(instant: Instant): string {
  const p = londonParts(instant);
  return `${p.weekday.slice(0, 3)} ${p.day} ${MONTHS[p.month - 1]!.slice(0, 3)}`;
}

/** "11:59pm", "9:05am", "12:05am": the London time of day. */
export function londonTimeOfDay(instant: Instant): string {
  const p = londonParts(instant);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${String(p.minute).padStart(2, "0")}${p.hour < 12 ? "am" : "pm"}`;
}

/** "22 Nov 2026, 10:00": an instant on London's calendar and 24-hour clock (the dev mailbox's times). */
export function londonDateTime(instant: Instant): string {
  return LONDON_DATE_TIME().format(new Date(instant));
}

/** The weekday of a London calendar day, for tests and the job's logs. */
export function weekdayOf(date: CalendarDate): string {
  return WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
}

// ── Deadlines ───────────────────────────────────────────────────────────────────────────

/** "today", "tomorrow", "7 days from today" (London calendar days from `now`). */
export function daysAwayWords(deadline: Instant, now: Instant): string {
  const days = calendarDaysBetween(londonDate(now), londonDate(deadline));
  if (days <= 0) return "today";
  if (days === 1) return "tomorrow";
  return `${days} days from today`;
}

/** "by 11:59pm on Friday 4 December 2026 (UK time), 7 days from today": the deadline in words and date. */
export function deadlineWords(deadline: Instant, now: Instant): string {
  return `by ${untilWords(deadline, now)}`;
}

/** "11:59pm on Friday 4 December 2026 (UK time), 7 days from today": until when something lasts. */
export function untilWords(instant: Instant, now: Instant): string {
  return `${londonTimeOfDay(instant)} on ${longLondonDate(instant)} (UK time), ${daysAwayWords(instant, now)}`;
}

/** "by 11:59pm Fri 4 Dec" for a text message; "by 11:59pm tonight" on the day itself. */
export function smsDeadline(deadline: Instant, now: Instant): string {
  const days = calendarDaysBetween(londonDate(now), londonDate(deadline));
  if (days <= 0) return `by ${londonTimeOfDay(deadline)} tonight`;
  if (days === 1) return `by ${londonTimeOfDay(deadline)} tomorrow`;
  return `by ${londonTimeOfDay(deadline)} ${shortLondonDate(deadline)}`;
}
