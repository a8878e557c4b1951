import { describe, expect, it } from "vitest";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import {
  ANNUAL_FEE_PENCE,
  MINIMUM_KEYFREE_FEE_PENCE,
  annualFeeSchedule,
  annualFeeSharePence,
  annualFeeYearsToBePaid,
  claimLimitPence,
  keyfreeFeePence,
  splitByLiability,
  tenantSharePence,
  weeklyRentPence,
  weeksOfRentPence,
} from "../../../server/domain/fees.js";

describe("fees (part 1 §9, part 2 §9)", () => {
  it("part 1 §9 constants: minimum fee £150, dispute fee £60, annual fee £30, in pence", () => {
    expect([MINIMUM_KEYFREE_FEE_PENCE, DISPUTE_FEE_PENCE, ANNUAL_FEE_PENCE]).toEqual([15000, 6000, 3000]);
  });

  it.each([
    [65000, 15000],
    [100000, 23077],
    [65002, 15000],
    [65003, 15001],
    [200000, 46154],
    [0, 0],
  ])("part 1 §9 one week's rent = PPM × 12 ÷ 52 to the nearest penny — PPM %i → %i pence", (ppm, weekly) => {
    expect(weeklyRentPence(ppm)).toBe(weekly);
  });

  it.each([
    [0, 15000],
    [50000, 15000],
    [65000, 15000],
    [65003, 15001],
    [100000, 23077],
    [200000, 46154],
  ])("part 1 §9 fee: one week's rent, minimum £150 — PPM %i → %i pence", (ppm, fee) => {
    expect(keyfreeFeePence(ppm)).toBe(fee);
  });

  it.each([-1, 1.5, Number.NaN])("part 1 §9 fee: PPM must be whole pence — %s is refused", (ppm) => {
    expect(() => keyfreeFeePence(ppm)).toThrow(RangeError);
  });

  it.each([
    { ppm: 100000, level: "DEFAULT", limit: 184615, why: "8 weeks' rent below £5,000" },
    { ppm: 270833, level: "DEFAULT", limit: 499999, why: "8 weeks' rent just below £5,000" },
    { ppm: 300000, level: "DEFAULT", limit: 500000, why: "capped at £5,000" },
    { ppm: 300000, level: "HIGHER", limit: 553846, why: "8 weeks' rent below £10,000" },
    { ppm: 600000, level: "HIGHER", limit: 1000000, why: "capped at £10,000" },
  ] as const)("part 1 §9 maximum claim: lower of 8 weeks' rent and the cap — PPM $ppm at $level → $limit ($why)", ({ ppm, level, limit }) => {
    expect(claimLimitPence(ppm, level)).toBe(limit);
  });

  it("part 1 §9 maximum claim: the default cover level is £5,000", () => {
    expect(claimLimitPence(300000)).toBe(500000);
  });

  it("part 1 §9 maximum claim: 8 weeks' rent is PPM × 12 ÷ 52 × 8 rounded once, not 8 rounded weeks", () => {
    expect(weeksOfRentPence(100000, 8)).toBe(184615);
    expect(8 * weeklyRentPence(100000)).toBe(184616);
  });

  it.each([-1, 0.5])("part 1 §9 weeks of rent: %s weeks is refused", (weeks) => {
    expect(() => weeksOfRentPence(100000, weeks)).toThrow(RangeError);
  });

  it.each([
    { total: 15000, tenants: [["a", 1], ["b", 1]], shares: [7500, 7500] },
    { total: 10000, tenants: [["a", 1], ["b", 1], ["c", 1]], shares: [3334, 3333, 3333] },
    { total: 10000, tenants: [["c", 1], ["a", 1], ["b", 1]], shares: [3333, 3334, 3333] },
    { total: 10000, tenants: [["a", 2], ["b", 0], ["c", 1]], shares: [6667, 0, 3333] },
    { total: 3002, tenants: [["b", 1], ["a", 2]], shares: [1000, 2002] },
    { total: 23077, tenants: [["a", 3]], shares: [23077] },
    { total: 1, tenants: [["b", 1], ["a", 1]], shares: [0, 1] },
  ] as const)(
    "part 1 §6 split by tenantLiability: a tenant responsible for N tenants pays N shares; remainder pennies to the lowest ids — $total over $tenants → $shares",
    ({ total, tenants, shares }) => {
      const result = splitByLiability(total, tenants.map(([id, tenantLiability]) => ({ id, tenantLiability })));
      expect(result.map((r) => r.amountPence)).toEqual(shares);
      expect(result.map((r) => r.tenantId)).toEqual(tenants.map(([id]) => id));
    },
  );

  it.each([1, 2, 99, 3000, 15000, 23077, 100003])("part 1 §6 split: the shares add up exactly to the total — %i pence", (total) => {
    for (const liabilities of [[1], [1, 1], [1, 1, 1], [2, 1, 0, 4], [3, 3, 1, 1, 1, 1, 1]]) {
      const tenants = liabilities.map((tenantLiability, i) => ({ id: `t${i}`, tenantLiability }));
      const shares = splitByLiability(total, tenants);
      expect(shares.reduce((sum, s) => sum + s.amountPence, 0)).toBe(total);
      const perShare = shares.filter((_, i) => (liabilities[i] ?? 0) > 0).map((s, i) => s.amountPence / (liabilities.filter((l) => l > 0)[i] ?? 1));
      expect(Math.max(...perShare) - Math.min(...perShare)).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    { why: "no tenants", tenants: [] },
    { why: "no tenant liable", tenants: [{ id: "a", tenantLiability: 0 }] },
    { why: "a negative liability", tenants: [{ id: "a", tenantLiability: -1 }, { id: "b", tenantLiability: 2 }] },
    { why: "a fractional liability", tenants: [{ id: "a", tenantLiability: 1.5 }] },
    { why: "a tenant listed twice", tenants: [{ id: "a", tenantLiability: 1 }, { id: "a", tenantLiability: 1 }] },
  ])("part 1 §6 split: refused with $why", ({ tenants }) => {
    expect(() => splitByLiability(1000, tenants)).toThrow(RangeError);
  });

  it("part 1 §6 split: one tenant's share, and an unknown tenant is refused", () => {
    const tenants = [{ id: "a", tenantLiability: 1 }, { id: "b", tenantLiability: 2 }];
    expect(tenantSharePence(15000, tenants, "b")).toBe(10000);
    expect(() => tenantSharePence(15000, tenants, "z")).toThrow(RangeError);
  });

  const seven = Array.from({ length: 7 }, (_, i) => ({ id: `t${i + 1}`, tenantLiability: 1 }));
  it.each([
    { tenants: [{ id: "a", tenantLiability: 1 }, { id: "b", tenantLiability: 1 }], tenantId: "a", years: 1, share: 1500 },
    { tenants: [{ id: "a", tenantLiability: 1 }, { id: "b", tenantLiability: 1 }], tenantId: "b", years: 3, share: 4500 },
    { tenants: [{ id: "a", tenantLiability: 2 }, { id: "b", tenantLiability: 0 }], tenantId: "a", years: 1, share: 3000 },
    { tenants: seven, tenantId: "t1", years: 1, share: 429 },
    { tenants: seven, tenantId: "t7", years: 1, share: 428 },
    { tenants: seven, tenantId: "t1", years: 2, share: 858 },
  ])("part 2 §9 annual fee £30 split between tenants, unpaid years rolled in — $tenantId for $years year(s) → $share pence", ({ tenants, tenantId, years, share }) => {
    expect(annualFeeSharePence(tenants, tenantId, years)).toBe(share);
  });

  it.each([undefined, null])("part 2 §9 annual fee: yearsToBePaid defaults to 1 — %s", (years) => {
    expect(annualFeeSharePence([{ id: "a", tenantLiability: 1 }], "a", years)).toBe(3000);
  });

  it.each([0, -1, 1.5])("part 2 §9 annual fee: yearsToBePaid %s is refused", (years) => {
    expect(() => annualFeeSharePence([{ id: "a", tenantLiability: 1 }], "a", years)).toThrow(RangeError);
  });

  it.each([
    { why: "12 months ending the day before the anniversary", start: "2024-01-01", end: "2024-12-31", now: "2025-06-01T12:00:00Z", has: false, due: [] },
    { why: "12 months ending on the anniversary", start: "2024-01-01", end: "2025-01-01", now: "2025-06-01T12:00:00Z", has: false, due: [] },
    { why: "over 12 months, before the anniversary", start: "2024-01-01", end: "2025-01-02", now: "2024-12-31T23:59:59Z", has: true, due: [] },
    { why: "over 12 months, on the anniversary", start: "2024-01-01", end: "2025-01-02", now: "2025-01-01T00:00:00Z", has: true, due: [{ year: 1, date: "2025-01-01" }] },
    { why: "BST: 23:59 on 30 September London is before a 1 October anniversary", start: "2023-10-01", end: "2025-12-31", now: "2024-09-30T22:59:59Z", has: true, due: [] },
    { why: "BST: 00:30 on 1 October London is the anniversary", start: "2023-10-01", end: "2025-12-31", now: "2024-09-30T23:30:00Z", has: true, due: [{ year: 1, date: "2024-10-01" }] },
    { why: "a start stored as midnight BST in UTC is read as the London date", start: "2023-09-30T23:00:00Z", end: "2025-12-31", now: "2024-10-01T12:00:00Z", has: true, due: [{ year: 1, date: "2024-10-01" }] },
    { why: "no end date: every anniversary so far", start: "2021-05-10", end: null, now: "2024-06-01T12:00:00Z", has: true, due: [{ year: 1, date: "2022-05-10" }, { year: 2, date: "2023-05-10" }, { year: 3, date: "2024-05-10" }] },
    { why: "ended tenancy: only anniversaries before the end", start: "2020-01-01", end: "2022-06-30", now: "2024-06-01T12:00:00Z", has: true, due: [{ year: 1, date: "2021-01-01" }, { year: 2, date: "2022-01-01" }] },
    { why: "29 February start: anniversary on 28 February", start: "2024-02-29", end: "2026-12-31", now: "2025-02-28T12:00:00Z", has: true, due: [{ year: 1, date: "2025-02-28" }] },
    { why: "tenancy not started yet", start: "2030-01-01", end: "2032-01-01", now: "2024-01-01T00:00:00Z", has: true, due: [] },
  ])("part 2 §9 annual fee for tenancies over 12 months, payable after the first year — $why", ({ start, end, now, has, due }) => {
    expect(annualFeeSchedule({ startDate: start, endDate: end }, now)).toEqual({ hasAnnualFee: has, dueAnniversaries: due });
  });

  it("part 2 §9 annual fee: an end date before the start date is refused", () => {
    expect(() => annualFeeSchedule({ startDate: "2024-01-02", endDate: "2024-01-01" }, "2024-06-01T00:00:00Z")).toThrow(RangeError);
  });

  const due = [{ year: 1, date: "2022-05-10" }, { year: 2, date: "2023-05-10" }, { year: 3, date: "2024-05-10" }];
  it.each([
    { paid: [], years: 3 },
    { paid: [1], years: 2 },
    { paid: [1, 2], years: 1 },
    { paid: [1, 2, 3], years: 0 },
  ])("part 2 §9 unpaid years roll into the next payment — paid $paid → yearsToBePaid $years", ({ paid, years }) => {
    expect(annualFeeYearsToBePaid(due, paid)).toBe(years);
  });
});
