/**
 * Issue 41 (decision 0070): /metrics is never public, and each metric moves when its event
 * happens: a request (by route pattern, never its id), a database statement and a wait for a
 * pool connection, a notice sent, a text that failed, a webhook delivered late, a
 * reconciliation finding, a card payment, a sweeper job's run and failure.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { createApi } from "../../server/app";
import type { Deps } from "../../server/context";
import { users } from "../../server/db/schema";
import { runDueJobs } from "../../server/jobs/sweeper";
import type { FileStore } from "../../server/lib/files";
import { deliverPendingEmails, type MailTransport } from "../../server/lib/mail-delivery";
import { metricsHandler, metricsText, readMetricsToken, registry } from "../../server/lib/metrics";
import { collectDatabaseFigures } from "../../server/lib/metrics-collectors";
import { queueNotice } from "../../server/lib/notices";
import { routePatterns, type RouteTableEntry } from "../../server/lib/route-patterns";
import { logAndMeasureWebRequests } from "../../server/lib/web-requests";
import { reconcilePayments } from "../../server/payments/reconcile-service";
import { createTestApi, type TestApi } from "../helpers/api";
import { atKeyfreePayStep } from "../helpers/pay-step";
import { usePostgresInstances } from "../helpers/postgres-instances";

let t: TestApi;
let deps: Deps;
let stopFigures: () => void;
beforeAll(async () => {
  t = await createTestApi({ smtpUrl: "smtp://localhost:2525" }, { smsStandIn: true });
  deps = t.deps;
  stopFigures = collectDatabaseFigures({ ...deps, sandbox: t.payments.sandbox, textsSent: true });
});
afterAll(async () => {
  stopFigures();
  await t.close();
});

/** A series' value now (gauges read at scrape time first); `suffix` picks a histogram's _count. */
async function value(name: string, labels: Record<string, string>, suffix = ""): Promise<number> {
  await metricsText();
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find(
    (v) => (suffix ? (v as { metricName?: string }).metricName === `${name}${suffix}` : true) && Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l),
  );
  return found?.value ?? 0;
}

describe("/metrics", () => {
  const token = "a-metrics-token-of-32-characters";
  const get = (handler: (r: Request) => Promise<Response>, authorization?: string) =>
    handler(new Request("http://localhost/metrics", { headers: authorization ? { authorization } : {} }));

  it("is off (404) without METRICS_TOKEN; refuses a request without the token (401) or with another (403); answers the figures with it", async () => {
    expect((await get(metricsHandler({ token: undefined }), `Bearer ${token}`)).status).toBe(404);
    const on = metricsHandler({ token });
    const none = await get(on);
    expect([none.status, none.headers.get("www-authenticate")]).toEqual([401, 'Bearer realm="metrics"']);
    expect((await get(on, `Basic ${token}`)).status).toBe(401);
    expect((await get(on, `Bearer ${token.slice(1)}x`)).status).toBe(403);
    const answer = await get(on, `Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const text = await answer.text();
    expect(text).toContain("# TYPE keyfree_http_request_duration_seconds histogram");
    // The process's own.
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("starts only with a token long enough to be a secret", () => {
    expect(readMetricsToken({})).toBeUndefined();
    expect(readMetricsToken({ METRICS_TOKEN: " " })).toBeUndefined();
    expect(() => readMetricsToken({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN must be at least 16 characters");
    expect(readMetricsToken({ METRICS_TOKEN: token })).toBe(token);
  });
});

describe("requests", () => {
  it("the API's are counted by Hono's route pattern and status class, never by the id in the path", async () => {
    const tenant = await t.quickTenant();
    const id = "0d4b6a3e-5b43-4a57-9a7c-6f1b2c3d4e5f";
    const labels = { server: "api", method: "GET", route: "/claims/:claimId", status_class: "4xx" };
    const before = await value("keyfree_http_request_duration_seconds", labels, "_count");
    expect((await t.json("GET", `/claims/${id}`, undefined, tenant.token)).status).toBe(404);
    expect(await value("keyfree_http_request_duration_seconds", labels, "_count")).toBe(before + 1);
    expect(await metricsText()).not.toContain(id);
  });

  it("the web's pages are named by the route table's pattern (data requests too), anything else by Hono's route", async () => {
    // The build's table (id, parent, path) made from app/routes.ts, as React Router makes it.
    const table: Record<string, RouteTableEntry> = { root: { id: "root", path: "" } };
    const add = (entries: typeof routeConfig, parentId: string) => {
      for (const entry of entries) {
        const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
        table[id] = { id, parentId, path: entry.path, index: entry.index };
        add(entry.children ?? [], id);
      }
    };
    add(await routeConfig, "root");
    const patternOf = routePatterns(table);
    expect(patternOf("/claims/4f1c2d3e-aaaa-bbbb-cccc-123456789abc")).toBe("/claims/:claimId");
    expect(patternOf("/claims/4f1c2d3e-aaaa-bbbb-cccc-123456789abc.data")).toBe("/claims/:claimId");
    expect(patternOf("/auth/login")).toBe("/auth/login");
    expect(patternOf("/_root.data")).toBe("/");
    expect(patternOf("/no/such/page/9")).toBe("/*");

    const app = new Hono();
    app.use("*", logAndMeasureWebRequests(table));
    app.get("/healthz", (c) => c.text("ok"));
    app.all("*", (c) => c.text("page", c.req.path.endsWith(".png") ? 404 : 200));
    const count = (route: string, status_class = "2xx") =>
      value("keyfree_http_request_duration_seconds", { server: "web", method: "GET", route, status_class }, "_count");
    const before = [await count("/claims/:claimId"), await count("/healthz"), await count("static file", "4xx")];
    await app.request("/claims/0d4b6a3e-5b43-4a57-9a7c-6f1b2c3d4e5f");
    await app.request("/healthz");
    await app.request("/missing.png");
    expect([await count("/claims/:claimId"), await count("/healthz"), await count("static file", "4xx")]).toEqual(before.map((n) => n + 1));
  });
});

describe("the database", () => {
  it("times each statement of the embedded database", async () => {
    const before = await value("keyfree_db_query_duration_seconds", { database: "pglite", outcome: "ok" }, "_count");
    await t.db.select().from(users).limit(1);
    await t.db.transaction(async (tx) => tx.select().from(users).limit(1));
    // The select, then BEGIN, the select and COMMIT.
    expect(await value("keyfree_db_query_duration_seconds", { database: "pglite", outcome: "ok" }, "_count")).toBeGreaterThanOrEqual(before + 4);
  });

  const url = process.env.TEST_DATABASE_URL;
  if (process.env.CI && !url) throw new Error("TEST_DATABASE_URL must be set in CI (.ci/run starts PostgreSQL)");
  describe.runIf(url)("on PostgreSQL", () => {
    const instances = usePostgresInstances(url!, "metrics");
    it("counts the waits for a pool connection, and the queries waiting now", async () => {
      const handle = await instances.open();
      const waitsBefore = await value("keyfree_db_pool_wait_seconds", {}, "_count");
      const queriesBefore = await value("keyfree_db_query_duration_seconds", { database: "postgres", outcome: "ok" }, "_count");
      // Twelve at once on a pool of ten: two wait.
      const running = Promise.all(Array.from({ length: 12 }, () => handle.db.execute("select pg_sleep(0.3)")));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await value("keyfree_db_pool_waiting_clients", {})).toBe(2);
      await running;
      expect(await value("keyfree_db_pool_wait_seconds", {}, "_count")).toBe(waitsBefore + 12);
      expect(await value("keyfree_db_query_duration_seconds", { database: "postgres", outcome: "ok" }, "_count")).toBe(queriesBefore + 12);
      expect(await value("keyfree_db_pool_waiting_clients", {})).toBe(0);
    });
  });
});

describe("notices", () => {
  const notice = { kind: "CHECKOUT_YOUR_TURN", facts: { property: "12 Orchard Road, Bristol BS1 1AA", link: "http://localhost:3000/checkout/o/c" } } as const;

  it("a notice waiting shows in the outbox's depth and oldest age, and once sent, in the sent count", async () => {
    const tenant = await t.quickTenant();
    await queueNotice(t.db, notice, [tenant.userId], t.clock.now());
    t.clock.advance(90_000);
    expect(await value("keyfree_outbox_messages", { channel: "email" })).toBeGreaterThanOrEqual(1);
    expect(await value("keyfree_outbox_oldest_age_seconds", { channel: "email" })).toBeGreaterThanOrEqual(90);
    const sentBefore = await value("keyfree_notices_sent_total", { channel: "email", provider: "custom" });
    const transport: MailTransport = { sendMail: async () => ({}) };
    const run = await deliverPendingEmails(deps, { transport, limit: 100 });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(await value("keyfree_notices_sent_total", { channel: "email", provider: "custom" })).toBe(sentBefore + run.sent);
    expect([await value("keyfree_outbox_messages", { channel: "email" }), await value("keyfree_outbox_oldest_age_seconds", { channel: "email" })]).toEqual([0, 0]);
  });

  it("a text the provider could not deliver (the stand-in's 07700 900990) counts as a delivery failure", async () => {
    const tenant = await t.quickTenant();
    await t.db.update(users).set({ mobileNumber: "07700900990" }).where(eq(users.id, tenant.userId));
    await queueNotice(t.db, notice, [tenant.userId], t.clock.now());
    const labels = { channel: "sms", provider: "stand-in" };
    const [sent, failed] = [await value("keyfree_notices_sent_total", labels), await value("keyfree_notice_send_failures_total", { ...labels, stage: "delivery" })];
    await runDueJobs({ ...deps, config: { ...deps.config, smtpUrl: undefined } });
    expect(await value("keyfree_notices_sent_total", labels)).toBe(sent + 1);
    expect(await value("keyfree_notice_send_failures_total", { ...labels, stage: "delivery" })).toBe(failed + 1);
  });
});

describe("card payments", () => {
  const sandbox = () => t.payments.sandbox!;
  /** A tenant at checkout's pay step, their payment made (its webhook held back for them). */
  async function paidWithWebhookHeld() {
    const { orderId, tenant, token } = await atKeyfreePayStep(t, "Metrics");
    const pay = await t.json("POST", `/orders/${orderId}/customers/${tenant.customerId}/pay`, {}, token);
    expect(pay.status).toBe(200);
    await sandbox().holdWebhooks(true, tenant.customerId);
    const pm = await t.payments.stripe.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
      billing_details: { name: "Jo Payer", address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
    });
    await t.payments.stripe.paymentIntents.confirm(pay.body.paymentIntentId as string, { payment_method: pm.id });
    return tenant;
  }
  const succeeded = () => value("keyfree_card_payments_total", { purpose: "order-action", result: "succeeded" });
  const applied = () => value("keyfree_webhook_events_total", { provider: "sandbox", outcome: "applied" });

  it("a webhook delivered late: the backlog grows, then drains; the payment is counted once it is applied", async () => {
    const [paymentsBefore, appliedBefore] = [await succeeded(), await applied()];
    const tenant = await paidWithWebhookHeld();
    expect(await value("keyfree_webhook_backlog_events", { provider: "sandbox" })).toBeGreaterThanOrEqual(1);
    expect(await succeeded()).toBe(paymentsBefore);
    await sandbox().releaseHeldWebhooks(tenant.customerId);
    await sandbox().whenWebhooksIdle();
    expect(await value("keyfree_webhook_backlog_events", { provider: "sandbox" })).toBe(0);
    expect(await value("keyfree_webhook_backlog_oldest_age_seconds", { provider: "sandbox" })).toBe(0);
    expect(await applied()).toBeGreaterThan(appliedBefore);
    expect(await succeeded()).toBe(paymentsBefore + 1);
  });

  it("reconciliation's finding (a success whose webhook never came) is counted by kind, and the payment once", async () => {
    const labels = { kind: "apply-succeeded", purpose: "order-action" };
    const [findingsBefore, paymentsBefore] = [await value("keyfree_reconciliation_findings_total", labels), await succeeded()];
    const tenant = await paidWithWebhookHeld();
    try {
      await reconcilePayments(deps);
    } finally {
      await sandbox().releaseHeldWebhooks(tenant.customerId);
      await sandbox().whenWebhooksIdle();
    }
    expect(await value("keyfree_reconciliation_findings_total", labels)).toBe(findingsBefore + 1);
    // The late webhook finds it applied: not counted again.
    expect(await succeeded()).toBe(paymentsBefore + 1);
  });
});

describe("the sweeper", () => {
  it("times every job of a run under its result's name, and counts a job that throws", async () => {
    const result = await runDueJobs({ ...deps, config: { ...deps.config, smtpUrl: undefined } });
    for (const job of Object.keys(result).filter((k) => k !== "now")) {
      expect(await value("keyfree_sweeper_job_duration_seconds", { job }, "_count"), job).toBeGreaterThanOrEqual(1);
    }
    const failing = { name: "failingJob", run: () => Promise.reject(new Error("the provider went away")) };
    await expect(runDueJobs({ ...deps, config: { ...deps.config, smtpUrl: undefined }, clockJobs: [failing] })).rejects.toThrow("the provider went away");
    expect(await value("keyfree_sweeper_job_failures_total", { job: "failingJob" })).toBe(1);
    expect(await value("keyfree_sweeper_job_failures_total", { job: "claims" })).toBe(0);
  });
});

describe("readiness", () => {
  it("keyfree_ready shows each part as the last /readyz check found it: 1 answering, 0 not", async () => {
    expect((await t.api.request("/readyz")).status).toBe(200);
    expect([await value("keyfree_ready", { part: "database" }), await value("keyfree_ready", { part: "storage" })]).toEqual([1, 1]);
    const broken: FileStore = {
      put: (key, body) => t.files.put(key, body),
      get: (key) => t.files.get(key),
      delete: (key) => t.files.delete(key),
      check: () => Promise.reject(new Error("disk gone")),
    };
    expect((await createApi({ db: t.db, config: t.config, clock: t.clock, files: broken, payments: t.payments }).request("/readyz")).status).toBe(503);
    expect([await value("keyfree_ready", { part: "database" }), await value("keyfree_ready", { part: "storage" })]).toEqual([1, 0]);
  });
});
