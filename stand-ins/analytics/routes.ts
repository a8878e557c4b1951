/**
 * The analytics stand-in's store behind the API's ops routes (issue 26): the web server keeps what
 * PostHog's capture API would have received (POST), and the browser tests read one tenant's events
 * (GET). Mounted under /ops (outside production, with the ops token) by the composition root,
 * through the runtime's stand-in options (stand-ins/index.ts).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../server/context";
import { ApiError } from "../../server/lib/errors";
import { analyticsEventsFor, StandInBatch, storeAnalyticsEvents } from "./store";

export const analyticsOpsRoutes = new Hono<AppEnv>()
  .post("/analytics-events", async (c) => {
    const parsed = StandInBatch.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new ApiError(400, "Not a batch of analytics events");
    return c.json(await storeAnalyticsEvents(c.get("deps").db, parsed.data.events), 200);
  })
  .get("/analytics-events", async (c) => {
    const distinctId = c.req.query("distinctId")?.trim() ?? "";
    if (distinctId === "" || distinctId.length > 200) throw new ApiError(400, "Say whose events: ?distinctId=");
    return c.json(await analyticsEventsFor(c.get("deps").db, distinctId), 200);
  });
