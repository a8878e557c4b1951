import { describe, expect, it } from "vitest";

import { parseFlags } from "../../server/cli/ops";

describe("npm run ops flags", () => {
  it.each([
    [["--email", "a@b.co"], { email: "a@b.co" }],
    [["--tenancy-id", "abc", "--ppm", "120000"], { tenancyId: "abc", ppm: 120000 }],
    [["--mediation-enabled"], { mediationEnabled: true }],
    [["--reset=true"], { reset: true }],
    [["--items", '[{"description":"Carpet","amount":12000}]'], { items: [{ description: "Carpet", amount: 12000 }] }],
    [["--advance", "3d", "--dry-run"], { advance: "3d", dryRun: true }],
  ])("%j → %j", (argv, expected) => {
    expect(parseFlags(argv)).toEqual(expected);
  });

  it("refuses a bare word where a flag should be", () => {
    expect(() => parseFlags(["oops"])).toThrow(/Unexpected argument/);
  });
});
