import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  addCalendarYears,
  addHours,
  calendarDaysBetween,
  endOfLondonDay,
  isCalendarDate,
  londonDate,
  startOfLondonDay,
  toInstant,
} from "../../../server/domain/london-time.js";

describe("London time (ARCHITECTURE 'Dates are computed in Europe/London')", () => {
  it.each([
    { input: "2024-03-31T00:30:00Z", iso: "2024-03-31T00:30:00.000Z" },
    { input: "2024-03-31T01:30:00+01:00", iso: "2024-03-31T00:30:00.000Z" },
    { input: "2024-10-27T01:30:00.250Z", iso: "2024-10-27T01:30:00.250Z" },
    { input: new Date("2024-01-01T00:00:00Z"), iso: "2024-01-01T00:00:00.000Z" },
    { input: "2024-03-30 10:00:00+00", iso: "2024-03-30T10:00:00.000Z" },
    { input: "2024-06-30 10:00:00.123456+01", iso: "2024-06-30T09:00:00.123Z" },
  ])("ARCHITECTURE dates: an instant carrying its zone is read as is — $input", ({ input, iso }) => {
    expect(toInstant(input).toISOString()).toBe(iso);
  });

  it.each(["2024-03-31", "2024-03-31T10:00:00", "2024-03-31 10:00:00", "not a date", "2024-13-45T10:00:00Z", ""])(
    "ARCHITECTURE dates: a string without a zone (or no date) is refused, so the server's zone never matters — %j",
    (input) => {
      expect(() => toInstant(input)).toThrow(RangeError);
    },
  );

  it("ARCHITECTURE dates: an invalid Date is refused", () => {
    expect(() => toInstant(new Date("nope"))).toThrow(RangeError);
  });

  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2024-04-31", false],
    ["2024-4-1", false],
    ["2024-04-01T00:00:00Z", false],
  ])("ARCHITECTURE dates: calendar date check — %s → %s", (input, expected) => {
    expect(isCalendarDate(input)).toBe(expected);
  });

  it.each([
    { instant: "2024-01-15T23:30:00Z", date: "2024-01-15", why: "GMT in winter" },
    { instant: "2024-03-31T00:30:00Z", date: "2024-03-31", why: "still GMT before 01:00 UTC on 31 March" },
    { instant: "2024-03-31T23:30:00Z", date: "2024-04-01", why: "BST: 00:30 on 1 April" },
    { instant: "2024-09-30T23:00:00Z", date: "2024-10-01", why: "midnight BST is the next London day" },
    { instant: "2024-10-26T23:30:00Z", date: "2024-10-27", why: "00:30 BST on 27 October" },
    { instant: "2024-10-27T23:30:00Z", date: "2024-10-27", why: "GMT again after the clocks go back" },
    { instant: "2024-06-01", date: "2024-06-01", why: "a calendar date stays as it is" },
  ])("ARCHITECTURE dates: London calendar date of $instant is $date ($why)", ({ instant, date }) => {
    expect(londonDate(instant)).toBe(date);
  });

  it("ARCHITECTURE dates: an impossible calendar date is refused", () => {
    expect(() => londonDate("2024-02-30")).toThrow(RangeError);
  });

  it.each([
    ["2024-03-25", 7, "2024-04-01"],
    ["2024-10-21", 7, "2024-10-28"],
    ["2024-12-30", 3, "2025-01-02"],
    ["2024-03-01", -1, "2024-02-29"],
  ])("part 1 §9 calendar days: %s + %i days → %s", (date, days, expected) => {
    expect(addCalendarDays(date, days)).toBe(expected);
  });

  it.each([
    ["2024-01-01", 1, "2025-01-01"],
    ["2024-02-29", 1, "2025-02-28"],
    ["2024-02-29", 4, "2028-02-29"],
  ])("part 2 §9 anniversaries: %s + %i years → %s", (date, years, expected) => {
    expect(addCalendarYears(date, years)).toBe(expected);
  });

  it.each([
    ["2024-03-30", "2024-04-01", 2],
    ["2024-10-26", "2024-10-28", 2],
    ["2024-04-01", "2024-03-30", -2],
    ["2024-04-01", "2024-04-01", 0],
  ])("part 1 §4.1 days counted in calendar days across the clock change: %s → %s is %i", (from, to, days) => {
    expect(calendarDaysBetween(from, to)).toBe(days);
  });

  it.each([
    { date: "2024-03-30", start: "2024-03-30T00:00:00.000Z", end: "2024-03-30T23:59:59.999Z" },
    { date: "2024-03-31", start: "2024-03-31T00:00:00.000Z", end: "2024-03-31T22:59:59.999Z" },
    { date: "2024-10-27", start: "2024-10-26T23:00:00.000Z", end: "2024-10-27T23:59:59.999Z" },
    { date: "2024-07-01", start: "2024-06-30T23:00:00.000Z", end: "2024-07-01T22:59:59.999Z" },
  ])("part 1 §4.1 'midnight tonight': London day $date runs from $start to $end", ({ date, start, end }) => {
    expect(startOfLondonDay(date).toISOString()).toBe(start);
    expect(endOfLondonDay(date).toISOString()).toBe(end);
  });

  it.each([
    ["2024-03-30T12:00:00Z", 48, "2024-04-01T12:00:00.000Z"],
    ["2024-10-26T12:00:00Z", 24, "2024-10-27T12:00:00.000Z"],
  ])("part 2 §9 exact hours ignore the clock change: %s + %ih → %s", (from, hours, expected) => {
    expect(addHours(from, hours).toISOString()).toBe(expected);
  });
});
