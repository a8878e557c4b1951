import { createContext as createReactContext, useContext } from "react";
import { createContext, useMatches } from "react-router";
import type { ThirdParty } from "./third-parties";

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

/**
 * A route module's `handle`: `hydrate: true` opts its pages into the client JavaScript; a
 * function of the route's loader data opts in only the states that need it (referencing
 * hydrates only while it shows the upload zone).
 */
export type DeliveryHandle = {
  hydrate?: boolean | ((loaderData: unknown) => boolean);
  /**
   * The outside services this page loads, from its loader data (a card form's Stripe, the offer
   * page's TrustBox, the root's chat and recording once consented): entry.server.tsx reports them
   * in THIRD_PARTIES_HEADER and web-server.ts lets exactly their origins into the page's CSP.
   */
  thirdParties?: (loaderData: unknown) => readonly ThirdParty[];
};

/** A card form's page: it needs JavaScript (Stripe Elements), and Stripe.js where real keys are set. */
export const CARD_FORM_HANDLE = { hydrate: true, thirdParties: () => ["stripe"] } as const satisfies DeliveryHandle;

/** The private response header from the app to its host naming the page's outside services (never sent to the browser). */
export const THIRD_PARTIES_HEADER = "X-Keyfree-Third-Parties";

/** A matched route as far as delivery cares: its module's handle and its loader data. */
export type DeliveryMatch = { handle: unknown; loaderData?: unknown };

export function handlesHydrate(matches: readonly DeliveryMatch[]): boolean {
  return matches.some(({ handle, loaderData }) => {
    if (typeof handle !== "object" || handle === null) return false;
    const hydrate = (handle as DeliveryHandle).hydrate;
    return hydrate === true || (typeof hydrate === "function" && hydrate(loaderData) === true);
  });
}

/** The outside services the matched routes' pages load (see DeliveryHandle.thirdParties). */
export function handlesThirdParties(matches: readonly DeliveryMatch[]): ThirdParty[] {
  const used = new Set<ThirdParty>();
  for (const { handle, loaderData } of matches) {
    if (typeof handle !== "object" || handle === null || loaderData === undefined) continue;
    const of = (handle as DeliveryHandle).thirdParties;
    if (typeof of === "function") for (const tool of of(loaderData)) used.add(tool);
  }
  return [...used];
}

/**
 * True when this page ships React Router's client: a matched route opted in, or the code is
 * already running in the browser (so the page hydrated, or was reached by a client-side
 * navigation from one that did).
 */
export function usePageHydrates(): boolean {
  const matches = useMatches();
  return typeof document !== "undefined" || handlesHydrate(matches.map((m) => ({ handle: m.handle, loaderData: m.loaderData })));
}
