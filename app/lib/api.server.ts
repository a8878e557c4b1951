import createClient, { type Client } from "openapi-fetch";
import { data as routeData, redirect } from "react-router";
import type { paths } from "./api/schema";
import { webConfig } from "./env.server";
import { SESSION_EXPIRED_MESSAGE } from "./messages";
import { destroySession, flash, getSession } from "./session.server";

export type ApiClient = Client<paths>;

const IN_PROCESS_BASE = "http://tenant-api.internal";

/**
 * The API's fetch: by default the in-process API app's own fetch (no port, no network);
 * with TENANT_API_URL, plain HTTP to a separately run API.
 */
let apiFetch: Promise<(request: Request) => Promise<Response>> | undefined;
function getApiFetch() {
  apiFetch ??= webConfig.tenantApiUrl
    ? Promise.resolve((request: Request) => fetch(request))
    : import("../../server/runtime").then(async ({ getRuntime }) => {
        const runtime = await getRuntime({ startJobs: true });
        return async (request: Request) => runtime.api.fetch(request);
      });
  return apiFetch;
}

export async function apiClient(accessToken?: string): Promise<ApiClient> {
  const doFetch = await getApiFetch();
  return createClient<paths>({
    baseUrl: webConfig.tenantApiUrl ?? IN_PROCESS_BASE,
    fetch: doFetch,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

/**
 * A plain request to the API with extra headers, for the few routes outside the typed
 * contract (the ops outbox behind the dev mailbox). `path` starts with "/".
 */
export async function apiRawRequest(
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const doFetch = await getApiFetch();
  const base = (webConfig.tenantApiUrl ?? IN_PROCESS_BASE).replace(/\/+$/, "");
  return doFetch(new Request(`${base}${path}`, { method: init.method ?? "GET", headers: init.headers }));
}

/** A failed API call, with the API's message (the spec's flash text). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}


/** Sends a signed-out tenant to login, saying why, and coming back here afterwards. */
export async function logoutRedirect(request: Request, url: URL, message = SESSION_EXPIRED_MESSAGE) {
  const session = await getSession(request);
  const back = url.pathname + url.search;
  const target = back === "/" || back.startsWith("/auth/") ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(back)}`;
  return flash.redirectWithError(target, message, { headers: { "Set-Cookie": await destroySession(session) } });
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The API's message for a failed call ('Something went wrong.' when there is none, or it is a list). */
export function messageOf(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  return "Something went wrong.";
}

/**
 * Unwraps an API result for a signed-in request: a 401 logs the tenant out (and says why), a
 * 404 (a made-up id, or someone else's) is the not-found page, any other failure throws
 * ApiFailure with the API's message (the error page).
 */
export async function expectData<T>(result: Promise<Result<T>>, ctx: { request: Request; url: URL }): Promise<T> {
  const { data, error, response } = await result;
  if (response.status === 401) throw await logoutRedirect(ctx.request, ctx.url);
  if (response.status === 404) throw routeData({ message: messageOf(error) }, { status: 404 });
  if (error !== undefined || data === undefined) {
    if (response.ok && response.status === 204) return undefined as T;
    throw new ApiFailure(response.status, messageOf(error));
  }
  return data;
}

export function isRedirect(value: unknown): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400;
}

export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

export { redirect };
