/**
 * Forgotten and first passwords (part 1 §2.2, §5, §7): the reset-password request, the
 * reset itself, and setting the password of an invited tenant. The links travel by e-mail
 * (the outbox) and carry single-use tokens of which only a hash is stored.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { newPasswordError, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from "#common/passwords";
import { apiRoute } from "../lib/api-route";
import { clientAddress } from "../lib/client-address";
import { commonPasswords } from "../lib/common-passwords";
import { emailAddress, singleLineText } from "../lib/input-schemas";
import {
  PASSWORD_REQUEST_ANSWER,
  passwordLinkMessage,
  passwordTokenState,
  requestPasswordReset,
  resetPassword as resetWithToken,
  setPassword as setWithToken,
} from "./password-service";

/**
 * Part 1 §5 new password: required, 'Minimum 8 Characters', 3 of 4 character types; and
 * (OWASP ASVS 6.2) not one of the most common passwords.
 */
const NewPassword = singleLineText("password", { required: PASSWORD_MESSAGES.required, tooLong: PASSWORD_MESSAGES.maxLength })
  .superRefine((value, ctx) => {
    const message = newPasswordError(value, commonPasswords());
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .openapi({
    description: `8 to ${PASSWORD_MAX_LENGTH} characters, with 3 of: a lower case letter, an upper case letter, a number, one of !@#$%^&*; not one of the most common passwords`,
    example: "Keyfree-new-1",
  });

const LinkToken = singleLineText("token", { required: "Required" }).min(1, "Required").openapi({ description: "The token from the e-mailed link" });
const Email = emailAddress().openapi({ example: "demo@keyfree.example" });

const ResetPasswordRequestBody = z.object({ email: Email }).openapi("ResetPasswordRequestRequest");
const ResetPasswordRequestResponse = z
  .object({ message: z.string().openapi({ example: PASSWORD_REQUEST_ANSWER }) })
  .openapi("ResetPasswordRequestResponse");
const ResetPasswordBody = z
  .object({ token: LinkToken, password: NewPassword, email: Email })
  .openapi("ResetPasswordRequest");
const SetPasswordBody = z
  .object({
    token: LinkToken,
    password: NewPassword,
    email: Email.optional().openapi({ description: "The email from the link; when given it must be the invited user's" }),
  })
  .openapi("SetPasswordRequest");
const SetPasswordResponse = z
  .object({ accessToken: z.string().openapi({ description: "Bearer token: the tenant is signed in" }) })
  .openapi("SetPasswordResponse");

const PasswordLinkBody = z
  .object({
    kind: z.enum(["RESET", "SET"]).openapi({ description: "RESET: a reset-password link; SET: an invitation's set-password link" }),
    token: LinkToken,
    email: Email.optional().openapi({ description: "The email from the link" }),
  })
  .openapi("PasswordLinkRequest");
const PasswordLinkResponse = z
  .object({
    state: z.enum(["USABLE", "INVALID", "USED", "EXPIRED"]),
    message: z.string().nullable().openapi({ description: "Why the link cannot be used (null when it can)" }),
  })
  .openapi("PasswordLinkResponse");

const checkPasswordLink = apiRoute({
  method: "post", path: "/auth/password-link", operationId: "checkPasswordLink", tags: ["auth"],
  summary: "Whether a reset or set-password link can still be used, and why not (changes nothing)",
  body: PasswordLinkBody,
  ok: ["The link's state", PasswordLinkResponse], errors: [400],
});

const resetPasswordRequest = apiRoute({
  method: "post", path: "/auth/reset-password-request", operationId: "resetPasswordRequest", tags: ["auth"],
  summary: "E-mail a link to reset the password (the same answer whether or not the account exists; throttled per email and per client address)",
  body: ResetPasswordRequestBody,
  ok: ["Sent when the account exists", ResetPasswordRequestResponse], errors: [400, 429],
});

const resetPassword = apiRoute({
  method: "post", path: "/auth/reset-password", operationId: "resetPassword", tags: ["auth"],
  summary: "Choose a new password with the token from a reset e-mail; signs out every session",
  body: ResetPasswordBody,
  responses: { 204: { description: "Password changed: the tenant can log in with it" } }, errors: [400],
});

const setPassword = apiRoute({
  method: "post", path: "/auth/set-password", operationId: "setPassword", tags: ["auth"],
  summary: "Set the first password with the token from an invitation e-mail, and sign in",
  body: SetPasswordBody,
  ok: ["Password set and signed in", SetPasswordResponse], errors: [400],
});

export const passwordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(checkPasswordLink, async (c) => {
    const { db, clock } = c.get("deps");
    const { kind, token, email } = c.req.valid("json");
    const { state } = await passwordTokenState(db, kind, token, email, clock.now());
    return c.json({ state, message: state === "USABLE" ? null : passwordLinkMessage(kind, state) }, 200);
  })
  .openapi(resetPasswordRequest, async (c) => {
    await requestPasswordReset(c.get("deps"), c.req.valid("json").email, clientAddress(c));
    return c.json({ message: PASSWORD_REQUEST_ANSWER }, 200);
  })
  .openapi(resetPassword, async (c) => {
    await resetWithToken(c.get("deps"), c.req.valid("json"));
    return c.body(null, 204);
  })
  .openapi(setPassword, async (c) => {
    return c.json({ accessToken: await setWithToken(c.get("deps"), c.req.valid("json")) }, 200);
  });
