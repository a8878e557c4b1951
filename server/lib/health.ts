import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { describeError, log } from "./log";
import { readiness } from "./metrics";

/** How long a readiness check may take before its part counts as not answering. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer in time")), READY_CHECK_TIMEOUT_MS).unref()),
  ]);
}

/**
 * For a load balancer (issue 25, scope 3), both cheap and neither behind sign-in:
 * - `/healthz`: the process answers (nothing else is asked).
 * - `/readyz`: the database answers `select 1` and the file store answers its check; 503 with
 *   the part that did not, otherwise 200. Never cached.
 */
export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "cache-control": "no-store" }));
  app.get("/readyz", async (c) => {
    const { db, files } = c.get("deps");
    const parts = { database: "ok", storage: "ok" };
    await withinTimeout(db.execute(sql`select 1`)).catch((error: unknown) => {
      parts.database = "unavailable";
      log.warn("readiness: the database did not answer", describeError(error));
    });
    await withinTimeout(files.check()).catch((error: unknown) => {
      parts.storage = "unavailable";
      log.warn("readiness: the file store did not answer", describeError(error));
    });
    const ready = parts.database === "ok" && parts.storage === "ok";
    readiness.set({ part: "database" }, parts.database === "ok" ? 1 : 0);
    readiness.set({ part: "storage" }, parts.storage === "ok" ? 1 : 0);
    return c.json({ status: ready ? "ready" : "not ready", ...parts }, ready ? 200 : 503, { "cache-control": "no-store" });
  });
  return app;
}
