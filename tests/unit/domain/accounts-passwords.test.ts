import { describe, expect, it } from "vitest";
import {
  confirmPasswordError,
  isCommonPassword,
  newPasswordError,
  newPasswordFormErrors,
  PASSWORD_MESSAGES,
  passwordCharacterTypes,
} from "#common/passwords";

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

describe("common passwords are refused (beyond the spec: OWASP ASVS 6.2)", () => {
  const common = new Set(["password1", "qwerty123"]);
  it.each([
    ["Password1", PASSWORD_MESSAGES.common, "passes 3 of 4 types but is common, whatever the case"],
    ["QWERTy123", PASSWORD_MESSAGES.common, "common in other capitals"],
    ["Keyfree-demo-1", null, "not on the list"],
    ["short", "Minimum 8 Characters", "the spec's rules come first"],
  ])("%j → %j (%s)", (password, message, _why) => {
    expect(newPasswordError(password, common)).toBe(message);
  });

  it("without a list only the spec's rules apply", () => {
    expect(newPasswordError("Password1")).toBeNull();
    expect(isCommonPassword("PASSWORD1", common)).toBe(true);
    expect(isCommonPassword("Password12", common)).toBe(false);
  });

  it("allows at least 64 characters", () => {
    expect(newPasswordError(`Ab1-${"long passphrase ".repeat(4)}`.slice(0, 64), common)).toBeNull();
    expect(newPasswordError(`Ab1${"x".repeat(253)}`, common)).toBeNull();
  });
});
