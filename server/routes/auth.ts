import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import type { AppEnv } from "../context";
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
    ...errorResponses(400, 401),
  },
});

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
    const { db, clock, config } = c.get("deps");
    const { email, password } = c.req.valid("json");
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    // Verify against a dummy hash for unknown emails so both failures take as long.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
    if (!user || !ok) throw new ApiError(401, "Wrong email or password");
    const now = clock.now();
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
