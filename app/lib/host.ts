import { createContext, RouterContextProvider, type RouterContext } from "react-router";

/**
 * What the host process (web-server.ts, dev-server.ts) gives the web app: the tenant API's
 * fetch, and the offline card sandbox's browser endpoints when there is one. The app never
 * imports the API: in one process these are the API app's own fetch (no port, no network);
 * with TENANT_API_URL they are plain HTTP to the separately run API.
 */
export type HostApi = {
  /** The base URL requests to the API are made against (any host will do in-process). */
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  /** The sandbox's /stripe-sandbox/* endpoints for the stand-in Stripe.js; absent with real Stripe keys. */
  stripeSandbox?: (request: Request) => Promise<Response>;
};

/**
 * The key the host and the app share. The host loads this module itself (through tsx) and the
 * app's copy lives in the server build (or Vite's SSR module graph in development): two module
 * instances, one key, because the key is kept under a registered symbol on globalThis
 * (docs/decisions/0002-host-gives-the-app-the-api.md).
 */
const KEY = Symbol.for("keyfree.host-api-context");
const registry = globalThis as unknown as Record<symbol, RouterContext<HostApi> | undefined>;
export const hostApiContext: RouterContext<HostApi> = (registry[KEY] ??= createContext<HostApi>());

/**
 * The host's logger (server/lib/log.ts's `log`, which the app may not import): one JSON line per
 * event, with the host's redaction. An error goes in `fields.err`, its stack in `err.stack`.
 */
export type HostLog = Record<"debug" | "info" | "warn" | "error", (msg: string, fields?: Record<string, unknown>) => void>;

const LOG_KEY = Symbol.for("keyfree.host-log-context");
const logRegistry = globalThis as unknown as Record<symbol, RouterContext<HostLog | null> | undefined>;
/** The host's logger, or null when the host gave none (the app then writes a bare JSON line itself). */
export const hostLogContext: RouterContext<HostLog | null> = (logRegistry[LOG_KEY] ??= createContext<HostLog | null>(null));

/** How much a multipart post may carry (the host's reader enforces it as the body arrives). */
export type MultipartLimits = { maxBodyBytes: number; maxFileBytes: number; maxFiles: number; maxFields: number; maxFieldBytes: number };

/**
 * The host's multipart reader (server/lib/multipart.ts): the body read once as it arrives, each
 * file to a scratch file on disk, never whole in memory. `release` removes the scratch files;
 * the web calls it once the request is answered.
 */
export type HostMultipartReader = (
  request: Request,
  limits: MultipartLimits,
) => Promise<{ ok: true; form: FormData; release: () => Promise<void> } | { ok: false; reason: "too-large" | "unreadable" }>;

const MULTIPART_KEY = Symbol.for("keyfree.host-multipart-context");
const multipartRegistry = globalThis as unknown as Record<symbol, RouterContext<HostMultipartReader | null> | undefined>;
/** The host's multipart reader, or null when there is none (route tests): the platform's formData() then. */
export const hostMultipartContext: RouterContext<HostMultipartReader | null> = (multipartRegistry[MULTIPART_KEY] ??=
  createContext<HostMultipartReader | null>(null));

/**
 * What a tenant quotes to support from the error page ("Reference: …", issue 41): the request's
 * trace id, or its request id when tracing is off; given by the host per request.
 */
const REFERENCE_KEY = Symbol.for("keyfree.request-reference-context");
const referenceRegistry = globalThis as unknown as Record<symbol, RouterContext<string | null> | undefined>;
export const requestReferenceContext: RouterContext<string | null> = (referenceRegistry[REFERENCE_KEY] ??= createContext<string | null>(null));

/** The load context a host hands the request handler (v8_middleware wants a RouterContextProvider). */
export function hostLoadContext(
  api: HostApi,
  host: { log?: HostLog; readMultipart?: HostMultipartReader; reference?: string } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  if (host.reference) context.set(requestReferenceContext, host.reference);
  context.set(hostApiContext, api);
  if (host.log) context.set(hostLogContext, host.log);
  if (host.readMultipart) context.set(hostMultipartContext, host.readMultipart);
  return context;
}

/** Headers the sandbox's browser endpoints read (nothing else is passed on). */
const SANDBOX_HEADERS = ["authorization", "content-type", "accept", "idempotency-key", "stripe-version"];

/** The host's API over HTTP to a separately run API (TENANT_API_URL); its sandbox endpoints too. */
export function httpHostApi(baseUrl: string): HostApi {
  return {
    baseUrl,
    fetch: (request) => fetch(request),
    stripeSandbox: async (request) => {
      const from = new URL(request.url);
      const to = new URL(from.pathname + from.search, baseUrl);
      const body = ["GET", "HEAD"].includes(request.method) ? undefined : await request.arrayBuffer();
      const headers = new Headers();
      for (const name of SANDBOX_HEADERS) {
        const value = request.headers.get(name);
        if (value) headers.set(name, value);
      }
      return fetch(to, { method: request.method, headers, body });
    },
  };
}

/** The in-process API's base URL: never resolved, the API app's fetch answers it. */
export const IN_PROCESS_API_BASE = "http://tenant-api.internal";

type Fetcher = { fetch(request: Request): Response | Promise<Response> };

/** The host's API in one process: the API app's own fetch, and the sandbox's browser endpoints. */
export function inProcessHostApi(runtime: { api: Fetcher; payments: { sandbox?: { browserApp: Fetcher } } } | undefined): HostApi {
  const sandbox = runtime?.payments.sandbox;
  return {
    baseUrl: IN_PROCESS_API_BASE,
    fetch: async (request) => {
      // Only in maintenance mode is there no runtime, and then no page reaches the API.
      if (!runtime) throw new Error("The tenant API is not running in this process.");
      return runtime.api.fetch(request);
    },
    stripeSandbox: sandbox ? async (request) => sandbox.browserApp.fetch(request) : undefined,
  };
}

/** The host's API: HTTP to TENANT_API_URL when it is set, otherwise the in-process runtime's. */
export function hostApiFor(
  tenantApiUrl: string | undefined,
  runtime: Parameters<typeof inProcessHostApi>[0],
): HostApi {
  return tenantApiUrl ? httpHostApi(tenantApiUrl) : inProcessHostApi(runtime);
}
