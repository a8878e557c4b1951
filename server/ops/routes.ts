import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { ApiError } from "../lib/errors";
import type { OpsCommand } from "./commands";
import { asOpsRefusal } from "./back-office-commands";

/** Outside production only: requests must carry the ops token; anything else is a 404. */
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

/**
 * Playing the other parties: `POST /ops/run/{command}` with the command's input as JSON. The
 * commands are the product's (server/ops/index.ts) and those the composition root adds.
 */
export function opsRoutes(opsCommands: readonly OpsCommand[]) {
  const app = new Hono<AppEnv>();

  app.get("/commands", (c) =>
    c.json(opsCommands.map(({ name, summary, example }) => ({ name, summary, example }))),
  );

  app.post("/run/:command", async (c) => {
    const found = opsCommands.find((cmd) => cmd.name === c.req.param("command"));
    if (!found) throw new ApiError(404, `Unknown ops command: ${c.req.param("command")}`);
    const body = await c.req.json().catch(() => ({}));
    const input = found.input.parse(body);
    const result = await found.run(c.get("deps"), input).catch(asOpsRefusal);
    return c.json(result ?? { ok: true }, 200);
  });

  return app;
}
