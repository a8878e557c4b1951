import { describe, expect, it } from "vitest";
import { exportCoverage, NOT_IN_EXPORT } from "../../server/data-exports/coverage";
import { tablesWithPersonColumns } from "../helpers/schema-tables";

/**
 * Issue 40 ("Download your data" holds everything held about the tenant): every table of
 * server/db/schema.ts with a user or customer column is either in an export file or named in
 * NOT_IN_EXPORT with the reason. A new table with such a column fails here until it is one or
 * the other (tests/api/data-exports.test.ts then checks the tenant's rows are really in it).
 */
describe("the data export covers every table with a user or customer column (issue 40)", () => {
  const tables = tablesWithPersonColumns();
  const coverage = exportCoverage();

  it("finds the tables by reading the schema", () => {
    expect(tables.get("users")).toBeUndefined(); // users is the person: its id column is `id`
    expect(tables.get("claim_respondents")).toEqual(["user_id"]);
    expect(tables.get("payment_plans")).toEqual(["order_customer_id"]);
    expect(tables.get("cotenant_reminders")).toEqual(["asker_user_id", "recipient_user_id"]);
    expect(tables.size).toBeGreaterThan(25);
  });

  it("each is in an export file, or left out with a reason", () => {
    const missing = [...tables.keys()].filter((table) => !coverage.has(table) && !NOT_IN_EXPORT[table]);
    expect(missing, "add each to an export file (server/data-exports/contents.ts), or to NOT_IN_EXPORT with why").toEqual([]);
    expect(coverage.get("users")).toBe("account.json");
  });

  it("a table left out says why, and is not in a file as well", () => {
    for (const [table, why] of Object.entries(NOT_IN_EXPORT)) {
      expect(why.length, table).toBeGreaterThan(20);
      expect(coverage.has(table), table).toBe(false);
    }
  });

  it("the parser sees a column added to a new table", () => {
    const found = tablesWithPersonColumns(`export const x = pgTable("complaints", { id: id(), userId: text("user_id").notNull() });`);
    expect(found.get("complaints")).toEqual(["user_id"]);
  });
});
