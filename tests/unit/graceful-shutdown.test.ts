import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDrainer, DEFAULT_DRAIN_TIMEOUT_MS, drainTimeoutMs } from "../../server/lib/graceful-shutdown";

/** A server whose /slow requests wait until `release()`; everything else answers at once. */
async function slowServer() {
  const waiting: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    if (req.url === "/slow") {
      waiting.push(() => res.end("slow done"));
      return;
    }
    res.end("quick");
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, release: () => waiting.splice(0).forEach((f) => f()), waitingCount: () => waiting.length };
}

type Answer = { status: number; connection: string | undefined; body: string };

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      })
      .on("error", reject);
  });
}

const quiet = { info: () => {}, warn: () => {} };
const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

describe("graceful shutdown: requests in flight finish, nothing new starts", () => {
  it("answers the request in flight (with Connection: close), refuses new connections, and only then stops the rest", async () => {
    const { server, port, release, waitingCount } = await slowServer();
    servers.push(server);
    const agent = new http.Agent({ keepAlive: true });
    const order: string[] = [];
    const drainer = createDrainer(server, {
      timeoutMs: 10_000,
      onDrained: async () => {
        order.push("onDrained");
      },
      log: quiet,
    });

    // A kept-alive idle connection, and a request in flight.
    expect((await get(port, "/quick", agent)).connection).toBe("keep-alive");
    const slow = get(port, "/slow", new http.Agent({ keepAlive: true }));
    await vi.waitFor(() => expect(waitingCount()).toBe(1));
    expect(drainer.inFlight).toBe(1);

    const drained = drainer.drain("SIGTERM").then(() => order.push("drained"));
    expect(drainer.draining).toBe(true);

    // No new connection is accepted (a balancer sends the request to another instance).
    await expect(get(port, "/quick", new http.Agent({ keepAlive: false }))).rejects.toThrow(/ECONNREFUSED/);
    // The drain waits for the request in flight.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);

    release();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, connection: "close", body: "slow done" });
    await drained;
    expect(order).toEqual(["onDrained", "drained"]);
    expect(drainer.inFlight).toBe(0);
    agent.destroy();
  });

  it("closes what is still open after the timeout, then stops the rest", async () => {
    const { server, port } = await slowServer();
    servers.push(server);
    const onDrained = vi.fn(async () => {});
    const warnings: string[] = [];
    const drainer = createDrainer(server, { timeoutMs: 100, onDrained, log: { info: () => {}, warn: (m) => warnings.push(m) } });
    const stuck = get(port, "/slow", new http.Agent({ keepAlive: true })).then(
      () => "answered",
      () => "cut off",
    );
    await vi.waitFor(() => expect(drainer.inFlight).toBe(1));
    await drainer.drain("SIGTERM");
    expect(await stuck).toBe("cut off");
    expect(onDrained).toHaveBeenCalledOnce();
    expect(warnings).toEqual(["drain timed out: closing the connections left"]);
  });

  it("a second signal joins the drain in progress", async () => {
    const { server } = await slowServer();
    servers.push(server);
    const onDrained = vi.fn(async () => {});
    const drainer = createDrainer(server, { timeoutMs: 1_000, onDrained, log: quiet });
    const first = drainer.drain("SIGTERM");
    expect(drainer.drain("SIGINT")).toBe(first);
    await first;
    expect(onDrained).toHaveBeenCalledOnce();
  });

  it("SHUTDOWN_TIMEOUT_SECONDS: whole seconds from 1 to 600, otherwise the default", () => {
    expect(drainTimeoutMs({ SHUTDOWN_TIMEOUT_SECONDS: "40" })).toBe(40_000);
    for (const bad of [undefined, "", "0", "-5", "1.5", "601", "ten"]) {
      expect(drainTimeoutMs({ SHUTDOWN_TIMEOUT_SECONDS: bad }), String(bad)).toBe(DEFAULT_DRAIN_TIMEOUT_MS);
    }
  });
});
