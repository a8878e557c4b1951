/**
 * The new-password rule (part 1 §5, reset and set password): required; minimum 8 characters
 * ('Minimum 8 Characters'); at least 3 of the 4 character types (lower case, upper case,
 * digit, a special character from !@#$%^&*); the confirmation is required and must match
 * ('Passwords must match'). In the shared rule book, so the API (server/accounts/password.routes.ts)
 * and the web form share one rule and its words. The list of common passwords is the API's.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused so hashing cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*";
/** How many of the four character types a new password needs. */
export const PASSWORD_MIN_CHARACTER_TYPES = 3;

export const PASSWORD_MESSAGES = {
  required: "Required",
  minLength: "Minimum 8 Characters",
  maxLength: `Maximum ${PASSWORD_MAX_LENGTH} Characters`,
  /*
   * The spec names the rule but gives no words for it; this says what to do in the
   * terms a tenant uses.
   */
  characterTypes:
    "Use at least 3 of these: a lower case letter, an upper case letter, a number, a special character (!@#$%^&*)",
  /*
   * Beyond the spec (OWASP ASVS 6.2): the most common passwords are refused, whatever
   * their character types ('Password1' passes the 3-of-4 rule but is among the first guesses).
   */
  common: "This password is too common, so it is easy to guess. Choose another, for example three or four unrelated words.",
  confirmRequired: "Required",
  mismatch: "Passwords must match",
} as const;

export type PasswordCharacterType = "lower" | "upper" | "digit" | "special";

/** Which of the four character types a password uses. */
export function passwordCharacterTypes(password: string): PasswordCharacterType[] {
  const types: PasswordCharacterType[] = [];
  if (/[a-z]/.test(password)) types.push("lower");
  if (/[A-Z]/.test(password)) types.push("upper");
  if (/[0-9]/.test(password)) types.push("digit");
  if ([...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch))) types.push("special");
  return types;
}

/** Whether a password is on a list of common passwords (the list in lower case; case does not make it safer). */
export function isCommonPassword(password: string, commonPasswords: ReadonlySet<string>): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The message for a new password that breaks the rule, or null when it is acceptable. With a
 * list of common passwords (the API passes one) a password on it is refused too.
 */
export function newPasswordError(password: string | null | undefined, commonPasswords?: ReadonlySet<string>): string | null {
  if (password === null || password === undefined || password === "") return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.minLength;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.maxLength;
  if (passwordCharacterTypes(password).length < PASSWORD_MIN_CHARACTER_TYPES) return PASSWORD_MESSAGES.characterTypes;
  if (commonPasswords && isCommonPassword(password, commonPasswords)) return PASSWORD_MESSAGES.common;
  return null;
}

/** The message for the confirm-password field, or null when it matches. */
export function confirmPasswordError(password: string | null | undefined, confirm: string | null | undefined): string | null {
  if (confirm === null || confirm === undefined || confirm === "") return PASSWORD_MESSAGES.confirmRequired;
  if (confirm !== password) return PASSWORD_MESSAGES.mismatch;
  return null;
}

/** Field → message for the Change Password / Set Password form (empty when valid). */
export function newPasswordFormErrors(input: {
  password?: string | null;
  confirmPassword?: string | null;
}): Partial<Record<"password" | "confirmPassword", string>> {
  const errors: Partial<Record<"password" | "confirmPassword", string>> = {};
  const password = newPasswordError(input.password);
  if (password) errors.password = password;
  const confirm = confirmPasswordError(input.password, input.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}
