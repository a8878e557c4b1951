import { describe, expect, it } from "vitest";
import {
  confirmPasswordError,
  newPasswordError,
  newPasswordFormErrors,
  PASSWORD_MESSAGES,
  passwordCharacterTypes,
} from "../../../server/domain/passwords.js";

describe("new password rule (part 1 §5, reset and set password)", () => {
  it.each([
    ["", [] as string[]],
    ["abc", ["lower"]],
    ["ABC", ["upper"]],
    ["123", ["digit"]],
    ["!@#$%^&*", ["special"]],
    ["aB3!", ["lower", "upper", "digit", "special"]],
    // Only !@#$%^&* count as special characters.
    ["a-b_c(d)", ["lower"]],
  ])("character types of %j → %j", (password, types) => {
    expect(passwordCharacterTypes(password)).toEqual(types);
  });

  it.each([
    { password: undefined, message: PASSWORD_MESSAGES.required, why: "required" },
    { password: null, message: PASSWORD_MESSAGES.required, why: "required" },
    { password: "", message: "Required", why: "required" },
    { password: "Ab1!xyz", message: "Minimum 8 Characters", why: "7 characters" },
    { password: "Ab1!wxyz", message: null, why: "8 characters, 4 types" },
    { password: "abcdefgh", message: PASSWORD_MESSAGES.characterTypes, why: "1 type" },
    { password: "abcdefg1", message: PASSWORD_MESSAGES.characterTypes, why: "2 types: lower, digit" },
    { password: "abcdefG-", message: PASSWORD_MESSAGES.characterTypes, why: "2 types: '-' is not a special character" },
    { password: "abcdefG1", message: null, why: "3 types: lower, upper, digit" },
    { password: "abcdef!1", message: null, why: "3 types: lower, special, digit" },
    { password: "ABCDEF!1", message: null, why: "3 types: upper, special, digit" },
    { password: "Keyfree-demo-1", message: null, why: "the demo password" },
    { password: `Ab1${"x".repeat(254)}`, message: "Maximum 256 Characters", why: "257 characters" },
  ])("$why: $password → $message", ({ password, message }) => {
    expect(newPasswordError(password)).toBe(message);
  });

  it.each([
    ["Abcdefg1", undefined, "Required"],
    ["Abcdefg1", "", "Required"],
    ["Abcdefg1", "Abcdefg2", "Passwords must match"],
    ["Abcdefg1", "Abcdefg1", null],
  ])("confirm password: %j then %j → %j", (password, confirm, message) => {
    expect(confirmPasswordError(password, confirm)).toBe(message);
  });

  it("the form gives field → message, empty when valid", () => {
    expect(newPasswordFormErrors({ password: "short", confirmPassword: "other" })).toEqual({
      password: "Minimum 8 Characters",
      confirmPassword: "Passwords must match",
    });
    expect(newPasswordFormErrors({ password: "Abcdefg1", confirmPassword: "Abcdefg1" })).toEqual({});
  });
});
