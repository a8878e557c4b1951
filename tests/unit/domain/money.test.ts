import { describe, expect, it } from "vitest";
import { assertPence } from "#common/money";

describe("money (part 1 §3 'Amounts are integers in pence')", () => {
  it.each([0, 1, 15000, 1_000_000])("part 1 §3 pence: %i is a valid amount", (value) => {
    expect(() => assertPence(value)).not.toThrow();
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])(
    "part 1 §3 pence: %s is refused (not a whole, non-negative number of pence)",
    (value) => {
      expect(() => assertPence(value, "fee")).toThrow(/fee must be a whole/);
    },
  );
});
