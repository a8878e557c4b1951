import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS, keepConnectionsLongerThanClients } from "../../server/lib/http-server";

describe("keep-alive connections (a flaky ECONNRESET on main: the server closed an idle connection as a client reused it)", () => {
  it("outlast the usual clients' and proxies' 60 s, with the header timeout longer still", () => {
    const server = createServer();
    expect(server.keepAliveTimeout).toBe(5_000);
    keepConnectionsLongerThanClients(server);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it.each(["web-server.ts", "server/main.ts"])("are set on the server %s starts", (file) => {
    const source = readFileSync(file, "utf8");
    const serves = source.match(/\bserve\(/g)?.length ?? 0;
    expect(serves).toBeGreaterThan(0);
    expect(source.match(/keepConnectionsLongerThanClients\(server/g)?.length).toBe(serves);
  });
});
