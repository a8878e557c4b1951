/**
 * The one line logged per request, for the web server and the API: a 5xx at error level (a
 * fault to look at), anything else at info (a 4xx is the client's mistake or a refusal, never
 * an error: it would bury the real faults). A request the client gave up on (it closed the
 * connection, so the request's signal is aborted) is logged as 499 (the "client closed request"
 * status nginx made common), at info level: it is no server error, whatever the handler
 * answered to no one. A load balancer's probes that pass (/healthz, /readyz answering 200),
 * every few seconds from every balancer, are logged at debug: at info they would be most of
 * the log; so are Prometheus' scrapes of /metrics that pass. A probe that fails is logged as any other request.
 */
import type { Logger } from "pino";
import { errorMessage, logger as defaultLogger } from "./log";

/** The client closed the connection before the answer was sent. */
export const CLIENT_CLOSED_REQUEST = 499;

type Fields = Record<string, unknown> & { status: number };

/** A load balancer's health and readiness probes (server/lib/health.ts, web-server.ts), and Prometheus' scrapes (issue 41). */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** Logs `msg` for a finished request: its status (5xx at error, else info), or 499 at info when the client went away. */
export function logRequest(request: Request, msg: string, fields: Fields, logger: Logger = defaultLogger) {
  if (request.signal.aborted) {
    logger.info({ ...fields, status: CLIENT_CLOSED_REQUEST, aborted: true }, msg);
    return;
  }
  if (fields.status >= 500) logger.error(fields, msg);
  else if (fields.status === 200 && PROBES.has(new URL(request.url).pathname)) logger.debug(fields, msg);
  else logger.info(fields, msg);
}

/**
 * For an error a request's handler threw: when the client has gone away, the error is the
 * abort itself (or a consequence of it), so it is not logged as an error and the answer,
 * sent to no one, is a 499. Otherwise null: the caller logs and answers as it does.
 */
export function abortedRequestAnswer(request: Request, error: unknown, logger: Logger = defaultLogger): Response | null {
  if (!request.signal.aborted) return null;
  logger.debug({ reason: errorMessage(error) }, "request aborted by the client");
  return new Response(null, { status: CLIENT_CLOSED_REQUEST });
}
