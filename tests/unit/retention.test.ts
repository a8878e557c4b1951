/**
 * The retention periods (issue 40, decision 0068): one table (common/retention.ts) that the
 * privacy notice renders and the retention sweeper applies.
 */
import { describe, expect, it } from "vitest";
import { AFTER_WORDS, periodWords, RETENTION } from "../../common/retention";

describe("the retention table", () => {
  it("every row has a positive whole period, the words for when it starts, and a reason", () => {
    for (const row of RETENTION) {
      expect(Number.isInteger(row.period.amount) && row.period.amount > 0, row.id).toBe(true);
      expect(row.fromWords.trim(), row.id).not.toBe("");
      expect(row.reason.length, row.id).toBeGreaterThan(20);
      expect(AFTER_WORDS[row.after], row.id).toBeTruthy();
    }
  });

  it("ids are unique", () => {
    expect(new Set(RETENTION.map((r) => r.id)).size).toBe(RETENTION.length);
  });

  it("money records are kept (never tombstoned), 6 years from the end of the financial year, for HMRC and the Companies Act", () => {
    const money = RETENTION.filter((r) => r.from === "financial-year-ended" || r.after === "keep");
    expect(money.map((r) => r.id)).toEqual(["money-records"]);
    expect(money[0]!.what).toMatch(/payments, repayments to you, instalments/);
    expect(money[0]).toMatchObject({ after: "keep", from: "financial-year-ended", period: { amount: 6, unit: "years" } });
    expect(money[0]!.reason).toMatch(/HMRC/);
  });

  it("claim evidence is kept 6 years after the claim closes (the Limitation Act 1980); support needs are deleted, not tombstoned, soonest", () => {
    const byId = Object.fromEntries(RETENTION.map((r) => [r.id, r]));
    expect(byId["claim-documents"]).toMatchObject({ after: "delete-documents", from: "claim-closed", period: { amount: 6, unit: "years" } });
    expect(byId["claim-documents"]!.reason).toMatch(/Limitation Act 1980/);
    expect(byId["support-needs"]!.after).toBe("delete-rows");
    expect(byId["data-export"]).toMatchObject({ period: { amount: 7, unit: "days" }, after: "delete-documents" });
    const days = (r: (typeof RETENTION)[number]) => r.period.amount * { days: 1, months: 30, years: 365 }[r.period.unit];
    const referenceDays = days(byId["reference-documents"]!);
    expect(referenceDays).toBeLessThan(days(byId["claim-documents"]!));
    const personal = RETENTION.filter((r) => r.id !== "data-export");
    expect(Math.min(...personal.map(days))).toBe(days(byId["support-needs"]!));
  });

  it("a period reads in words", () => {
    expect(periodWords({ amount: 6, unit: "years" })).toBe("6 years");
    expect(periodWords({ amount: 1, unit: "months" })).toBe("1 month");
  });
});
