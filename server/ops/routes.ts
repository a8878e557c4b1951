import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { ApiError } from "../lib/errors";
import { opsCommands } from ".";
import { asOpsRefusal } from "./scenario-commands";
import { analyticsEventsFor, StandInBatch, storeAnalyticsEvents } from "../dev-analytics/service";

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

/** Playing the other parties: `POST /ops/run/{command}` with the command's input as JSON. */
export function opsRoutes() {
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

  // The analytics stand-in's store (issue 26): web-server.ts keeps what PostHog's capture API
  // would have received (POST), and the browser tests read one tenant's events (GET).
  app.post("/analytics-events", async (c) => {
    const parsed = StandInBatch.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new ApiError(400, "Not a batch of analytics events");
    return c.json(await storeAnalyticsEvents(c.get("deps").db, parsed.data.events), 200);
  });
  app.get("/analytics-events", async (c) => {
    const distinctId = c.req.query("distinctId")?.trim() ?? "";
    if (distinctId === "" || distinctId.length > 200) throw new ApiError(400, "Say whose events: ?distinctId=");
    return c.json(await analyticsEventsFor(c.get("deps").db, distinctId), 200);
  });

  return app;
}
