import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { postHogStandIn } from "../../stand-ins/analytics/capture";
import { createTestApi, OPS_TOKEN } from "../helpers/api";

/**
 * The analytics stand-in (issue 26): PostHog's capture API as web-server.ts answers it outside
 * production, and the ops routes that keep what arrives and list it for the browser tests.
 */
let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});

const ops = { "x-ops-token": OPS_TOKEN };
const KEY = "phc_api_test_project_key";

/** The stand-in, storing through the API's ops route as web-server.ts does. */
const standIn = postHogStandIn(KEY, async (events) =>
  t.api.request("/ops/analytics-events", { method: "POST", headers: { "content-type": "application/json", ...ops }, body: JSON.stringify({ events }) }),
);

function capture(body: unknown, contentType = "application/json") {
  return standIn(
    new Request("http://127.0.0.1/__stand-ins/posthog/batch/", { method: "POST", headers: { "content-type": contentType }, body: JSON.stringify(body) }),
  );
}

const event = (distinctId: string, name = "$pageview") => ({
  uuid: randomUUID(),
  event: name,
  distinct_id: distinctId,
  properties: { $pathname: "/claims/:claimId" },
  timestamp: "2026-11-22T10:00:00.000Z",
});

describe("the capture API stand-in", () => {
  it("keeps a batch sent with the project key, and lists it by distinct id", async () => {
    const who = `user-${randomUUID()}`;
    const first = event(who);
    const second = event(who, "charges accepted");
    const answer = await capture({ api_key: KEY, batch: [first, second, event("someone-else")] });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const list = await t.json("GET", `/ops/analytics-events?distinctId=${encodeURIComponent(who)}`, undefined, undefined, ops);
    expect(list.status).toBe(200);
    expect(list.body.events).toHaveLength(2);
    expect(list.body.events).toEqual(expect.arrayContaining([
      expect.objectContaining({ uuid: first.uuid, event: "$pageview", distinctId: who, properties: { $pathname: "/claims/:claimId" }, timestamp: first.timestamp }),
      expect.objectContaining({ uuid: second.uuid, event: "charges accepted", distinctId: who }),
    ]));
  });

  it("refuses a batch with another key, or none (401), and keeps nothing of it", async () => {
    const who = `user-${randomUUID()}`;
    expect((await capture({ api_key: "phc_wrong_project_key", batch: [event(who)] })).status).toBe(401);
    expect((await capture({ batch: [event(who)] })).status).toBe(401);
    const list = await t.json("GET", `/ops/analytics-events?distinctId=${who}`, undefined, undefined, ops);
    expect(list.body.events).toEqual([]);
  });

  it("takes the browser's plain-text post, and the distinct id from the properties as PostHog does", async () => {
    const who = `user-${randomUUID()}`;
    const posted = { uuid: randomUUID(), event: "$recording_started", properties: { distinct_id: who } };
    expect((await capture({ api_key: KEY, batch: [posted] }, "text/plain;charset=UTF-8")).status).toBe(200);
    const list = await t.json("GET", `/ops/analytics-events?distinctId=${who}`, undefined, undefined, ops);
    expect(list.body.events.map((e: { event: string }) => e.event)).toEqual(["$recording_started"]);
  });

  it("keeps an event sent twice (the same uuid) once, as PostHog counts it once", async () => {
    const who = `user-${randomUUID()}`;
    const once = event(who, "payment succeeded");
    await capture({ api_key: KEY, batch: [once] });
    await capture({ api_key: KEY, batch: [once] });
    const list = await t.json("GET", `/ops/analytics-events?distinctId=${who}`, undefined, undefined, ops);
    expect(list.body.events).toHaveLength(1);
  });

  it("answers 400 to what is not a batch of events, and keeps nothing", async () => {
    expect((await capture("not json at all")).status).toBe(400);
    expect((await capture({ api_key: KEY, batch: [{ event: "no uuid", distinct_id: "x" }] })).status).toBe(400);
    expect((await capture({ api_key: KEY, batch: [{ ...event("x"), uuid: "not-a-uuid" }] })).status).toBe(400);
  });
});

describe("the ops routes", () => {
  it("need the ops token (404 without), and a distinct id to list", async () => {
    expect((await t.json("GET", "/ops/analytics-events?distinctId=x")).status).toBe(404);
    expect((await t.json("POST", "/ops/analytics-events", { events: [] })).status).toBe(404);
    expect((await t.json("GET", "/ops/analytics-events", undefined, undefined, ops)).status).toBe(400);
    expect((await t.json("POST", "/ops/analytics-events", { events: "no" }, undefined, ops)).status).toBe(400);
  });
});
