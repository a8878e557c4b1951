import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ApiError } from "../lib/errors";
import { createTenant, expireAccessTokens, findUserByEmail } from "../scenarios/tenants";

/**
 * Playing the other parties, for demos and tests. Mounted only outside production,
 * and only answers requests that carry the ops token.
 */
export function opsGuard(opsToken: string | undefined) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const given = c.req.header("x-ops-token") ?? "";
    const ok =
      opsToken !== undefined &&
      given.length === opsToken.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(opsToken));
    if (!ok) throw new ApiError(404, "Not found");
    await next();
  });
}

export function opsRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/tenants", async (c) => {
    const body = z
      .object({
        email: z.email().optional(),
        firstName: z.string().min(1).default("Sam"),
        lastName: z.string().min(1).default("Tenant"),
        password: z.string().min(8).optional(),
        requiresPasswordReset: z.boolean().optional(),
      })
      .parse(await c.req.json().catch(() => ({})));
    const email = body.email ?? `tenant-${crypto.randomUUID().slice(0, 8)}@keyfree.example`;
    const tenant = await createTenant(c.get("deps").db, { ...body, email });
    return c.json(tenant, 201);
  });

  app.post("/tokens/expire", async (c) => {
    const { email } = z.object({ email: z.email() }).parse(await c.req.json());
    const { db, clock } = c.get("deps");
    const user = await findUserByEmail(db, email);
    if (!user) throw new ApiError(404, "No user with that email");
    await expireAccessTokens(db, user.id, clock.now());
    return c.json({ ok: true });
  });

  return app;
}
