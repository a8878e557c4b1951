import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../context";

/**
 * The address of the browser a request is for. An in-process call (the web app's own fetch: no
 * socket) names it in X-Forwarded-For, which the web app sets from the connection or its trusted
 * proxies (app/lib/client-address.server.ts). Over a socket, X-Forwarded-For is believed only
 * when the API is configured to be reached through the web app alone (API_TRUST_FORWARDED_FOR);
 * otherwise the connection's address. Null when it is not a valid IP address.
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // In-process calls (the web app's own fetch) have no socket.
  }
  const believeForwarded = socketAddress === undefined || c.get("deps").config.trustForwardedFor;
  const address = believeForwarded && forwarded ? forwarded : socketAddress;
  return address && isIP(address) ? address : null;
}
