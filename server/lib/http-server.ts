import type { Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s by default; a
 * client (a proxy, a load balancer, a test's request context) that sends its next request on
 * that connection just as Node closes it gets ECONNRESET, a failure nobody caused. A server
 * should be the side that waits longest, so this is above the usual proxies' idle timeouts
 * (nginx's upstream keepalive_timeout 60 s, AWS load balancers' 60 s).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Keeps idle connections open longer than clients do (KEEP_ALIVE_TIMEOUT_MS); the header timeout must be longer still. */
export function keepConnectionsLongerThanClients(server: Pick<Server, "keepAliveTimeout" | "headersTimeout">) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
