import { describe, expect, it } from "vitest";
import { referenceError, startDateError, BREATHING_SPACE_MESSAGES as M } from "#common/breathing-space";
import {
  breathingSpaceUntil,
  fallsInside,
  isInForce,
  isOver,
  lastDayOf,
  movedDeadline,
  pauseDays,
  shiftedSchedule,
  type Moratorium,
} from "../../../server/domain/breathing-space";

const standard = (startDate: string, endedAt: string | null = null): Moratorium => ({ type: "STANDARD", startDate, endedAt });
const crisis = (startDate: string, treatmentEndedOn: string | null = null): Moratorium => ({ type: "MENTAL_HEALTH_CRISIS", startDate, treatmentEndedOn });

describe("Breathing Space: when a moratorium ends (decision 0047)", () => {
  it.each([
    { m: standard("2026-11-22"), last: "2027-01-21", days: 61, why: "standard: 60 days after the start day" },
    { m: standard("2027-02-01"), last: "2027-04-02", days: 61, why: "standard across the end of February" },
    { m: standard("2028-02-01"), last: "2028-04-01", days: 61, why: "standard in a leap year" },
    { m: crisis("2026-11-22"), last: null, days: null, why: "crisis: no known end before the treatment ends" },
    { m: crisis("2026-11-22", "2027-03-10"), last: "2027-04-09", days: 139, why: "crisis: 30 days after the treatment ended" },
  ])("$why", ({ m, last, days }) => {
    expect(lastDayOf(m)).toBe(last);
    expect(pauseDays(m)).toBe(days);
  });
});

describe("Breathing Space: in force in London days, from the start day's beginning to the end of its last day", () => {
  const winter = standard("2026-11-22"); // last day 2027-01-21 (GMT)
  const summer = standard("2026-06-10"); // starts in BST: 00:00 London is 23:00 UTC the day before; last day 2026-08-09
  it.each([
    { m: winter, now: "2026-11-21T23:59:59.999Z", inForce: false, why: "the instant before the start day" },
    { m: winter, now: "2026-11-22T00:00:00.000Z", inForce: true, why: "the start day's first instant" },
    { m: winter, now: "2027-01-21T23:59:59.999Z", inForce: true, why: "the last day's last millisecond (11:59pm)" },
    { m: winter, now: "2027-01-22T00:00:00.000Z", inForce: false, why: "the day after its last day" },
    { m: summer, now: "2026-06-09T23:00:00.000Z", inForce: true, why: "00:00 BST on the start day" },
    { m: summer, now: "2026-06-09T22:59:59.999Z", inForce: false, why: "11:59pm BST the day before" },
    { m: summer, now: "2026-08-09T22:59:59.999Z", inForce: true, why: "11:59pm BST on the last day" },
    { m: summer, now: "2026-08-09T23:00:00.000Z", inForce: false, why: "midnight BST after the last day" },
    { m: crisis("2026-11-22"), now: "2031-01-01T12:00:00Z", inForce: true, why: "a crisis one with no end yet stays in force" },
    { m: crisis("2026-11-22", "2026-12-01"), now: "2026-12-31T23:59:59.999Z", inForce: true, why: "a crisis one's 30th day after treatment" },
    { m: crisis("2026-11-22", "2026-12-01"), now: "2027-01-01T00:00:00Z", inForce: false, why: "after a crisis one's 30 days" },
    { m: standard("2026-11-22", "2026-12-05T15:00:00Z"), now: "2026-12-05T14:59:59Z", inForce: true, why: "ended early: in force until that instant" },
    { m: standard("2026-11-22", "2026-12-05T15:00:00Z"), now: "2026-12-05T15:00:00Z", inForce: false, why: "ended early: over from that instant" },
  ])("$why", ({ m, now, inForce }) => {
    expect(isInForce(m, now)).toBe(inForce);
  });

  it.each([
    { m: winter, now: "2027-01-21T23:59:59.999Z", over: false },
    { m: winter, now: "2027-01-22T00:00:00.000Z", over: true },
    { m: winter, now: "2026-11-01T00:00:00.000Z", over: false },
    { m: crisis("2026-11-22"), now: "2031-01-01T00:00:00Z", over: false },
    { m: standard("2026-11-22", "2026-12-05T15:00:00Z"), now: "2026-12-05T15:00:00Z", over: true },
  ])("the sweeper closes it once over: $now → $over", ({ m, now, over }) => {
    expect(isOver(m, now)).toBe(over);
  });

  it.each([
    { m: winter, until: "2027-01-21" },
    { m: crisis("2026-11-22"), until: null },
    { m: standard("2026-11-22", "2026-12-05T15:00:00Z"), until: "2026-12-05" },
  ])("the pages' 'Breathing Space until …' — $until", ({ m, until }) => {
    expect(breathingSpaceUntil(m)).toBe(until);
  });
});

describe("Breathing Space: a deadline inside moves to after it ends, by the days that were left", () => {
  const m = standard("2026-11-22"); // last day 2027-01-21, 61 days
  it.each([
    { deadline: "2026-11-21T23:59:59.999Z", moved: null, why: "the day before the start: outside, unchanged" },
    { deadline: "2026-11-22T23:59:59.999Z", moved: "2027-01-22T23:59:59.999Z", why: "on the start day (1 day left): the day after the last day, 11:59pm" },
    { deadline: "2026-11-29T23:59:59.999Z", moved: "2027-01-29T23:59:59.999Z", why: "7 days after the start (8 days left): the 8th day after the last day" },
    { deadline: "2027-01-21T23:59:59.999Z", moved: "2027-03-23T23:59:59.999Z", why: "on the last day: moved by the 61 days" },
    { deadline: "2027-01-22T00:00:00.000Z", moved: null, why: "after the last day: outside, unchanged" },
    { deadline: "2026-12-01T14:30:00.000Z", moved: "2027-01-31T14:30:00.000Z", why: "a deadline at another time of day keeps its London time" },
  ])("$why", ({ deadline, moved }) => {
    expect(movedDeadline(m, deadline)?.toISOString() ?? null).toBe(moved);
  });

  it.each([
    {
      m: standard("2027-02-01"),
      deadline: "2027-02-10T23:59:59.999Z",
      moved: "2027-04-12T22:59:59.999Z",
      why: "11:59pm GMT moves to 11:59pm BST across the March change",
    },
    {
      m: standard("2026-09-01"),
      deadline: "2026-09-10T22:59:59.999Z",
      moved: "2026-11-10T23:59:59.999Z",
      why: "11:59pm BST moves to 11:59pm GMT across the October change",
    },
  ])("the 11:59pm end-of-day convention is kept — $why", ({ m: mor, deadline, moved }) => {
    expect(movedDeadline(mor, deadline)?.toISOString()).toBe(moved);
  });

  it("a crisis one moves nothing before the treatment end is known; then by its whole length", () => {
    expect(fallsInside(crisis("2026-11-22"), "2029-01-01T00:00:00Z")).toBe(true);
    expect(movedDeadline(crisis("2026-11-22"), "2026-11-29T23:59:59.999Z")).toBeNull();
    // Treatment ended 2026-12-10: last day 2027-01-09, 49 days.
    expect(movedDeadline(crisis("2026-11-22", "2026-12-10"), "2026-11-29T23:59:59.999Z")?.toISOString()).toBe("2027-01-17T23:59:59.999Z");
  });
});

describe("Breathing Space: instalments — the whole remaining schedule shifts so no two fall together", () => {
  const m = standard("2026-11-22"); // 61 days, last day 2027-01-21
  it.each([
    {
      due: ["2027-02-10", "2027-03-10"],
      after: ["2027-02-10", "2027-03-10"],
      why: "none inside: unchanged",
    },
    {
      due: ["2026-12-10", "2027-01-10", "2027-02-10"],
      after: ["2027-02-09", "2027-03-12", "2027-04-12"],
      why: "two inside and one after: all three move by 61 days and stay a month apart",
    },
    {
      due: ["2026-11-22", "2026-12-22"],
      after: ["2027-01-22", "2027-02-21"],
      why: "one due on the start day: the day after the last day",
    },
  ])("$why", ({ due, after }) => {
    expect(shiftedSchedule(m, due)).toEqual(after);
  });

  it("a crisis one with no end yet shifts nothing", () => {
    expect(shiftedSchedule(crisis("2026-11-22"), ["2026-12-10"])).toEqual(["2026-12-10"]);
  });
});

describe("recording one: the reference and the start date", () => {
  it.each([
    { ref: "", error: M.referenceRequired },
    { ref: "  ", error: M.referenceRequired },
    { ref: "BS", error: M.referenceTooShort },
    { ref: "BS-2026-123456", error: null },
    { ref: "ds/123 456", error: null },
    { ref: "BS_123<script>", error: M.referenceCharacters },
    { ref: "A".repeat(41), error: M.referenceTooLong },
  ])("reference $ref → $error", ({ ref, error }) => {
    expect(referenceError(ref)).toBe(error);
  });

  const today = "2026-11-22";
  it.each([
    { start: "2026-11-22", type: "STANDARD", error: null, why: "today" },
    { start: "2026-11-23", type: "STANDARD", error: M.startDateInFuture, why: "tomorrow" },
    { start: "2026-09-23", type: "STANDARD", error: null, why: "60 days ago: its last day is today" },
    { start: "2026-09-22", type: "STANDARD", error: M.standardTooOld, why: "61 days ago: already ended" },
    { start: "2026-01-05", type: "MENTAL_HEALTH_CRISIS", error: null, why: "a crisis one can have started long ago" },
    { start: "2026-02-30", type: "STANDARD", error: M.startDateInvalid, why: "not a real date" },
    { start: "yesterday", type: "STANDARD", error: M.startDateInvalid, why: "not a date" },
  ])("start date $start ($why)", ({ start, type, error }) => {
    expect(startDateError(start, type, today)).toBe(error);
  });
});
