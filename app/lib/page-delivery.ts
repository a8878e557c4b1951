import { createContext as createReactContext, useContext } from "react";
import { createContext, useMatches } from "react-router";

/**
 * What the server needs to deliver a page: its CSP nonce, and whether it hydrates.
 *
 * The nonce is made per request by web-server.ts (Hono's secureHeaders) and reaches React
 * Router in the load context (a RouterContextProvider, under `cspNonceContext`);
 * app/entry.server.tsx reads it and gives it to `<ServerRouter nonce>` and to `NonceContext`,
 * which the Layout's scripts and the flash countdown's inline script carry.
 */

// One context object shared by web-server.ts (run by tsx) and the built server bundle, which
// each load this module: kept on globalThis so both sides use the same key.
const KEY = Symbol.for("keyfree.cspNonceContext");
type Holder = { [KEY]?: ReturnType<typeof createContext<string>> };
export const cspNonceContext: ReturnType<typeof createContext<string>> = ((globalThis as Holder)[KEY] ??=
  createContext<string>(""));

export const NonceContext = createReactContext("");

/** The page's CSP nonce (empty outside the production server, where no CSP is sent). */
export function useNonce(): string {
  return useContext(NonceContext);
}

/** A route module's `handle`: `hydrate: true` opts its pages into the client JavaScript. */
export type DeliveryHandle = { hydrate?: boolean };

export function handlesHydrate(handles: readonly unknown[]): boolean {
  return handles.some((h) => typeof h === "object" && h !== null && (h as DeliveryHandle).hydrate === true);
}

/**
 * True when this page ships React Router's client: a matched route opted in, or the code is
 * already running in the browser (so the page hydrated, or was reached by a client-side
 * navigation from one that did).
 */
export function usePageHydrates(): boolean {
  const matches = useMatches();
  return typeof document !== "undefined" || handlesHydrate(matches.map((m) => m.handle));
}
