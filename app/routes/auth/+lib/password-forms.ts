import { z } from "zod";
import { newPasswordFormErrors, PASSWORD_MIN_CHARACTER_TYPES, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from "#common/passwords";
import { textField, withTextRules } from "~/lib/text-rules";

export const EMAIL_FORMAT_MESSAGE = "Enter an email address in the correct format, like name@example.com";

/** An email field: valid and required (part 1 §5). */
export const emailField = withTextRules(z.string({ error: "Required" }), "email").trim().pipe(z.email({ error: EMAIL_FORMAT_MESSAGE }));

/** 'Something went wrong': the spec's words when a reset request, a reset or a set password fails (part 1 §8). */
export const PASSWORD_FAILURE_MESSAGE = "Something went wrong";

/**
 * Change Password and Set Password (part 1 §5): the spec's rule and words from common/passwords.ts
 * ('Required', 'Minimum 8 Characters', 3 of 4 character types, 'Passwords must match'). No
 * length limit below the rule's 256 characters, so long pasted passwords fit. The API also
 * refuses the most common passwords; its message is shown on the password field.
 */
export const newPasswordSchema = z
  .object({ password: textField("password").optional(), confirmPassword: textField("password").optional() })
  .superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(newPasswordFormErrors(value))) {
      ctx.addIssue({ code: "custom", path: [path], message: message! });
    }
  });

export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with ${PASSWORD_MIN_CHARACTER_TYPES} of these: a lower case letter, an upper case letter, a number, a special character (${PASSWORD_SPECIAL_CHARACTERS}). A long phrase of unrelated words is a good choice; a common password is refused.`;
