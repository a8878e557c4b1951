import { serve } from "@hono/node-server";
import { keepConnectionsLongerThanClients } from "./lib/http-server";
import { log, logUncaughtErrors } from "./lib/log";
import { getRuntime } from "./runtime";

// An uncaught exception or unhandled rejection: one JSON line (stack in err.stack), then exit 1.
logUncaughtErrors();

/** `npm run start:api`: the tenant API on its own, serving its document at GET /openapi.json. */
const runtime = await getRuntime({ startJobs: true });
// Offline card payments: the sandbox's browser endpoints, which a separately run web app forwards here.
const sandbox = runtime.payments.sandbox;
const base = sandbox ? `${sandbox.browserBasePath}/` : null;
const fetchHandler = (request: Request) =>
  sandbox && base && new URL(request.url).pathname.startsWith(base) ? sandbox.browserApp.fetch(request) : runtime.api.fetch(request);
const server = serve({ fetch: fetchHandler, port: runtime.config.apiPort }, (info) => {
  log.info("tenant API listening", { url: `http://localhost:${info.port}`, openapi: `http://localhost:${info.port}/openapi.json` });
});
keepConnectionsLongerThanClients(server as import("node:http").Server);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    void runtime.database.close().finally(() => process.exit(0));
  });
}
