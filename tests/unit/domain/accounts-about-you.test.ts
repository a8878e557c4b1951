import { describe, expect, it } from "vitest";
import {
  ABOUT_YOU_MESSAGES as M,
  aboutYouErrors,
  aboutYouFormErrors,
  dateOfBirthError,
  dateOfBirthFromParts,
  dateOfBirthPartsErrors,
  dayError,
  emailError,
  firstNameError,
  genderError,
  lastNameError,
  mobileNumberError,
  monthError,
  yearError,
} from "#common/about-you";

const TODAY = "2026-11-22";

describe("About You (part 1 §5)", () => {
  it.each([
    { field: "firstName", check: firstNameError, value: "", message: "First name is required" },
    { field: "firstName", check: firstNameError, value: "  ", message: "First name is required" },
    { field: "firstName", check: firstNameError, value: "Priya", message: null },
    { field: "firstName", check: firstNameError, value: "x".repeat(101), message: M.firstNameTooLong },
    { field: "lastName", check: lastNameError, value: undefined, message: "Last name is required" },
    { field: "lastName", check: lastNameError, value: "Shah", message: null },
    { field: "email", check: emailError, value: "", message: "Email address is required" },
    { field: "email", check: emailError, value: "not-an-email", message: M.emailInvalid },
    { field: "email", check: emailError, value: "priya@example.com", message: null },
    { field: "gender", check: genderError, value: "", message: "Gender is required" },
    { field: "gender", check: genderError, value: "OTHER", message: "Gender is required" },
    { field: "gender", check: genderError, value: "UNKNOWN", message: null },
    { field: "gender", check: genderError, value: "MALE", message: null },
    { field: "gender", check: genderError, value: "FEMALE", message: null },
  ])("$field: $value → $message", ({ check, value, message }) => {
    expect(check(value)).toBe(message);
  });

  it.each([
    ["", "Mobile number is required"],
    ["07700900123", null],
    ["+447700900123", null],
    ["0770090012", "Incorrectly formatted phone number"],
    ["+4477009001234567", "Incorrectly formatted phone number"],
    ["123456789012345", null],
    ["1234567890123456", "Incorrectly formatted phone number"],
    ["07700 900123", "Incorrectly formatted phone number"],
    ["0770-0900123", "Incorrectly formatted phone number"],
    ["44+7700900123", "Incorrectly formatted phone number"],
  ])("mobile number: 11-15 characters, optional leading plus then digits only — %j → %j", (value, message) => {
    expect(mobileNumberError(value)).toBe(message);
  });

  it.each([
    ["", "Day is required"],
    ["ab", "Day must be a number"],
    ["1.5", "Day must be a whole number"],
    ["0", "Invalid day"],
    ["32", "Invalid day"],
    ["-3", "Invalid day"],
    ["31", null],
    ["07", null],
  ])("day %j → %j", (value, message) => {
    expect(dayError(value)).toBe(message);
  });

  it.each([
    ["", "Invalid month"],
    ["0", "Invalid month"],
    ["13", "Invalid month"],
    ["x", "Invalid month"],
    ["12", null],
    ["04", null],
  ])("month %j → %j", (value, message) => {
    expect(monthError(value)).toBe(message);
  });

  it.each([
    ["", "Year must be 4 digits"],
    ["90", "Year must be 4 digits"],
    ["19900", "Year must be 4 digits"],
    ["1990", null],
  ])("year %j → %j", (value, message) => {
    expect(yearError(value)).toBe(message);
  });

  it.each([
    { dob: "1990-04-17", message: null, why: "an adult" },
    { dob: "2008-11-22", message: null, why: "18 today" },
    { dob: "2008-11-23", message: "You must be at least 18 years old", why: "18 tomorrow" },
    { dob: "2026-11-22", message: "You must be at least 18 years old", why: "born today" },
    { dob: "2026-11-23", message: "Date cannot be in the future", why: "tomorrow" },
    { dob: "1990-02-30", message: "Invalid date", why: "30 February" },
    { dob: "1990-13-01", message: "Invalid date", why: "month 13" },
    { dob: "17/04/1990", message: "Invalid date", why: "another format" },
    { dob: "1899-12-31", message: "Invalid date", why: "before 1900" },
    { dob: "", message: "Invalid date", why: "empty" },
  ])("date of birth (YYYY-MM-DD), not in the future, at least 18: $why", ({ dob, message }) => {
    expect(dateOfBirthError(dob, TODAY)).toBe(message);
  });

  it("someone born on 29 February turns 18 on 1 March in a year without one", () => {
    expect(dateOfBirthError("2008-02-29", "2026-02-28")).toBe(M.tooYoung);
    expect(dateOfBirthError("2008-02-29", "2026-03-01")).toBeNull();
  });

  it.each([
    [{ day: "31", month: "2", year: "1990" }, { day: "Invalid day for this month" }],
    [{ day: "29", month: "2", year: "1990" }, { day: "Invalid day for this month" }],
    [{ day: "29", month: "2", year: "1992" }, {}],
    [{ day: "", month: "13", year: "90" }, { day: "Day is required", month: "Invalid month", year: "Year must be 4 digits" }],
    [{ day: "1", month: "1", year: "2027" }, { dob: "Date cannot be in the future" }],
    [{ day: "1", month: "1", year: "2010" }, { dob: "You must be at least 18 years old" }],
    [{ day: "17", month: "4", year: "1990" }, {}],
  ])("date of birth fields %j → %j", (parts, errors) => {
    expect(dateOfBirthPartsErrors(parts, TODAY)).toEqual(errors);
  });

  it("the three fields are sent as YYYY-MM-DD", () => {
    expect(dateOfBirthFromParts({ day: "7", month: "4", year: "1990" })).toBe("1990-04-07");
    expect(dateOfBirthFromParts({ day: "31", month: "4", year: "1990" })).toBeNull();
    expect(dateOfBirthFromParts({ day: "x", month: "4", year: "1990" })).toBeNull();
  });

  it("aboutYouErrors checks every field, or with partial only those given", () => {
    expect(aboutYouErrors({}, TODAY)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      dob: "Invalid date",
      gender: "Gender is required",
      mobileNumber: "Mobile number is required",
    });
    expect(aboutYouErrors({ mobileNumber: "123" }, TODAY, { partial: true })).toEqual({
      mobileNumber: "Incorrectly formatted phone number",
    });
    const valid = { firstName: "Priya", lastName: "Shah", dob: "1990-04-17", gender: "FEMALE", mobileNumber: "07700900123" };
    expect(aboutYouErrors(valid, TODAY)).toEqual({});
  });

  it("aboutYouFormErrors covers the 'Tell us a bit about yourself' form", () => {
    expect(
      aboutYouFormErrors(
        { firstName: "", lastName: "Shah", email: "x", day: "31", month: "6", year: "1990", gender: "", mobileNumber: "07700900123" },
        TODAY,
      ),
    ).toEqual({
      firstName: "First name is required",
      email: M.emailInvalid,
      day: "Invalid day for this month",
      gender: "Gender is required",
    });
  });
});
