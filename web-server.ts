/**
 * `npm start` / production: serves the built web app (build/) with the tenant API in-process.
 * Migrates the database and loads the demo data (outside production) before it listens.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { hostApiFor, hostLoadContext } from "./app/lib/host";
import { readApiConfig } from "./server/config";
import { describeError, log } from "./server/lib/log";
import { DEMO_PASSWORD } from "./server/scenarios/tenants";
import { DEMO_TENANTS } from "./server/scenarios/demo";

const port = Number(process.env.PORT ?? 3000);
const apiConfig = readApiConfig();
const maintenance = ["1", "true", "on", "yes"].includes((process.env.MAINTENANCE_MODE ?? "").toLowerCase());
const inProcessApi = !process.env.TENANT_API_URL;

// Outside production the ops routes (playing the other parties) answer to a token that
// `npm run ops` and the browser tests read from the data folder.
if (apiConfig.opsEnabled && inProcessApi && !process.env.OPS_TOKEN) {
  const token = randomBytes(24).toString("base64url");
  mkdirSync(apiConfig.dataDir, { recursive: true });
  writeFileSync(path.join(apiConfig.dataDir, "ops-token"), token, { mode: 0o600 });
  process.env.OPS_TOKEN = token;
}

// The database is migrated (and the demo loaded) before the first request; in maintenance
// mode nothing touches it.
// Links in e-mails point at this server unless APP_URL says otherwise.
process.env.APP_URL ??= `http://localhost:${port}`;
const runtime = inProcessApi && !maintenance ? await (await import("./server/runtime")).getRuntime({ startJobs: true }) : undefined;
// The web app reaches the API only through what this host gives it in the load context.
const hostApi = hostApiFor(process.env.TENANT_API_URL, runtime);

const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
// The web config is validated when the build loads: a production start without SESSION_SECRET stops here.
// Always production mode: this serves the production build (the dev server is `npm run dev`),
// so error details never reach the browser.
const handle = createRequestHandler(build, "production");

const app = new Hono();

app.use("*", async (c, next) => {
  const started = performance.now();
  await next();
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Frame-Options", "DENY");
  c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (process.env.NODE_ENV === "production") c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (!c.req.path.startsWith("/assets/")) {
    log.info("web request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  }
});

// A state-changing request from another site is refused before it reaches the app.
const CROSS_SITE_PAGE = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sorry, that did not work — Keyfree</title></head><body><main><h1>Sorry, that did not work</h1><p>This form could not be sent because it did not come from this site. Go back, reload the page and try again.</p><p><a href="/">Return Home</a></p></main></body></html>`;
app.use("*", async (c, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
  const origin = c.req.header("origin");
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
  let crossSite = c.req.header("sec-fetch-site") === "cross-site";
  if (origin) {
    try {
      crossSite = origin === "null" || new URL(origin).host !== host;
    } catch {
      crossSite = true;
    }
  }
  if (crossSite) return c.html(CROSS_SITE_PAGE, 403);
  return next();
});

// Fingerprinted assets are cached for a year; other public files for an hour.
app.use(
  "/assets/*",
  serveStatic({
    root: "build/client",
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
  }),
);
app.use("*", serveStatic({ root: "build/client", onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") }));

if (runtime && apiConfig.opsEnabled) {
  // /__ops/* → the API's /ops/* (token-guarded, never in production).
  app.all("/__ops/*", (c) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(/^\/__ops/, "/ops");
    return runtime.api.fetch(new Request(url, c.req.raw));
  });
}

app.all("*", async (c) => {
  const response = await handle(c.req.raw, hostLoadContext(hostApi));
  // Pages carry personal data: never cache them.
  if ((response.headers.get("content-type") ?? "").includes("text/html")) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
});

app.onError((error, c) => {
  log.error("web error", { path: c.req.path, ...describeError(error) });
  return c.text("Something went wrong", 500);
});

const server = serve({ fetch: app.fetch, port }, (info) => {
  const url = `http://localhost:${info.port}`;
  log.info("Keyfree web app listening", { url, maintenance, api: inProcessApi ? "in-process" : process.env.TENANT_API_URL });
  if (runtime && !apiConfig.isProduction) {
    process.stdout.write(
      `\n  Keyfree is running at ${url}\n  Demo sign-in: ${DEMO_TENANTS[0].email}  password: ${DEMO_PASSWORD}  (demo data only)\n\n`,
    );
  }
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    void (runtime?.database.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
}
