import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { AppEnv, Deps } from "../context";
import { accessTokens, userEvents, users } from "../db/schema";
import { requireTenant } from "../lib/auth";
import { ApiError, errorResponses } from "../lib/errors";
import { timingDummyHash, verifyPassword } from "../lib/passwords";
import { newId } from "../lib/tokens";
import { issueAccessToken } from "../lib/access-tokens";
import { sendResetPasswordLink } from "./password";

const LoginBody = z
  .object({
    email: z.email().max(254).openapi({ example: "demo@keyfree.example" }),
    password: z.string().min(1).max(1024),
  })
  .openapi("LoginRequest");

const LoginResponse = z
  .object({
    requiresReset: z.boolean().openapi({ description: "The user must reset their password before signing in" }),
    accessToken: z.string().nullable().openapi({ description: "Bearer token, null when a reset is required" }),
  })
  .openapi("LoginResponse");

const login = createRoute({
  method: "post",
  path: "/auth/login",
  operationId: "login",
  tags: ["auth"],
  summary: "Sign in with email and password",
  request: { body: { required: true, content: { "application/json": { schema: LoginBody } } } },
  responses: {
    200: { description: "Signed in, or told to reset the password", content: { "application/json": { schema: LoginResponse } } },
    ...errorResponses(400, 401, 429),
  },
});

/** Password guessing: this many wrong passwords for one email within the window locks it for the window. */
export const LOGIN_ATTEMPT_LIMIT = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const TOO_MANY_LOGIN_ATTEMPTS_MESSAGE = `Too many attempts to sign in. Please wait ${LOGIN_LOCK_MINUTES} minutes and try again, or reset your password.`;

/**
 * Wrong passwords for emails with no account, kept in memory (there is no user to record them
 * against) so that an unknown email is locked exactly like a known one and the lock reveals nothing.
 */
const unknownEmailFailures = new WeakMap<object, Map<string, number[]>>();

async function recentFailures(deps: Deps, userId: string | null, email: string, now: Date): Promise<number> {
  const since = now.getTime() - LOGIN_LOCK_MINUTES * 60_000;
  if (!userId) {
    const seen = unknownEmailFailures.get(deps.db)?.get(email) ?? [];
    return seen.filter((t) => t > since).length;
  }
  // Failures since the last right password (signed in, or told to reset), within the window.
  const [last] = await deps.db
    .select({ at: userEvents.createdAt })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), inArray(userEvents.type, ["LOGIN", "LOGIN_RESET_REQUIRED"])))
    .orderBy(desc(userEvents.createdAt))
    .limit(1);
  const from = new Date(Math.max(since, last?.at.getTime() ?? 0));
  const [row] = await deps.db
    .select({ n: count() })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), eq(userEvents.type, "LOGIN_FAILED"), gt(userEvents.createdAt, from)));
  return row?.n ?? 0;
}

async function recordFailure(deps: Deps, userId: string | null, email: string, now: Date) {
  if (userId) {
    await deps.db.insert(userEvents).values({ id: newId(), userId, type: "LOGIN_FAILED", createdAt: now });
    return;
  }
  let byEmail = unknownEmailFailures.get(deps.db);
  if (!byEmail) unknownEmailFailures.set(deps.db, (byEmail = new Map()));
  const since = now.getTime() - LOGIN_LOCK_MINUTES * 60_000;
  byEmail.set(email, [...(byEmail.get(email) ?? []).filter((t) => t > since), now.getTime()]);
  // Bounded: the oldest emails go first.
  if (byEmail.size > 10_000) byEmail.delete(byEmail.keys().next().value!);
}

const logout = createRoute({
  method: "post",
  path: "/auth/logout",
  operationId: "logout",
  tags: ["auth"],
  summary: "Revoke the access token in use and record a logout event",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  responses: { 204: { description: "Signed out" }, ...errorResponses(401) },
});

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(login, async (c) => {
    const deps = c.get("deps");
    const { db, clock, config } = deps;
    const { email, password } = c.req.valid("json");
    const key = email.toLowerCase();
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${key}`)
      .limit(1);
    const now = clock.now();
    // Too many wrong passwords lately: refused before the password is even looked at.
    if ((await recentFailures(deps, user?.id ?? null, key, now)) >= LOGIN_ATTEMPT_LIMIT) {
      throw new ApiError(429, TOO_MANY_LOGIN_ATTEMPTS_MESSAGE);
    }
    // Verify against a dummy hash for unknown emails so both failures take as long.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
    if (!user || !ok) {
      await recordFailure(deps, user?.id ?? null, key, now);
      throw new ApiError(401, "Wrong email or password");
    }
    if (user.requiresPasswordReset) {
      // The 'Check Your Email' state promises an e-mail: send a reset link with it.
      await db.transaction(async (tx) => {
        await tx.insert(userEvents).values({ id: newId(), userId: user.id, type: "LOGIN_RESET_REQUIRED", createdAt: now });
        await sendResetPasswordLink(tx, config, user, now);
      });
      return c.json({ requiresReset: true, accessToken: null }, 200);
    }
    const token = await issueAccessToken(db, config, user.id, now);
    return c.json({ requiresReset: false, accessToken: token }, 200);
  })
  .openapi(logout, async (c) => {
    const { db, clock } = c.get("deps");
    const auth = c.get("auth");
    const now = clock.now();
    await db
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.id, auth.tokenId), eq(accessTokens.userId, auth.userId)));
    await db.insert(userEvents).values({ id: newId(), userId: auth.userId, type: "LOGOUT", createdAt: now });
    return c.body(null, 204);
  });
