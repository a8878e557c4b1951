import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
} from "openapi-fetch";
import { createContext, data as routeData, redirect, type RouterContextProvider } from "react-router";
import type { paths } from "./api/schema";
import { hostApiContext, type HostApi } from "./host";
import { loginPath } from "./login-path";
import { API_FAILURE_MESSAGE, SESSION_EXPIRED_MESSAGE } from "./messages";
import { destroySession, flash, getSession } from "./session.server";
import { notFound, notFoundAnswer, wellFormedPathIds } from "./well-formed-ids.server";

/** The plain typed client: every answer comes back as { data, error, response }, nothing is thrown. */
export type RawApi = Client<paths>;

type Method = "get" | "put" | "post" | "delete" | "patch";
type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [Init?] : [Init];
type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;
type DataMethod<M extends Method> = <P extends ClientPathsWithMethod<RawApi, M>, I extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: InitParam<I>
) => Promise<DataOf<FetchResponse<paths[P][M] & Record<string | number, any>, I, `${string}/${string}`>>>;

/**
 * The tenant API as a signed-in page sees it (`context.get(apiContext)`): each method answers
 * the operation's data. A 401 logs the tenant out with the spec's message, a 404 shows the
 * not-found page, and any other failure throws ApiFailure (the API's message: catch it where
 * a screen has something to say, say a form's 400; otherwise it is the error page).
 * `raw` is the same client with nothing thrown, for JSON endpoints and the login, which answer
 * each status themselves; `request` is a plain request for the few paths outside the contract.
 */
export type Api = {
  GET: DataMethod<"get">;
  POST: DataMethod<"post">;
  PUT: DataMethod<"put">;
  PATCH: DataMethod<"patch">;
  DELETE: DataMethod<"delete">;
  raw: RawApi;
  request(path: string, init?: { method?: string; headers?: Record<string, string> }): Promise<Response>;
};

/** The API client of this request, set by the root middleware. */
export const apiContext = createContext<Api>();

/** A failed API call, with the API's message (the spec's flash text). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The API's message for a failed call ('Something went wrong.' when there is none, or it is a list). */
export function messageOf(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  return "Something went wrong.";
}

/**
 * What the tenant reads when a call fails: the API's own message for a refusal (4xx: it says
 * what to change), or a plain "try again" when the failure is ours (5xx), whose details are
 * for the logs. Actions show it as a form error or a flash, keeping what the tenant entered.
 */
export function failureMessage(error: ApiFailure): string {
  return error.status < 500 ? error.message : API_FAILURE_MESSAGE;
}

/** Sends a signed-out tenant to login, saying why, and coming back here afterwards. */
export async function logoutRedirect(request: Request, url: URL, message = SESSION_EXPIRED_MESSAGE) {
  const session = await getSession(request);
  return flash.redirectWithError(loginPath(url.pathname + url.search), message, { headers: { "Set-Cookie": await destroySession(session) } });
}

/** The one place an API 401 or 404 becomes a page: login with the spec's message, or not found. */
function pageOutcomes(page: { request: Request; url: URL }): Middleware {
  return {
    async onResponse({ response }) {
      if (response.status === 401) throw await logoutRedirect(page.request, page.url);
      if (response.status === 404) {
        const body = (await response.clone().json().catch(() => null)) as unknown;
        throw routeData({ message: messageOf(body) }, { status: 404 });
      }
      return undefined;
    },
  };
}

/**
 * A client over the host's API. An id in an operation's path that is not the shape of an id
 * (common/input.ts) is never sent: `onMalformedId` answers (issue 23: not found, never a 500).
 */
function rawClient(host: HostApi, accessToken: string | undefined, onMalformedId: () => Response): RawApi {
  const client = createClient<paths>({
    baseUrl: host.baseUrl,
    fetch: host.fetch,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  client.use(wellFormedPathIds(onMalformedId));
  return client;
}

/** Builds one request's API client over the host's API fetch, with the session's access token. */
export function createApi(host: HostApi, page: { request: Request; url: URL; accessToken?: string }): Api {
  // The raw client answers a malformed id as the API answers an unknown one (404); a page's, with the not-found page.
  const raw = rawClient(host, page.accessToken, notFoundAnswer);
  const paged = rawClient(host, page.accessToken, notFound);
  paged.use(pageOutcomes(page));
  const method = <M extends Method>(name: Uppercase<M>): DataMethod<M> =>
    (async (url: string, init?: object) => {
      const call = paged[name] as unknown as (u: string, i?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
      const { data, error, response } = await call(url, init);
      if (!response.ok) throw new ApiFailure(response.status, messageOf(error));
      return data;
    }) as unknown as DataMethod<M>;
  return {
    GET: method<"get">("GET"),
    POST: method<"post">("POST"),
    PUT: method<"put">("PUT"),
    PATCH: method<"patch">("PATCH"),
    DELETE: method<"delete">("DELETE"),
    raw,
    request(path, init = {}) {
      const base = host.baseUrl.replace(/\/+$/, "");
      const headers = new Headers(init.headers);
      if (page.accessToken && !headers.has("authorization")) headers.set("authorization", `Bearer ${page.accessToken}`);
      return host.fetch(new Request(`${base}${path}`, { method: init.method ?? "GET", headers }));
    },
  };
}

/** The request's API client (the root middleware put it there). */
export function getApi(context: Readonly<RouterContextProvider>): Api {
  return context.get(apiContext);
}

/** The host's sandbox endpoints (the stand-in Stripe.js), when the host has them. */
export function getHost(context: Readonly<RouterContextProvider>): HostApi {
  return context.get(hostApiContext);
}

export function isRedirect(value: unknown): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400;
}

export { redirect };
