import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * Graceful shutdown for a server behind a load balancer (issue 25, scope 3). On SIGTERM (a
 * deploy, a scale-down) or SIGINT, `drain()`:
 *   1. marks the process as draining: `/readyz` answers 503, so a balancer that asks stops
 *      sending it new work;
 *   2. stops listening (new connections go to the other instances; nginx retries a refused
 *      connection elsewhere) and closes idle keep-alive connections;
 *   3. lets every request in flight finish, each answered with `Connection: close` so the
 *      client (or nginx) does not send its next request down this connection;
 *   4. once none are left, or after `timeoutMs`, closes what remains and calls `onDrained`
 *      (stop the jobs, close the database), then the process exits 0.
 * A request cut off by a crash instead (kill -9) is what the money paths' crash safety covers;
 * this is for the ordinary stop, where nothing in flight should fail at all (decision 0040).
 */
export type Drainer = {
  /** True once a drain has begun: readiness answers 503. */
  readonly draining: boolean;
  /** Requests whose response has not yet finished or closed. */
  readonly inFlight: number;
  /** Begins the drain (once; later calls return the same promise). Resolves when onDrained has. */
  drain(reason: string): Promise<void>;
};

export type DrainOptions = {
  /** How long requests in flight may take before their connections are closed anyway. */
  timeoutMs: number;
  /** After the last request: stop the jobs, close the database. */
  onDrained: () => Promise<void>;
  log: { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };
};

/** The drain period's default: under the usual 30 s a platform waits between SIGTERM and SIGKILL. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 25_000;

/** Reads SHUTDOWN_TIMEOUT_SECONDS (whole seconds, 1–600); anything else is the default. */
export function drainTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = Number(env.SHUTDOWN_TIMEOUT_SECONDS);
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 600 ? seconds * 1000 : DEFAULT_DRAIN_TIMEOUT_MS;
}

export function createDrainer(server: Server, options: DrainOptions): Drainer {
  const open = new Set<ServerResponse>();
  let draining: Promise<void> | undefined;
  let allDone: (() => void) | undefined;

  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    // A request that arrives on a kept-alive connection during the drain is still answered, but
    // its connection then closes.
    if (draining && !res.headersSent) res.setHeader("Connection", "close");
    res.once("close", () => {
      open.delete(res);
      if (draining && open.size === 0) allDone?.();
    });
  });

  return {
    get draining() {
      return draining !== undefined;
    },
    get inFlight() {
      return open.size;
    },
    drain(reason) {
      draining ??= (async () => {
        const started = performance.now();
        options.log.info("draining before stopping", { reason, inFlight: open.size, timeoutMs: options.timeoutMs });
        for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
        const finished = new Promise<void>((resolve) => {
          allDone = resolve;
          if (open.size === 0) resolve();
        });
        server.close();
        server.closeIdleConnections();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          finished.then(() => false),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(true), options.timeoutMs);
          }),
        ]);
        clearTimeout(timer);
        if (timedOut) {
          options.log.warn("drain timed out: closing the connections left", { inFlight: open.size });
        }
        server.closeAllConnections();
        await options.onDrained();
        options.log.info("drained", { ms: Math.round(performance.now() - started), timedOut });
      })();
      return draining;
    },
  };
}

/** SIGTERM and SIGINT drain the server, then exit 0 (1 if stopping itself failed). */
export function drainOnSignals(drainer: Drainer, log: DrainOptions["log"]) {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      drainer.drain(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          log.warn("stopping failed", { error: String(error) });
          process.exit(1);
        },
      );
    });
  }
}
