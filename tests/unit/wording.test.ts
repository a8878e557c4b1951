/**
 * The one wording module (issue 37, docs/decisions/0055) writes what the seven formatters it
 * replaced wrote, byte for byte: each old formatter is kept here as the reference and compared
 * over amounts and instants that reach its edges (no pence, a penny, thousands, millions, a
 * negative difference; midnight, BST and GMT, the clock changes, month and year ends).
 */
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { describe, expect, it } from "vitest";
import {
  calendarDaysBetween,
  deadlineWords,
  formatDate,
  formatPounds,
  isCalendarDate,
  keyfreeFeeRule,
  londonDate,
  londonDateTime,
  londonDayText,
  londonTimeOfDay,
  plainPounds,
  poundsInputValue,
  poundsText,
  smsDeadline,
  weeksRent,
} from "#common/wording";

dayjs.extend(utc);
dayjs.extend(timezone);

// ── The formatters replaced (as they were on main before issue 37) ─────────────────────
const oldWeb = (pence: number, o: { wholePounds?: boolean } = {}) => {
  const pounds = pence / 100;
  const f = o.wholePounds && Number.isInteger(pounds) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return `£${new Intl.NumberFormat("en-GB", f).format(pounds)}`;
};
const oldPoundsText = (pence: number) => {
  const sign = pence < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(pence) / 100);
  return `${sign}${whole.toLocaleString("en-GB")}.${String(Math.abs(pence) % 100).padStart(2, "0")}`;
};
const oldToFixed = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const oldInput = (pence: number) => (pence / 100).toFixed(2);
const oldFormatDate = (value: string) => {
  const d = dayjs(value);
  const day = d.date();
  const suffix = day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th";
  return `${day}${suffix} ${d.format("MMM YYYY")}`;
};
const oldLondonDay = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
const oldLondonTime = (iso: string) => {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const hour = part("hour") === "0" ? "12" : part("hour");
  return `${hour}:${part("minute")}${part("dayPeriod").toLowerCase().replace(/\./g, "")}`;
};
const oldMailTime = (iso: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

const AMOUNTS = [0, 1, 5, 10, 99, 100, 101, 999, 1_000, 6_000, 15_000, 99_999, 100_000, 123_456, 1_000_000, 12_345_678, 100_000_000];
const INSTANTS = [
  "2026-11-22T10:00:00.000Z",
  "2026-03-29T00:59:59.999Z", // the last GMT moment before the clocks go forward
  "2026-03-29T01:00:00.000Z",
  "2026-07-01T23:30:00.000Z", // 00:30 BST the next day
  "2026-07-01T11:05:00.000Z",
  "2026-10-25T00:30:00.000Z", // 01:30 BST, before the clocks go back
  "2026-10-25T01:30:00.000Z", // 01:30 GMT
  "2026-12-31T23:59:59.999Z",
  "2027-01-01T00:00:00.000Z",
  "2026-09-03T12:00:00.000Z",
  "2026-11-29T23:59:59.999Z",
];

describe("pounds and pence, as the replaced formatters wrote them", () => {
  it.each(AMOUNTS)("%i pence", (pence) => {
    expect(formatPounds(pence)).toBe(oldWeb(pence));
    expect(formatPounds(pence, { wholePounds: true })).toBe(oldWeb(pence, { wholePounds: true }));
    expect(poundsText(pence)).toBe(oldPoundsText(pence));
    expect(plainPounds(pence)).toBe(oldToFixed(pence));
    expect(poundsInputValue(pence)).toBe(oldInput(pence));
  });

  it("a negative difference keeps its sign after the £, as before", () => {
    for (const pence of [-1, -150, -123_456]) {
      expect(formatPounds(pence)).toBe(oldWeb(pence));
      expect(poundsText(pence)).toBe(oldPoundsText(pence));
      expect(plainPounds(pence)).toBe(oldToFixed(pence));
    }
  });

  it("writes the figures a tenant reads", () => {
    expect([formatPounds(123_456), formatPounds(15_000, { wholePounds: true }), plainPounds(123_456), poundsText(123_456), poundsInputValue(1_850)]).toEqual([
      "£1,234.56",
      "£150",
      "£1234.56",
      "1,234.56",
      "18.50",
    ]);
  });
});

describe("London dates and times, as the replaced formatters wrote them", () => {
  it.each(INSTANTS)("%s", (iso) => {
    expect(londonDate(iso)).toBe(oldLondonDay(iso));
    expect(londonTimeOfDay(iso)).toBe(oldLondonTime(iso));
    expect(londonDateTime(iso)).toBe(oldMailTime(iso));
    expect(londonDayText(iso)).toBe(oldFormatDate(oldLondonDay(iso)));
    expect(formatDate(iso)).toBe(oldFormatDate(iso));
  });

  it("formatDate writes a calendar date as 'Do MMM YYYY', as dayjs did", () => {
    for (const date of ["2027-01-01", "2027-02-02", "2027-03-03", "2027-04-11", "2027-05-12", "2027-06-13", "2027-07-21", "2027-09-22", "2027-12-31", "2028-02-29"]) {
      expect(formatDate(date)).toBe(oldFormatDate(date));
    }
    expect(formatDate("2026-11-22")).toBe("22nd Nov 2026");
  });

  it("checks and counts calendar days as dayjs did", () => {
    for (const date of ["2024-02-29", "2023-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-04-31", "2026-12-31", "not-a-date"]) {
      const old = /^\d{4}-\d{2}-\d{2}$/.test(date) && dayjs.utc(date).format("YYYY-MM-DD") === date;
      expect(isCalendarDate(date), date).toBe(old);
    }
    for (const [from, to] of [["2026-03-28", "2026-03-30"], ["2026-10-24", "2026-10-26"], ["2026-12-31", "2026-01-01"], ["2024-02-28", "2024-03-01"]] as const) {
      expect(calendarDaysBetween(from, to)).toBe(dayjs.utc(to).diff(dayjs.utc(from), "day"));
    }
  });

  it("words a deadline in full and for a text message", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(deadlineWords("2026-11-29T23:59:59.999Z", now)).toBe("by 11:59pm on Sunday 29 November 2026 (UK time), 7 days from today");
    expect(smsDeadline("2026-11-29T23:59:59.999Z", now)).toBe("by 11:59pm Sun 29 Nov");
    expect(smsDeadline("2026-11-22T23:59:59.999Z", now)).toBe("by 11:59pm tonight");
  });
});

describe("the fee sentences", () => {
  it("says the Keyfree fee's rule in one set of words", () => {
    expect(keyfreeFeeRule("£150")).toBe("one week's rent, with a minimum of £150");
    expect([weeksRent(1), weeksRent(5)]).toEqual(["one week's rent", "5 weeks' rent"]);
  });
});
