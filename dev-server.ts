/**
 * `npm run dev`: the web app from source (Vite in middleware mode, hot reload) with the tenant
 * API in-process, served through the same request handler and load context as web-server.ts
 * (the app reaches the API only through what the host gives it). With TENANT_API_URL set it
 * talks HTTP to a separately run API instead.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer as createViteServer, isRunnableDevEnvironment } from "vite";
import { hostApiFor, hostLoadContext } from "./app/lib/host";
import { identityProviderSettings } from "./app/lib/oidc-settings.server";
import { readApiConfig, standInsInUse } from "./server/config";
import { log, logUncaughtErrors } from "./server/lib/log";
import { readMultipartForWeb } from "./server/lib/multipart";
import { inRequestScope, requestReference, startTracing, traceApiCalls } from "./server/lib/tracing";
import { chooseIdentityProvider } from "./common/identity-provider";

logUncaughtErrors();

const port = Number(process.env.PORT ?? 3000);
const apiConfig = readApiConfig();
const inProcessApi = !process.env.TENANT_API_URL;
process.env.APP_URL ??= `http://localhost:${port}`;

// As under `npm start`: the ops routes (the dev mailbox, `npm run ops`) answer to a token kept in the data folder.
if (apiConfig.opsEnabled && inProcessApi && !process.env.OPS_TOKEN) {
  const token = randomBytes(24).toString("base64url");
  mkdirSync(apiConfig.dataDir, { recursive: true });
  writeFileSync(path.join(apiConfig.dataDir, "ops-token"), token, { mode: 0o600 });
  process.env.OPS_TOKEN = token;
}

// The offline stand-ins (stand-ins/index.ts), when this start uses one.
await startTracing("keyfree-web"); // Traces (issue 41): only with OTEL_EXPORTER_OTLP_ENDPOINT, before the API and its database start.
const standIns = standInsInUse(apiConfig) ? await (await import("./stand-ins")).loadStandIns(apiConfig) : undefined;
const runtime = inProcessApi ? await (await import("./server/runtime")).getRuntime({ startJobs: true, standIns }) : undefined;
const hostApi = traceApiCalls(hostApiFor(process.env.TENANT_API_URL, runtime));

// Identity-provider sign-in: the embedded development provider unless OIDC_* name a real one (all
// three, or none). Its keys and client secret are the database's, as under `npm start` (web-server.ts).
const embeddedIdp = chooseIdentityProvider(process.env, { isProduction: apiConfig.isProduction, appUrl: process.env.APP_URL }).kind === "embedded";
if (embeddedIdp && runtime && standIns?.identityProvider) process.env.DEV_IDP_CLIENT_SECRET ??= await standIns.identityProvider.clientSecret(runtime.database.db);
const idpSettings = identityProviderSettings();
const devIdp =
  idpSettings?.embedded && standIns?.identityProvider
    ? await standIns.identityProvider.create({ ...idpSettings, appUrl: process.env.APP_URL, db: runtime?.database.db })
    : undefined;

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const ssr = vite.environments.ssr;
if (!isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules in this process.");
const runner = ssr.runner;

// Each request in its scope (server/lib/tracing.ts): a request id on its log lines, a trace with OTEL_EXPORTER_OTLP_ENDPOINT.
const handle = getRequestListener((request) => inRequestScope(request, () => serveDev(request)));

async function serveDev(request: Request) {
  const url = new URL(request.url);
  if (runtime && apiConfig.opsEnabled && url.pathname.startsWith("/__ops/")) {
    // /__ops/* → the API's /ops/* (token-guarded), as under `npm start`.
    url.pathname = url.pathname.replace(/^\/__ops/, "/ops");
    return runtime.api.fetch(new Request(url, request));
  }
  // The build is read per request, so an edit shows on the next page load.
  const build = (await runner.import("virtual:react-router/server-build")) as ServerBuild;
  const context = hostLoadContext(hostApi, { log, readMultipart: readMultipartForWeb, reference: requestReference() });
  return createRequestHandler(build, "development")(request, context);
}

const server = createServer((req, res) => {
  if (devIdp && req.url?.startsWith(`${devIdp.mountPath}/`)) {
    void devIdp.handle(req, res);
    return;
  }
  vite.middlewares(req, res, () => {
    void handle(req, res);
  });
});
server.listen(port, () => {
  process.stdout.write(`\n  Keyfree (development) is running at http://localhost:${port}\n\n`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    void vite
      .close()
      .then(() => runtime?.database.close())
      .finally(() => process.exit(0));
  });
}
