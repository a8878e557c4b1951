import { describe, expect, it } from "vitest";
import { createSpellingNormaliser } from "../../../server/domain/spelling.js";

describe("spelling normaliser (part 1 §4.1 'both readings exist')", () => {
  const normalise = createSpellingNormaliser(["AWAITING_RESPONSE", "DRAFT"] as const);

  it.each([
    ["AWAITING_RESPONSE", "AWAITING_RESPONSE"],
    ["AWAITINGRESPONSE", "AWAITING_RESPONSE"],
    ["DRAFT", "DRAFT"],
    ["awaiting_response", null],
    ["AWAITING_RESPONSE_", null],
    ["AWAITINGRESPONSE_", null],
    ["AWAITING RESPONSE", null],
    ["SETTLED", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("part 1 §4.1 both spellings accepted, unknown answers null — %j → %j", (input, expected) => {
    expect(normalise(input)).toBe(expected);
  });

  it("part 1 §4.1 one canonical spelling: values that collide without underscores are refused", () => {
    expect(() => createSpellingNormaliser(["A_B", "AB_"] as const)).toThrow(/same spelling/);
  });
});
