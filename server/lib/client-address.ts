import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../context";

/**
 * The address of the browser a request is for: the first address in X-Forwarded-For (the web
 * app passes on the browser's, see app/lib/client-address.server.ts), else the connection's;
 * null when neither is a valid IP address (an in-process call has no socket).
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded && isIP(forwarded)) return forwarded;
  try {
    const address = getConnInfo(c).remote.address;
    if (address && isIP(address)) return address;
  } catch {
    // In-process calls (the web app's own fetch) have no socket.
  }
  return null;
}
