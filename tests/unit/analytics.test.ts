import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { AnalyticsQueue, buildEvent, recorderSettings, routePattern, track, trackCompletedActions, trackPageView, uuidFrom } = await import(
  "../../app/lib/analytics.server"
);
const { saveConsent } = await import("../../app/lib/consent.server");
const { commitSession, sessionStorage } = await import("../../app/lib/session.server");
const { readThirdPartyTools } = await import("../../app/lib/third-parties.server");
const { recorderConfig, recorderInitScript } = await import("../../app/lib/session-recorder");

type PostHogEvent = import("../../app/lib/analytics.server").PostHogEvent;

const CONFIGURED = readThirdPartyTools({ POSTHOG_KEY: "phc_unit_test_key", POSTHOG_HOST: "http://127.0.0.1:9/__stand-ins/posthog" });
const UNCONFIGURED = readThirdPartyTools({});
const USER_ID = "user_0123456789abcdef";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A request carrying a consent answer (analytics yes or no, or none) and, optionally, a signed-in session with a user id. */
async function requestWith(input: { analytics?: boolean; userId?: string; url?: string; method?: string }) {
  const cookies: string[] = [];
  if (input.analytics !== undefined) cookies.push((await saveConsent({}, { analytics: input.analytics })).split(";")[0]!);
  if (input.userId) {
    const session = await sessionStorage.getSession(null);
    session.set("accessToken", "token");
    session.set("firstName", "Jordan");
    session.set("userId", input.userId);
    cookies.push((await commitSession(session)).split(";")[0]!);
  }
  return new Request(input.url ?? "http://localhost/claims/c1?token=secret-token", {
    method: input.method ?? "GET",
    headers: cookies.length ? { cookie: cookies.join("; ") } : {},
  });
}

/** A queue whose sends are recorded (nothing leaves the test). */
function recordingQueue() {
  const sent: { url: string; body: { api_key: string; batch: PostHogEvent[] } }[] = [];
  const send = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ status: 1 }), { status: 200 });
  }) as unknown as typeof fetch;
  return { queue: new AnalyticsQueue({ send, delayMs: 60_000 }), sent };
}

describe("the events sent from the server: no personal data beyond the user id", () => {
  it("a signed-in tenant's event is theirs by user id alone, with only the event's own closed properties", () => {
    const event = buildEvent("payment succeeded", { paymentType: "CLAIM" }, { userId: USER_ID }, new Date("2026-11-22T10:00:00Z"));
    expect(event).toEqual({
      uuid: expect.stringMatching(UUID),
      event: "payment succeeded",
      distinct_id: USER_ID,
      properties: { $lib: "keyfree-web-server", paymentType: "CLAIM" },
      timestamp: "2026-11-22T10:00:00.000Z",
    });
  });

  it("a visitor gets a new random id per event and no person profile (nothing ties two events together)", () => {
    const a = buildEvent("$pageview", { path: "/contact" });
    const b = buildEvent("$pageview", { path: "/contact" });
    expect(a.distinct_id).toMatch(UUID);
    expect(b.distinct_id).not.toBe(a.distinct_id);
    expect(a.properties.$process_person_profile).toBe(false);
  });

  it("a page view names the route's pattern, never the URL's ids or query string", () => {
    const matches = [{ route: {} }, { route: { path: "" } }, { route: { path: "claims/:claimId" } }, { route: { path: "items/:claimItemId/proposal" } }];
    expect(routePattern(matches)).toBe("/claims/:claimId/items/:claimItemId/proposal");
    expect(routePattern([{ route: {} }, { route: {} }])).toBe("/");
    const event = buildEvent("$pageview", { path: "/keyfree-offer/:keyfreeOfferId" }, { origin: "https://app.keyfree.example" });
    expect(event.properties).toMatchObject({ $pathname: "/keyfree-offer/:keyfreeOfferId", $current_url: "https://app.keyfree.example/keyfree-offer/:keyfreeOfferId" });
  });
});

describe("counted once: a uuid from what the event is about", () => {
  it("the same event about the same thing has the same uuid, anything else another", () => {
    const once = ["order-1", "customer-1", "CLAIM_PAY"];
    const first = buildEvent("payment succeeded", { paymentType: "CLAIM" }, { userId: USER_ID, once, at: "2026-11-22T09:00:00Z" });
    const again = buildEvent("payment succeeded", { paymentType: "CLAIM" }, { userId: USER_ID, once, at: "2026-11-22T09:00:00Z" });
    expect(again.uuid).toBe(first.uuid);
    expect(again.timestamp).toBe("2026-11-22T09:00:00.000Z");
    expect(buildEvent("payment succeeded", { paymentType: "CLAIM" }, { userId: USER_ID, once: ["order-2", "customer-1", "CLAIM_PAY"] }).uuid).not.toBe(first.uuid);
    expect(buildEvent("checkout step done", { step: "CLAIM_PAY" }, { userId: USER_ID, once }).uuid).not.toBe(first.uuid);
    expect(uuidFrom(["a"])).toMatch(UUID);
  });

  it("a one-of-a-kind event queued twice in a process is sent once", async () => {
    const { queue, sent } = recordingQueue();
    const event = buildEvent("plan set up", {}, { userId: USER_ID, once: ["plan-1"] });
    queue.add(CONFIGURED.posthog!, event, null, true);
    queue.add(CONFIGURED.posthog!, { ...event }, null, true);
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.batch).toHaveLength(1);
  });
});

describe("sent only with PostHog configured and the tenant's consent", () => {
  for (const [name, analytics, tools] of [
    ["no answer yet", undefined, CONFIGURED],
    ["analytics refused", false, CONFIGURED],
    ["PostHog not configured", true, UNCONFIGURED],
  ] as const) {
    it(`${name}: nothing is queued and no recorder is set up`, async () => {
      const { queue, sent } = recordingQueue();
      const request = await requestWith({ analytics, userId: USER_ID });
      await track(request, undefined, "charges accepted", {}, {}, { tools, queue });
      await queue.flush();
      expect(sent).toEqual([]);
      expect(await recorderSettings(request, tools)).toBeNull();
    });
  }

  it("with consent: the event goes to {host}/batch/ with the project key, as the session's user", async () => {
    const { queue, sent } = recordingQueue();
    const request = await requestWith({ analytics: true, userId: USER_ID, method: "POST" });
    await track(request, undefined, "charges accepted", {}, { once: ["claim-1", "proposal-1"] }, { tools: CONFIGURED, queue });
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("http://127.0.0.1:9/__stand-ins/posthog/batch/");
    expect(sent[0]!.body.api_key).toBe("phc_unit_test_key");
    expect(sent[0]!.body.batch).toEqual([expect.objectContaining({ event: "charges accepted", distinct_id: USER_ID })]);
    expect(JSON.stringify(sent[0]!.body.batch)).not.toMatch(/Jordan|token/);
  });

  it("the recorder is set up with the user id, the key and PostHog's array.js", async () => {
    const request = await requestWith({ analytics: true, userId: USER_ID });
    expect(await recorderSettings(request, CONFIGURED)).toEqual({
      key: "phc_unit_test_key",
      apiHost: "http://127.0.0.1:9/__stand-ins/posthog",
      scriptUrl: "http://127.0.0.1:9/__stand-ins/posthog/static/array.js",
      distinctId: USER_ID,
    });
  });

  it("completed actions: each checkout step and each payment once, at the action's time; nothing for one not done", async () => {
    const { queue, sent } = recordingQueue();
    const request = await requestWith({ analytics: true, userId: USER_ID });
    const read = () =>
      trackCompletedActions(
        request,
        undefined,
        { orderId: "order-1", customerId: "customer-1" },
        [
          { typeId: "KEYFREE_ABOUT_YOU", completedAt: "2026-11-20T10:00:00.000Z" },
          { typeId: "KEYFREE_PAY", completedAt: "2026-11-21T10:00:00.000Z" },
          { typeId: "KEYFREE_SIGN", completedAt: null },
        ],
        { checkout: true, paymentTypeOf: (t) => (t === "KEYFREE_PAY" ? "KEYFREE" : null) },
        { tools: CONFIGURED, queue },
      );
    await read();
    await read(); // the page read again
    await queue.flush();
    const batch = sent.flatMap((s) => s.body.batch);
    expect(batch.map((e) => [e.event, e.properties.step ?? e.properties.paymentType, e.timestamp])).toEqual([
      ["checkout step done", "KEYFREE_ABOUT_YOU", "2026-11-20T10:00:00.000Z"],
      ["checkout step done", "KEYFREE_PAY", "2026-11-21T10:00:00.000Z"],
      ["payment succeeded", "KEYFREE", "2026-11-21T10:00:00.000Z"],
    ]);
    expect(new Set(batch.map((e) => e.uuid)).size).toBe(3);
  });

  it("a page view only for a GET that rendered a page, by its pattern", async () => {
    const { queue, sent } = recordingQueue();
    const deps = { tools: CONFIGURED, queue };
    await trackPageView(await requestWith({ analytics: true, method: "POST" }), undefined, 200, [{ route: { path: "claims/:claimId" } }], deps);
    await trackPageView(await requestWith({ analytics: true }), undefined, 404, [{ route: { path: "*" } }], deps);
    await trackPageView(await requestWith({ analytics: true, userId: USER_ID }), undefined, 200, [{ route: {} }, { route: { path: "claims/:claimId" } }], deps);
    await queue.flush();
    const batch = sent.flatMap((s) => s.body.batch);
    expect(batch).toEqual([expect.objectContaining({ event: "$pageview", distinct_id: USER_ID })]);
    expect(batch[0]!.properties).toMatchObject({ $pathname: "/claims/:claimId", $current_url: "http://localhost/claims/:claimId" });
    expect(JSON.stringify(batch)).not.toContain("secret-token");
  });
});

describe("the queue never breaks a page", () => {
  it("PostHog down: the failure is logged without the key, and nothing is thrown", async () => {
    const warn = vi.fn();
    const log = { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn() };
    const send = vi.fn(async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const queue = new AnalyticsQueue({ send, delayMs: 60_000 });
    queue.add(CONFIGURED.posthog!, buildEvent("proposal sent", {}, { userId: USER_ID }), log);
    await expect(queue.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith("analytics events not sent", { events: 1, reason: "TypeError" });
    expect(JSON.stringify(warn.mock.calls)).not.toContain("phc_unit_test_key");
  });

  it("sends in the background after a short delay, in batches", async () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      const send = vi.fn(async (_u: unknown, init?: RequestInit) => {
        sent.push((JSON.parse(String(init?.body)) as { batch: unknown[] }).batch.length);
        return new Response("{}");
      }) as unknown as typeof fetch;
      const queue = new AnalyticsQueue({ send, delayMs: 250, maxBatch: 2 });
      for (let i = 0; i < 3; i += 1) queue.add(CONFIGURED.posthog!, buildEvent("proposal sent", {}, { userId: USER_ID }));
      expect(send).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(250);
      expect(sent).toEqual([2, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the session recorder's start (built on the server)", () => {
  const settings = { key: "phc_unit_test_key", apiHost: "https://eu.i.posthog.com", scriptUrl: "https://eu-assets.i.posthog.com/static/array.js", distinctId: USER_ID };

  it("records with every input and all text masked, captures nothing by itself, and names the tenant by user id only", () => {
    expect(recorderConfig(settings)).toMatchObject({
      api_host: "https://eu.i.posthog.com",
      autocapture: false,
      capture_pageview: false,
      disable_session_recording: false,
      mask_all_text: true,
      session_recording: { maskAllInputs: true, maskTextSelector: "*" },
      bootstrap: { distinctID: USER_ID, isIdentifiedID: true },
    });
    expect(recorderConfig({ ...settings, distinctId: null })).not.toHaveProperty("bootstrap");
  });

  it("queues the init where array.js reads it, then adds array.js; nothing in it can close the script", () => {
    const script = recorderInitScript({ ...settings, key: "phc_</script><script>" });
    expect(script).not.toContain("</script>");
    const window: { posthog?: { _i: unknown[][] } } = {};
    const appended: { src?: string; async?: boolean; attrs: Record<string, string> }[] = [];
    const document = {
      createElement: () => {
        const element = { attrs: {} as Record<string, string>, setAttribute: (k: string, v: string) => (element.attrs[k] = v) } as {
          attrs: Record<string, string>;
          setAttribute: (k: string, v: string) => void;
          src?: string;
          async?: boolean;
        };
        return element;
      },
      head: { appendChild: (e: (typeof appended)[number]) => appended.push(e) },
    };
    new Function("window", "document", script)(window, document);
    expect(window.posthog!._i).toEqual([["phc_</script><script>", recorderConfig(settings), "posthog"]]);
    expect(appended).toEqual([expect.objectContaining({ src: settings.scriptUrl, async: true, attrs: { "data-third-party": "" } })]);
  });
});
