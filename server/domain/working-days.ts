import { addCalendarDays, londonDate, type CalendarDate } from "./london-time";

/**
 * England and Wales bank holidays, 2025–2028, from gov.uk's list
 * (https://www.gov.uk/bank-holidays, "England and Wales"; 2027 and 2028 as announced there,
 * substitute days included). Past 2028 only weekends count: the table needs the next years'
 * dates before then.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly CalendarDate[] = [
  // 2025
  "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26",
  // 2026 (Boxing Day is a Saturday: substitute day Monday 28 December)
  "2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28",
  // 2027 (Christmas Day and Boxing Day fall at the weekend: substitute days 27 and 28 December)
  "2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28",
  // 2028 (New Year's Day is a Saturday: substitute day Monday 3 January)
  "2028-01-03", "2028-04-14", "2028-04-17", "2028-05-01", "2028-05-29", "2028-08-28", "2028-12-25", "2028-12-26",
];

/** The last year the bank holiday table covers. */
export const BANK_HOLIDAYS_COVER_UNTIL = 2028;

const HOLIDAYS = new Set<string>(ENGLAND_AND_WALES_BANK_HOLIDAYS);

/** Whether a London calendar date is a working day: not a Saturday, Sunday or bank holiday. */
export function isWorkingDay(date: CalendarDate): boolean {
  const day = londonDate(date);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day);
}

/**
 * The London date `n` working days after `date` (n ≥ 0): the day itself does not count, so a
 * complaint raised on a Friday with n = 1 is due the next Monday (or the next working day).
 */
export function addWorkingDays(date: CalendarDate, n: number): CalendarDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError("addWorkingDays takes a whole number of days, 0 or more");
  let day = londonDate(date);
  let left = n;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}
