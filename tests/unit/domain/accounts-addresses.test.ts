import { describe, expect, it } from "vitest";
import {
  addressHistoryError,
  isUkPostcode,
  isUnitedKingdom,
  manualAddressErrors,
  normalisePostcode,
  postcodeSearchError,
} from "#common/addresses";

describe("addresses (part 1 §5 postcode search and manual address)", () => {
  it.each(["BS1 4DJ", "bs14dj", " bs1  4dj ", "SW1A 1AA", "M1 1AE", "EH1 1YZ", "LS1 4AP", "CF10 1EP", "W1A 0AX", "GIR 0AA", "BFPO 123"])(
    "%j is a UK postcode",
    (value) => expect(isUkPostcode(value)).toBe(true),
  );

  it.each(["", "BS1", "12345", "QS1 4DJ", "BS1 4CJ", "90210", "hello"])("%j is not a UK postcode", (value) => {
    expect(isUkPostcode(value)).toBe(false);
  });

  it.each([
    ["bs14dj", "BS1 4DJ"],
    [" sw1a  1aa ", "SW1A 1AA"],
    ["cf101ep", "CF10 1EP"],
    ["gir0aa", "GIR 0AA"],
    ["bfpo 123", "BFPO 123"],
    [" 75001  paris ", "75001 PARIS"],
  ])("postcode %j is written %j", (value, written) => {
    expect(normalisePostcode(value)).toBe(written);
  });

  it.each([
    ["", "Postcode is required"],
    ["   ", "Postcode is required"],
    [null, "Postcode is required"],
    ["BS1 4DJ", null],
  ])("postcode search %j → %j", (value, message) => {
    expect(postcodeSearchError(value)).toBe(message);
  });

  it.each([
    ["GB", true],
    ["gbr", true],
    ["UK", true],
    ["FRA", false],
    ["", false],
  ])("country %j is the UK: %j", (country, uk) => {
    expect(isUnitedKingdom(country)).toBe(uk);
  });

  const valid = { buildingNumber: "12", street: "Orchard Road", postcode: "BS1 4DJ", country: "GBR" };
  it.each([
    [valid, {}],
    [{ ...valid, buildingNumber: "", buildingName: "Orchard House" }, {}],
    [
      { ...valid, buildingNumber: " ", buildingName: null },
      { buildingNumber: "Either a building number or name is required", buildingName: "Either a building number or name is required" },
    ],
    [{ ...valid, street: "" }, { street: "Required" }],
    [{ ...valid, postcode: "" }, { postcode: "Required" }],
    [{ ...valid, postcode: "90210" }, { postcode: "Must be a UK postcode" }],
    [{ ...valid, country: "GB", postcode: "90210" }, { postcode: "Must be a UK postcode" }],
    [{ ...valid, country: "FRA", postcode: "75001" }, {}],
    [{ ...valid, country: "" }, { country: "Required" }],
  ])("manual address %j → %j", (address, errors) => {
    expect(manualAddressErrors(address)).toEqual(errors);
  });

  it("an address history has at most one current address", () => {
    expect(addressHistoryError([{ currentlyAtAddress: true }, { currentlyAtAddress: false }])).toBeNull();
    expect(addressHistoryError([])).toBeNull();
    expect(addressHistoryError([{ currentlyAtAddress: true }, { currentlyAtAddress: true }])).toBe(
      "Only one address can be your current address",
    );
  });
});
