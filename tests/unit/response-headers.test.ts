/**
 * setResponseHeader (server/lib/response-headers.ts): a middleware's header after `next()` lands
 * on the handler's own response, without Hono's copy of it; on a response with frozen headers
 * (one passed on from fetch) it still lands, through Hono's copy.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { setResponseHeader } from "../../server/lib/response-headers";

describe("a header set after the handler answered", () => {
  const app = new Hono();
  let handlers: Response | undefined;
  app.use("*", async (c, next) => {
    await next();
    handlers = c.res;
    setResponseHeader(c, "x-request-id", "req-1");
  });
  app.get("/own", (c) => c.json({ ok: true }));
  app.get("/fetched", () => fetch("data:text/plain,passed%20on"));

  it("is set in place on a response the handler made", async () => {
    const response = await app.request("/own");
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response).toBe(handlers);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("is set on a copy when the response's headers are frozen", async () => {
    const response = await app.request("/fetched");
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response).not.toBe(handlers);
    expect(await response.text()).toBe("passed on");
  });
});
