import { serve } from "@hono/node-server";
import { createDrainer, drainOnSignals, drainTimeoutMs, type Drainer } from "./lib/graceful-shutdown";
import { keepConnectionsLongerThanClients } from "./lib/http-server";
import { log, logUncaughtErrors } from "./lib/log";
import { metricsHandler, readMetricsToken } from "./lib/metrics";
import { readApiConfig, standInsInUse } from "./config";
import { getRuntime } from "./runtime";
import { startTracing } from "./lib/tracing";

// An uncaught exception or unhandled rejection: one JSON line (stack in err.stack), then exit 1.
logUncaughtErrors();

/** `npm run start:api`: the tenant API on its own, serving its document at GET /openapi.json. */
// A composition root: the offline stand-ins (stand-ins/index.ts) only when this start uses one.
const config = readApiConfig();
// Traces (issue 41): only with OTEL_EXPORTER_OTLP_ENDPOINT; each request continues the web's `traceparent`.
await startTracing("keyfree-api");
const standIns = standInsInUse(config) ? await (await import("../stand-ins")).loadStandIns(config) : undefined;
const runtime = await getRuntime({ startJobs: true, standIns });
// Offline card payments: the sandbox's browser endpoints, which a separately run web app forwards here.
const sandbox = runtime.payments.sandbox;
const base = sandbox ? `${sandbox.browserBasePath}/` : null;
let drainer: Drainer | undefined;
// This process's figures for Prometheus, as on the web server's port: off without METRICS_TOKEN (issue 41).
const metrics = metricsHandler({ token: readMetricsToken() });
const fetchHandler = (request: Request) => {
  const { pathname } = new URL(request.url);
  // Draining (SIGTERM): not ready, so a balancer sends nothing new (server/lib/graceful-shutdown.ts).
  if (drainer?.draining && pathname === "/readyz") {
    return Response.json({ status: "not ready", draining: true }, { status: 503, headers: { "cache-control": "no-store" } });
  }
  if (pathname === "/metrics") return metrics(request);
  return sandbox && base && pathname.startsWith(base) ? sandbox.browserApp.fetch(request) : runtime.api.fetch(request);
};
const server = serve({ fetch: fetchHandler, port: runtime.config.apiPort }, (info) => {
  log.info("tenant API listening", { url: `http://localhost:${info.port}`, openapi: `http://localhost:${info.port}/openapi.json` });
});
keepConnectionsLongerThanClients(server as import("node:http").Server);
drainer = createDrainer(server as import("node:http").Server, {
  timeoutMs: drainTimeoutMs(),
  onDrained: () => runtime.database.close(),
  log,
});
drainOnSignals(drainer, log);
