import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/app";
import type { FileStore } from "../../server/lib/files";
import { createTestApi, type TestApi } from "../helpers/api";

/** Issue 25, scope 3: /healthz and /readyz for a load balancer. */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const get = async (api: { request: (path: string) => Response | Promise<Response> }, path: string) => {
  const res = await api.request(path);
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get("cache-control") };
};

describe("health and readiness", () => {
  it("/healthz: the process answers, with no sign-in and never cached", async () => {
    expect(await get(t.api, "/healthz")).toEqual({ status: 200, body: { status: "ok" }, cacheControl: "no-store" });
  });

  it("/readyz: 200 when the database and the file store answer", async () => {
    expect(await get(t.api, "/readyz")).toEqual({
      status: 200,
      body: { status: "ready", database: "ok", storage: "ok" },
      cacheControl: "no-store",
    });
  });

  it("/readyz: 503 naming the file store when it cannot be used", async () => {
    const broken: FileStore = {
      put: (key, body) => t.files.put(key, body),
      get: (key) => t.files.get(key),
      delete: (key) => t.files.delete(key),
      check: () => Promise.reject(new Error("disk gone")),
    };
    const api = createApi({ db: t.db, config: t.config, clock: t.clock, files: broken, payments: t.payments });
    expect(await get(api, "/readyz")).toMatchObject({ status: 503, body: { status: "not ready", database: "ok", storage: "unavailable" } });
  });

  it("/readyz: 503 naming the database when it does not answer (and /healthz still 200)", async () => {
    const other = await createTestApi();
    other.payments.sandbox?.close();
    await other.client.close();
    expect(await get(other.api, "/readyz")).toMatchObject({ status: 503, body: { status: "not ready", database: "unavailable" } });
    expect((await get(other.api, "/healthz")).status).toBe(200);
  });
});
