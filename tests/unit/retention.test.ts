/**
 * The retention periods (issue 40, decision 0068): one table (common/retention.ts) that the
 * privacy notice renders and the retention sweeper applies.
 */
import { describe, expect, it } from "vitest";
import { keptFor, periodWords, RETENTION_JOB_RULES, RETENTION_RULES, retentionCutoff, retentionRule } from "../../common/retention";
import { DATA_EXPORT_EXPIRY_DAYS } from "../../server/domain/data-exports";

describe("the retention table", () => {
  it("every row says what is kept, from when, what happens after, and why", () => {
    for (const row of RETENTION_RULES) {
      expect(row.what.trim(), row.id).not.toBe("");
      expect(row.from.trim(), row.id).not.toBe("");
      expect(row.after.length, row.id).toBeGreaterThan(10);
      expect(row.reason.length, row.id).toBeGreaterThan(20);
      for (const n of [row.period.years, row.period.months, row.period.days]) {
        if (n !== undefined) expect(Number.isInteger(n) && n >= 0, row.id).toBe(true);
      }
    }
  });

  it("ids are unique", () => {
    expect(new Set(RETENTION_RULES.map((r) => r.id)).size).toBe(RETENTION_RULES.length);
  });

  it("money records are kept (never changed by the job), 6 years from the end of the financial year, for HMRC and the Companies Act", () => {
    const money = RETENTION_RULES.filter((r) => r.action === "KEEP");
    expect(money.map((r) => r.id)).toEqual(["money-records"]);
    expect(money[0]).toMatchObject({ period: { years: 6 }, from: "the end of the financial year they belong to" });
    expect(money[0]!.reason).toMatch(/HMRC/);
  });

  it("claims are kept 6 years after they close (the Limitation Act 1980); support needs are deleted, not tombstoned, soonest", () => {
    expect(retentionRule("claim-records")).toMatchObject({ period: { years: 6 }, action: "DELETE_DOCUMENTS" });
    expect(retentionRule("claim-records").reason).toMatch(/Limitation Act 1980/);
    expect(retentionRule("support-needs").action).toBe("DELETE_ROWS");
    expect(keptFor(retentionRule("support-needs"))).toBe("Until your account closes, or sooner when you remove them");
  });

  it("the data export's 7 days are the row the data exports' sweep applies; the retention job leaves it out", () => {
    expect(retentionRule("data-export")).toMatchObject({ period: { days: 7 }, action: "DELETE_DOCUMENTS", appliedBy: "data-exports" });
    expect(DATA_EXPORT_EXPIRY_DAYS).toBe(7);
    expect(RETENTION_JOB_RULES.map((r) => r.id)).not.toContain("data-export");
    expect(RETENTION_JOB_RULES).toHaveLength(RETENTION_RULES.length - 1);
  });

  it("a period reads in words, and counts back on the calendar", () => {
    expect(periodWords({ years: 6 })).toBe("6 years");
    expect(periodWords({ months: 1 })).toBe("1 month");
    expect(keptFor(retentionRule("notices-sent"))).toBe("2 years after we sent each one");
    expect(retentionCutoff(new Date("2030-02-28T12:00:00Z"), { years: 6 }).toISOString()).toBe("2024-02-28T12:00:00.000Z");
    expect(retentionCutoff(new Date("2025-03-31T00:00:00Z"), { months: 1 }).toISOString()).toBe("2025-02-28T00:00:00.000Z");
  });
});
