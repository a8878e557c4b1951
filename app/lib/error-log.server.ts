import { isRouteErrorResponse, type RouterContextProvider } from "react-router";
import { hostLogContext, type HostLog } from "./host";

/**
 * What the web's server side logs about an error (React Router's handleError, a render that
 * failed after the page started): through the host's logger (one JSON line, the stack in
 * `err.stack`, secrets redacted), never console.error's plain text.
 *
 * A refusal is no fault: React Router's own 4xx (405 for a post to a page with no action, 404
 * for no such page, 400 for a post whose Origin does not match) is logged at info with its
 * reason, so real faults stand out at error. The request line (web-server.ts) carries the status.
 */

/** React Router's refusals thrown as plain errors: a post whose Origin does not match (it answers 400). */
const ROUTER_REFUSALS = [/Aborting the action\.$/, /^Bad Request$/];

function hostLog(context: unknown): HostLog {
  const fromHost =
    context && typeof (context as RouterContextProvider).get === "function" ? (context as RouterContextProvider).get(hostLogContext) : null;
  return fromHost ?? bareLog;
}

/** Without a host's logger (a host that gave none): a JSON line with the error's type only, nothing it carries. */
const bareLog: HostLog = Object.fromEntries(
  (["debug", "info", "warn", "error"] as const).map((level) => [
    level,
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (level === "debug") return;
      const err = fields.err as { constructor?: { name?: string } } | undefined;
      const line = { level, time: new Date().toISOString(), msg, status: fields.status, errType: err?.constructor?.name };
      (level === "info" ? process.stdout : process.stderr).write(`${JSON.stringify(line)}\n`);
    },
  ]),
) as HostLog;

/** A refusal's status and reason, or null for a fault. */
function refusal(error: unknown): { status: number; reason: string } | null {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const internal = (error as { error?: unknown }).error;
    return { status: error.status, reason: internal instanceof Error ? internal.message : error.statusText };
  }
  if (error instanceof Error && ROUTER_REFUSALS.some((pattern) => pattern.test(error.message))) return { status: 400, reason: error.message };
  return null;
}

/** React Router's handleError (app/entry.server.tsx): an error from a loader, an action or the router. */
export function logRouteError(error: unknown, { request, context }: { request: Request; context?: unknown }): void {
  // The client went away: the error is the abort's; the request line says 499.
  if (request.signal.aborted) return;
  const log = hostLog(context);
  const where = { method: request.method, path: new URL(request.url).pathname };
  const refused = refusal(error);
  if (refused) {
    log.info("web request refused", { ...where, ...refused });
    return;
  }
  // React Router's own 5xx carries the error it stands for.
  const err = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  log.error("web error", { ...where, err });
}

/** React's onError for a page whose first part was already sent (earlier errors reach handleError). */
export function logRenderError(error: unknown, request: Request, context: unknown): void {
  if (request.signal.aborted) return;
  hostLog(context).error("web render error", { method: request.method, path: new URL(request.url).pathname, err: error });
}
