import { isIP } from "node:net";
import { createContext } from "react-router";

/**
 * The browser's address, which the host (web-server.ts) puts in the load context for the few
 * API calls that are throttled per client address (a password reset request). Kept on
 * globalThis so the host and the built app, each loading this module, share one key.
 */
const KEY = Symbol.for("keyfree.clientAddressContext");
type Holder = { [KEY]?: ReturnType<typeof createContext<string | null>> };
export const clientAddressContext: ReturnType<typeof createContext<string | null>> = ((globalThis as Holder)[KEY] ??=
  createContext<string | null>(null));

/**
 * TRUST_PROXY_HOPS: how many reverse proxies (load balancer, CDN) stand in front of the web
 * server and append to X-Forwarded-For. 0 (the default): the connection's address is the
 * browser's and X-Forwarded-For, which anyone can send, is ignored.
 */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const raw = env.TRUST_PROXY_HOPS ?? "0";
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10 (the reverse proxies in front of the web server), not ${JSON.stringify(raw)}`);
  }
  return hops;
}

/**
 * The browser's address: with no trusted proxy, the connection's; behind `hops` proxies, the
 * address the outermost one saw (the hops-th entry of X-Forwarded-For from the right: entries
 * further left were written by the client and cannot be trusted). Null when it is not an IP address.
 */
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | undefined, hops: number): string | null {
  let address = socketAddress;
  if (hops > 0) {
    const chain = (forwardedFor ?? "").split(",").map((a) => a.trim()).filter(Boolean);
    address = chain[chain.length - hops];
  }
  return address && isIP(address) ? address : null;
}
