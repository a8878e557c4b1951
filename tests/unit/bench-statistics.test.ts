/**
 * The comparison mode of `npm run bench` (scripts/bench-compare.ts, decision 0073) reports the
 * median of paired rounds' ratios and their middle half: these are the figures an issue's "less
 * than 5 %" is judged by, so their arithmetic is held here.
 */
import { describe, expect, it } from "vitest";
import { median, pairedChange, quantile } from "../../scripts/bench-helpers";

describe("the bench's paired statistics", () => {
  it("a median of an odd and an even count, and of none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("quantiles interpolate between neighbours", () => {
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75);
    expect(quantile([10], 0.75)).toBe(10);
  });

  it("pairs round k of one side with round k of the other, so a slow moment for both cancels out", () => {
    // The machine halves its speed in rounds 3 and 4; the after side is always 2 % slower.
    const before = [100, 100, 50, 50, 100];
    const after = before.map((rate) => rate * 0.98);
    const change = pairedChange(before, after);
    expect(change.median).toBeCloseTo(-0.02);
    expect(change.low).toBeCloseTo(-0.02);
    expect(change.high).toBeCloseTo(-0.02);
    // Unpaired medians would have said the same here, but a single bad round does not move the paired median.
    expect(pairedChange([100, 100, 100], [98, 98, 40]).median).toBeCloseTo(-0.02);
  });

  it("refuses rounds that do not pair", () => {
    expect(() => pairedChange([1, 2], [1])).toThrow(/as many/);
  });
});
