/**
 * `npm start` / production: serves the built web app (build/) with the tenant API in-process.
 * Migrates the database and loads the demo data (outside production) before it listens.
 *
 * Delivery (issue 8, scope 6): fingerprinted assets are sent precompressed (brotli or gzip,
 * made by scripts/compress-assets.ts after the build) and cached for a year; pages are
 * compressed on the fly. Every response carries Hono's secure headers with a
 * Content-Security-Policy whose script nonce is new per request and reaches React Router in
 * the load context. WEB_CONCURRENCY above 1 with PostgreSQL runs that many workers.
 */
// First: React's production build, whatever NODE_ENV says (see web-server-react.ts).
import "./web-server-react";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { serve, type HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { cspNonceContext, THIRD_PARTIES_HEADER } from "./app/lib/page-delivery";
import { contentSecurityPolicy } from "./app/lib/csp.server";
import type { ThirdParty } from "./app/lib/third-parties";
import { cspSourcesFor, thirdPartyTools } from "./app/lib/third-parties.server";
import { clientAddressContext, clientAddressOf, trustedProxyHops } from "./app/lib/client-address.server";
import { hostApiFor, hostLoadContext } from "./app/lib/host";
import { identityProviderSettings } from "./app/lib/oidc-settings.server";
import { readApiConfig, SMS_STATUS_CALLBACK_PATH, standInsInUse } from "./server/config";
import { createDrainer, drainOnSignals, drainTimeoutMs, type Drainer } from "./server/lib/graceful-shutdown";
import { requestAsBrowserSentIt } from "./server/lib/forwarded-request";
import { keepConnectionsLongerThanClients } from "./server/lib/http-server";
import { readMultipartForWeb } from "./server/lib/multipart";
import { describeError, log, logUncaughtErrors } from "./server/lib/log";
import { abortedRequestAnswer } from "./server/lib/request-log";
import { answerWorkersForMetrics, metricsHandler, readMetricsToken, shareMetricsWithPrimary } from "./server/lib/metrics";
import { logAndMeasureWebRequests } from "./server/lib/web-requests";
import { requestReference, startTracing, traceApiCalls } from "./server/lib/tracing";
import { chooseIdentityProvider } from "./common/identity-provider";

const KNOWN_THIRD_PARTIES = new Set<string>(["stripe", "intercom", "posthog", "trustpilot"] satisfies ThirdParty[]);

// An uncaught exception or unhandled rejection: one JSON line (stack in err.stack), then exit 1.
logUncaughtErrors();

const port = Number(process.env.PORT ?? 3000);
const apiConfig = readApiConfig();
const maintenance = ["1", "true", "on", "yes"].includes((process.env.MAINTENANCE_MODE ?? "").toLowerCase());
const inProcessApi = !process.env.TENANT_API_URL;
const proxyHops = trustedProxyHops();
// /metrics (issue 41): off without METRICS_TOKEN; a token too short stops the start here.
const metricsToken = readMetricsToken();

// Outside production the ops routes (playing the other parties) answer to a token that
// `npm run ops` and the browser tests read from the data folder.
if (apiConfig.opsEnabled && inProcessApi && !process.env.OPS_TOKEN) {
  const token = randomBytes(24).toString("base64url");
  mkdirSync(apiConfig.dataDir, { recursive: true });
  writeFileSync(path.join(apiConfig.dataDir, "ops-token"), token, { mode: 0o600 });
  process.env.OPS_TOKEN = token;
}

// Links in e-mails point at this server unless APP_URL says otherwise.
process.env.APP_URL ??= `http://localhost:${port}`;

// WEB_CONCURRENCY workers share the port (node:cluster). The embedded database (PGlite) is one
// process's only, so it needs PostgreSQL (DATABASE_URL) or a separate API (TENANT_API_URL).
const requestedWorkers = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY ?? 1)) || 1);
const canCluster = Boolean(apiConfig.databaseUrl) || !inProcessApi;
const workerCount = canCluster ? requestedWorkers : 1;
if (cluster.isPrimary && requestedWorkers > 1 && !canCluster) {
  const why = "the embedded database (PGlite) allows one process only; set DATABASE_URL to run workers on PostgreSQL";
  log.warn(`WEB_CONCURRENCY ignored: ${why}`, { webConcurrency: requestedWorkers });
}
const clusterPrimary = workerCount > 1 && cluster.isPrimary;

// The database is migrated (and the demo loaded) before the first request; in maintenance
// mode nothing touches it. The primary (or the only process) does that and runs the clock's
// jobs; workers only serve (the database is ready before they start).
// The offline stand-ins (stand-ins/index.ts), only when this start uses one: never loaded by a
// production start with real keys (tests/crash/production-modules.test.ts).
await startTracing("keyfree-web"); // Traces (issue 41): only with OTEL_EXPORTER_OTLP_ENDPOINT, before the API and its database start.
const standIns = standInsInUse(apiConfig) ? await (await import("./stand-ins")).loadStandIns(apiConfig) : undefined;
const runtime =
  inProcessApi && !maintenance ? await (await import("./server/runtime")).getRuntime({ startJobs: !cluster.isWorker, standIns }) : undefined;
// The web app reaches the API only through what this host gives it in the load context.
const hostApi = traceApiCalls(hostApiFor(process.env.TENANT_API_URL, runtime)); // Each call passes on the request id and trace.

// Identity-provider sign-in: refuses to start with only some of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET.
// The embedded development provider keeps its keys and client secret in the database, so every
// instance on it agrees; the web app reads the secret as DEV_IDP_CLIENT_SECRET (set before it loads).
const embeddedIdp = chooseIdentityProvider(process.env, { isProduction: apiConfig.isProduction, appUrl: process.env.APP_URL }).kind === "embedded";
if (embeddedIdp && runtime && standIns?.identityProvider) process.env.DEV_IDP_CLIENT_SECRET ??= await standIns.identityProvider.clientSecret(runtime.database.db);
const idpSettings = identityProviderSettings();
if (idpSettings?.embedded && !runtime && !maintenance && clusterPrimary) {
  log.warn("the embedded identity provider keeps its sign-ins in each worker's memory without a database: sign in with a password or set OIDC_*", {
    webConcurrency: workerCount,
  });
}

/** The in-process API, handed the stand-ins (stand-ins/load.ts) only when this start wants them: never production with real keys. */
// Set once this process serves (serveWeb): what /readyz asks while a SIGTERM drains it.
let drainer: Drainer | undefined;

if (clusterPrimary) {
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < workerCount; i += 1) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    // A worker that dies as it starts (no build, bad config) would only die again: stop.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000) {
      log.error("web worker failed as it started; stopping", { workerPid: worker.process.pid, code, signal });
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill();
      process.exit(1);
    }
    log.error("web worker stopped; starting another", { workerPid: worker.process.pid, code, signal });
    fork();
  });
  log.info("Keyfree web app starting workers", { workers: workerCount, port });
  // A worker's /metrics: every worker's figures and the primary's (its clock jobs), summed here.
  answerWorkersForMetrics();
  // Each worker drains its own requests (as serveWeb below); the primary waits for them, then
  // stops its jobs and closes the database.
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      const exited = Promise.all(workers.map((w) => new Promise((resolve) => (w.isDead() ? resolve(null) : w.once("exit", resolve)))));
      for (const worker of workers) worker.process.kill(sig);
      const limit = new Promise((resolve) => setTimeout(resolve, drainTimeoutMs() + 5_000).unref());
      void Promise.race([exited, limit])
        .then(() => runtime?.database.close())
        .finally(() => process.exit(0));
    });
  }
} else {
  await serveWeb();
}

async function serveWeb() {
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  // The web config is validated when the build loads: a production start without SESSION_SECRET stops here.
  // Always production mode: this serves the production build (the dev server is `npm run dev`),
  // so error details never reach the browser.
  const handle = createRequestHandler(build, "production");

  const app = new Hono<{ Variables: { cspNonce: string }; Bindings: HttpBindings }>();

  // One JSON line per request (not for static assets), and its figures by route pattern (issue 41).
  app.use("*", logAndMeasureWebRequests(build.routes));

  // For a load balancer: /healthz (this process answers) and /readyz (the tenant API's database
  // and file store answer, asked through the API: in this process or at TENANT_API_URL).
  const noStore = { "cache-control": "no-store" };
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));
  // For Prometheus, with METRICS_TOKEN only (server/lib/metrics.ts): in a cluster, every process's figures summed.
  if (cluster.isWorker) shareMetricsWithPrimary();
  const metrics = metricsHandler({ token: metricsToken, clustered: workerCount > 1 });
  app.get("/metrics", (c) => metrics(c.req.raw));
  app.get("/readyz", async (c) => {
    if (drainer?.draining) return c.json({ status: "not ready", draining: true }, 503, noStore);
    if (maintenance) return c.json({ status: "not ready", maintenance: true }, 503, noStore);
    const answer = await hostApi.fetch(new Request(new URL("/readyz", hostApi.baseUrl))).catch(() => null);
    if (!answer) return c.json({ status: "not ready", api: "unavailable" }, 503, noStore);
    return c.body(await answer.text(), answer.status === 200 ? 200 : 503, { ...noStore, "content-type": "application/json" });
  });

  // Every response's Content-Security-Policy: a new script nonce each time (React Router's
  // scripts carry it), and the origins of exactly the outside services the page says it uses
  // (THIRD_PARTIES_HEADER: a real Stripe.js on a card form; chat, analytics and reviews only
  // when configured and consented to), so a page with none names no third party (issue 26).
  app.use("*", async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const used = c.res.headers.get(THIRD_PARTIES_HEADER);
    if (used !== null) c.res.headers.delete(THIRD_PARTIES_HEADER);
    const tools = (used ?? "").split(" ").filter((t): t is ThirdParty => KNOWN_THIRD_PARTIES.has(t));
    c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, cspSourcesFor(tools)));
  });
  // The offline stand-ins are other sites' scripts, fetched from another origin (the browser
  // tests' STAND_IN_ORIGIN): secureHeaders' Cross-Origin-Resource-Policy: same-origin would
  // have the browser refuse them (net::ERR_BLOCKED_BY_RESPONSE). Registered before it, so this
  // runs after it and has the last word.
  const tools = standIns?.tools;
  if (tools) {
    app.use("/__stand-ins/*", async (c, next) => {
      await next();
      c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
    });
  }
  app.use(
    "*",
    secureHeaders({
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
      // HSTS only in production (served over HTTPS); locally it would pin localhost to HTTPS.
      strictTransportSecurity: apiConfig.isProduction ? "max-age=31536000; includeSubDomains" : false,
    }),
  );

  // Outside production, analytics pointed at the stand-ins: PostHog's capture API answered here
  // (stand-ins/analytics/capture.ts), before the cross-site check, as the browser's recorder
  // posts to it from the page's origin. What arrives is kept through the API's ops route.
  const standInKey = thirdPartyTools.posthog?.key;
  if (tools && runtime && apiConfig.opsEnabled && standInKey) {
    const capture = tools.postHogCapture(standInKey, (events) =>
      Promise.resolve(
        runtime.api.fetch(
          new Request(new URL("/ops/analytics-events", hostApi.baseUrl), {
            method: "POST",
            headers: { "content-type": "application/json", "x-ops-token": process.env.OPS_TOKEN ?? "" },
            body: JSON.stringify({ events }),
          }),
        ),
      ),
    );
    app.post("/__stand-ins/posthog/batch/", (c) => capture(c.req.raw));
    app.options("/__stand-ins/posthog/*", (c) =>
      c.body(null, 204, { ...tools.cors, "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "content-type" }),
    );
  }

  // The providers' webhooks, at APP_URL's paths, passed (body untouched, at most 1 MB, else 413)
  // to the API's routes of the same paths, which check the signatures: Twilio's status callbacks
  // (issue 38, decision 0060) and Stripe's events (behind one proxy, their only address).
  const passWebhook = (path: string, signatureHeader: string, contentType: string) =>
    app.post(path, bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ message: "Payload too large" }, 413) }), async (c) => {
      if (maintenance) return c.json({ message: "Service unavailable" }, 503);
      const headers = new Headers({ "content-type": c.req.header("content-type") ?? contentType });
      const signature = c.req.header(signatureHeader);
      if (signature) headers.set(signatureHeader, signature);
      const body = await c.req.arrayBuffer();
      return hostApi.fetch(new Request(new URL(path, hostApi.baseUrl), { method: "POST", headers, body }));
    });
  passWebhook(SMS_STATUS_CALLBACK_PATH, "x-twilio-signature", "application/x-www-form-urlencoded");
  passWebhook("/webhooks/stripe", "stripe-signature", "application/json");

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

  // Outside production without OIDC_* variables: the embedded development identity provider that
  // /login sends tenants to (its own Node handler; it sets its own headers).
  if (idpSettings?.embedded && !maintenance && standIns?.identityProvider) {
    const devIdp = await standIns.identityProvider.create({ ...idpSettings, appUrl: process.env.APP_URL!, db: runtime?.database.db });
    app.all(`${devIdp.mountPath}/*`, async (c) => {
      await devIdp.handle(c.env.incoming, c.env.outgoing);
      return RESPONSE_ALREADY_SENT;
    });
  }

  // Outside production: the offline stand-ins for the outside tools' scripts (stand-ins/), which
  // the *_URL variables of INTERCOM, POSTHOG and TRUSTPILOT point at (README, decision 0042).
  if (tools) {
    // Intercom's messenger is fetched as INTERCOM_WIDGET_URL + app id, a path without an
    // extension: its stand-in is served as JavaScript here (nosniff would refuse it otherwise),
    // and its API base answers the one call the stand-in makes on boot.
    const standInHeaders = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" };
    app.get("/__stand-ins/intercom/widget/:appId{[A-Za-z0-9]{1,40}}", async (c) =>
      c.body(await readFile(path.join(tools.folders.intercom, "messenger.js"), "utf8"), 200, {
        ...standInHeaders,
        "Content-Type": "text/javascript; charset=utf-8",
      }),
    );
    app.get("/__stand-ins/intercom/ping", (c) => c.json({ ok: true }, 200, standInHeaders));
    // Each tool's folder only (never the stand-ins' own code): /__stand-ins/<tool>/<file>.
    const folders: Readonly<Record<string, string>> = tools.folders;
    app.use(
      "/__stand-ins/*",
      serveStatic({
        root: ".",
        rewriteRequestPath: (p) => {
          const [, tool = "", rest = ""] = /^\/__stand-ins\/([^/]+)\/(.*)$/.exec(p) ?? [];
          return Object.hasOwn(folders, tool) && !rest.split("/").includes("..") ? `/${folders[tool]}/${rest}` : "/stand-ins/not-a-tool";
        },
        onFound: (_p, c) => c.header("Access-Control-Allow-Origin", "*"),
      }),
    );
  }

  // Fingerprinted assets are cached for a year; other public files for an hour. Both are sent
  // as the brotli or gzip file made at build time when the browser accepts it.
  app.use(
    "/assets/*",
    serveStatic({
      root: "build/client",
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // Public files all have an extension: a page's path is not looked for on disk (with its
  // compressed twins) before every page view.
  const publicFiles = serveStatic({
    root: "build/client",
    precompressed: true,
    onFound: (p, c) => {
      c.header("Cache-Control", "public, max-age=3600");
      // Captions (the walkthrough's, issue 27): Hono's table has no type for WebVTT, which browsers need to use a <track>.
      if (p.endsWith(".vtt")) c.header("Content-Type", "text/vtt; charset=utf-8");
    },
  });
  app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));

  if (runtime && apiConfig.opsEnabled) {
    // The browser tests' signed-in sessions: under NODE_ENV=test only, with the ops token.
    if (process.env.NODE_ENV === "test") {
      const { testSessionHandler } = await import("./app/lib/test-session.server");
      const mint = testSessionHandler(process.env.NODE_ENV, (request) => Promise.resolve(runtime.api.fetch(request)));
      app.post("/__ops/web-session", (c) => mint(c.req.raw));
    }
    // /__ops/* → the API's /ops/* (token-guarded, never in production).
    app.all("/__ops/*", (c) => {
      const url = new URL(c.req.url);
      url.pathname = url.pathname.replace(/^\/__ops/, "/ops");
      return runtime.api.fetch(new Request(url, c.req.raw));
    });
  }

  // Pages and data are compressed on the fly (static files above are already).
  app.all("*", compress(), async (c) => {
    const context = hostLoadContext(hostApi, { log, readMultipart: readMultipartForWeb, reference: requestReference() });
    context.set(cspNonceContext, c.get("cspNonce") ?? "");
    context.set(clientAddressContext, clientAddressOf(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), proxyHops));
    // Behind a trusted proxy ending HTTPS, the URL the browser used (React Router compares a post's Origin with it).
    const response = await handle(requestAsBrowserSentIt(c.req.raw, proxyHops), context);
    // A body refused unread for its size (413): the connection closes after the answer, so the
    // client does not send its next request down a socket still carrying the rest of this body
    // (which Node resets: the tenant's next click would fail with no answer at all).
    if (response.status === 413) response.headers.set("Connection", "close");
    // Pages carry personal data: never cache them.
    if ((response.headers.get("content-type") ?? "").includes("text/html")) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    return response;
  });

  app.onError((error, c) => {
    const aborted = abortedRequestAnswer(c.req.raw, error);
    if (aborted) return aborted;
    log.error("web error", { method: c.req.method, path: c.req.path, ...describeError(error) });
    return c.text("Something went wrong", 500);
  });

  const server = serve({ fetch: app.fetch, port }, (info) => {
    const url = `http://localhost:${info.port}`;
    if (cluster.isWorker) {
      log.info("Keyfree web worker listening", { url });
      return;
    }
    log.info("Keyfree web app listening", { url, maintenance, api: inProcessApi ? "in-process" : process.env.TENANT_API_URL });
    const demo = standIns?.demo;
    if (runtime && demo) {
      process.stdout.write(
        `\n  Keyfree is running at ${url}\n  Demo sign-in: ${demo.tenants[0]?.email}  password: ${demo.password}  (demo data only)\n` +
          (idpSettings?.embedded ? `  Identity-provider sign-in: ${url}/login  (the embedded development provider)\n` : "") +
          "\n",
      );
    }
  });
  keepConnectionsLongerThanClients(server as import("node:http").Server);
  // SIGTERM: /readyz turns 503, no new connections, requests in flight finish, then the jobs
  // stop and the database closes (server/lib/graceful-shutdown.ts).
  drainer = createDrainer(server as import("node:http").Server, {
    timeoutMs: drainTimeoutMs(),
    // The analytics events still queued are sent first (app/lib/analytics.server.ts; the app's
    // queue is kept under a registered symbol, as the host's contexts are).
    onDrained: async () => {
      const analytics = (globalThis as Record<symbol, { flush?: () => Promise<void> } | undefined>)[Symbol.for("keyfree.analytics-queue")];
      await analytics?.flush?.().catch(() => undefined);
      await runtime?.database.close();
    },
    log,
  });
  drainOnSignals(drainer, log);
}
