import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv, Deps } from "../../server/context";
import { clientAddress } from "../../server/lib/client-address";

/** A tiny API answering the address clientAddress finds, with the config's trust setting. */
function appTrusting(trustForwardedFor: boolean) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", { config: { trustForwardedFor } } as unknown as Deps);
    await next();
  });
  app.get("/", (c) => c.text(clientAddress(c) ?? "none"));
  return app;
}

const overSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 50000, remoteFamily: "IPv4" } } });
const spoofed = { headers: { "x-forwarded-for": "198.51.100.7" } };

describe("the browser's address the API throttles by", () => {
  it("in-process (the web app's own call, no socket): the address the web app names", async () => {
    const res = await appTrusting(false).request("/", spoofed);
    expect(await res.text()).toBe("198.51.100.7");
  });

  it("over a socket, by default: the connection's address; an X-Forwarded-For anyone can send is ignored", async () => {
    const res = await appTrusting(false).request("/", spoofed, overSocket("203.0.113.9"));
    expect(await res.text()).toBe("203.0.113.9");
  });

  it("over a socket with API_TRUST_FORWARDED_FOR (reached through the web app only): the address the web app names", async () => {
    const res = await appTrusting(true).request("/", spoofed, overSocket("10.0.0.2"));
    expect(await res.text()).toBe("198.51.100.7");
  });

  it("not an IP address: none", async () => {
    const res = await appTrusting(false).request("/", { headers: { "x-forwarded-for": "not-an-address" } });
    expect(await res.text()).toBe("none");
  });
});
