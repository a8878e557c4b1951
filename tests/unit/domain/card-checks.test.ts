import { describe, expect, it } from "vitest";
import { cardCheckResults, fundingCheck, nameMatchCheck } from "../../../server/domain/card-checks";
import { failedCardChecks } from "../../../server/domain/payments";

const jo = { firstName: "Jo", lastName: "Smith" };

describe("part 1 §8 card checks", () => {
  it.each([
    ["Jo Smith", "pass"],
    ["JO SMITH", "pass"],
    ["Mr J Smith", "pass"],
    ["J. Smith", "pass"],
    ["Jo Anne Smith", "pass"],
    ["Sam Smith", "fail"],
    ["Jo Jones", "fail"],
    ["", "unchecked"],
    [null, "unchecked"],
  ] as const)("nameMatch: the card must be in your own name — %j for Jo Smith → %s", (name, result) => {
    expect(nameMatchCheck(name, jo)).toBe(result);
  });

  it("nameMatch ignores accents and punctuation in names", () => {
    expect(nameMatchCheck("Zoe O'Brien-Lee", { firstName: "Zoë", lastName: "O'Brien-Lee" })).toBe("pass");
  });

  it.each([
    ["prepaid", "fail"],
    ["credit", "pass"],
    ["debit", "pass"],
    ["unknown", "unchecked"],
    [null, "unchecked"],
  ] as const)("funding: 'We are unable to accept prepaid cards' — %s → %s", (funding, result) => {
    expect(fundingCheck(funding)).toBe(result);
  });

  it("a failed CVC and postcode check each give the spec's message, in the modal's order", () => {
    const results = cardCheckResults(
      { cardholderName: "Jo Smith", cvcCheck: "fail", postcodeCheck: "fail", funding: "debit" },
      jo,
    );
    expect(results).toEqual({ nameMatch: "pass", cvc: "fail", funding: "pass", postcode: "fail" });
    expect(failedCardChecks(results)).toEqual([
      "The security code check failed. Please ensure you've entered the correct security code for this card.",
      "The postal code check failed. Please ensure you've entered the correct billing address.",
    ]);
  });

  it("unavailable provider checks are 'unchecked', not failures", () => {
    const results = cardCheckResults({ cardholderName: "Jo Smith", cvcCheck: "unavailable", postcodeCheck: null, funding: "credit" }, jo);
    expect(failedCardChecks(results)).toEqual([]);
  });
});
