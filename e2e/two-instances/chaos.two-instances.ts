import { readFileSync } from "node:fs";
import path from "node:path";
import { CHECKOUT_ACTION_TYPES } from "../../server/domain/statuses";
import { payByCard, TenantBrowser } from "../../tests/crash/harness";
import { DEMO_PASSWORD, expect, test, uniqueCard, uniqueStamp } from "../fixtures";
import { accessLogMark, deploymentState, feeRecord, feeRuleBreaks, nginxReached, query, tenantWithClaim, type Ops } from "./deployment";
import { countedSince, scrape, type Scrape } from "./instance-metrics";

/**
 * The chaos run (issue 25, scope 4): a minute of load through nginx, signed-in tenants viewing
 * pages, uploading evidence and paying the Keyfree fee by card, while each instance in turn is
 * killed with SIGKILL (scripts/two-instances.ts starts it again after a few seconds, as a
 * service manager would). Then:
 * - no page view failed: nginx passes a GET that an instance did not answer to the other;
 * - no lost writes: every upload the tenant saw accepted (201) is in the database and downloads
 *   whole; an upload that failed at the kill is either all there (row and file) or not at all;
 * - the money rules hold for every payment started: nothing charged twice, every charge recorded
 *   once (its webhook received, the pay action completed by that payment), nothing recorded
 *   without a charge; and every payment_intent.succeeded event the sandbox made was received.
 * - the metrics add up (issue 41, scope 5): each instance's /metrics, scraped directly before the
 *   load, just before it is killed and after the load, counts the page views the load made (the
 *   page routes below, 2xx), less at most the views of a killed process after its last scrape;
 *   and after settling, every payment taken is in keyfree_card_payments_total (decision 0072).
 * A summary (requests, failures by kind, kills) is printed.
 */

const LOAD_MS = Number(process.env.CHAOS_LOAD_MS ?? 60_000);
/** When each instance is killed, from the start of the load. */
const KILL_AT_MS = [0.2, 0.55].map((f) => Math.round(f * LOAD_MS));
const READERS = 4;
const WRITERS = 2;
const PAYERS = 2;
/** Uploads per writing tenant: under the per-tenant hourly limit (30) and the per-item one (20 files). */
const UPLOADS_PER_TENANT = 15;
const WRITE_TENANTS_PER_WRITER = 8;
const PAY_TENANTS = 60;
const BEFORE_PAY = CHECKOUT_ACTION_TYPES.filter((type) => type !== "KEYFREE_PAY");
const PDF = readFileSync(path.resolve("e2e/files/passport.pdf"));
/** The page routes the load views, as the web server's metrics name them (server/lib/route-patterns.ts). */
const PAGE_ROUTES: [RegExp, string][] = [
  [/^\/$/, "/"],
  [/^\/claims\/[^/]+$/, "/claims/:claimId"],
  [/^\/claims\/[^/]+\/items\/[^/]+\/evidence$/, "/claims/:claimId/items/:claimItemId/evidence"],
];
const pageRoute = (pathname: string) => PAGE_ROUTES.find(([re]) => re.test(pathname))?.[1];
/** From a scrape: the page views answered 2xx by route (`view <route>`), and the card payments that succeeded (`paid`). */
const pick = (s: { name: string; labels: Record<string, string> }) => {
  const l = s.labels;
  if (s.name === "keyfree_http_request_duration_seconds_count" && l.server === "web" && l.method === "GET" && l.status_class === "2xx") {
    return PAGE_ROUTES.some(([, route]) => route === l.route) ? `view ${l.route}` : undefined;
  }
  if (s.name === "keyfree_card_payments_total" && l.result === "succeeded") return "paid";
  return undefined;
};


/** Counts of what happened, by kind. */
class Tally {
  readonly counts = new Map<string, number>();
  readonly examples = new Map<string, string>();
  add(kind: string, example?: string) {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (example && !this.examples.has(kind)) this.examples.set(kind, example);
  }
  get(kind: string) {
    return this.counts.get(kind) ?? 0;
  }
  failures(prefix: string) {
    return [...this.counts].filter(([k]) => k.startsWith(prefix)).map(([k, n]) => `${k}: ${n}${this.examples.has(k) ? ` (e.g. ${this.examples.get(k)})` : ""}`);
  }
}

function describe(error: unknown) {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  return `${e.message}${e.cause ? ` (${e.cause.code ?? e.cause.message})` : ""}`;
}

function claimTenant(ops: Ops, what: string) {
  return tenantWithClaim(ops, `chaos-${what}`, uniqueStamp());
}

async function payTenant(ops: Ops) {
  const email = `chaos-pay-${uniqueStamp()}@example.test`;
  const created = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Penny", lastName: "Chaos" }],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [BEFORE_PAY],
  })) as { orderId: string; tenants: { customerId: string; actionIds: Record<string, string> }[] };
  const t = created.tenants[0]!;
  return { email, orderId: created.orderId, customerId: t.customerId, actionId: t.actionIds.KEYFREE_PAY! };
}

/** Settles `promises` with at most `limit` running at once. */
async function inBatches<T>(count: number, limit: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += limit) out.push(...(await Promise.all(Array.from({ length: Math.min(limit, count - i) }, (_, j) => make(i + j)))));
  return out;
}

test("a minute of load through nginx while each instance is killed (SIGKILL) and started again", async ({ ops, baseURL }) => {
  test.setTimeout(LOAD_MS + 240_000);
  const nginx = { baseUrl: baseURL! };
  const started = Date.now();

  // ── Tenants, signed in through nginx (the password form) before the load ──
  const readers = await inBatches(READERS, 4, async () => {
    const t = await claimTenant(ops, "read");
    const browser = new TenantBrowser(nginx, t.email, DEMO_PASSWORD);
    await browser.signIn();
    return { ...t, browser };
  });
  const writers = await inBatches(WRITERS * WRITE_TENANTS_PER_WRITER, 4, async () => {
    const t = await claimTenant(ops, "write");
    const browser = new TenantBrowser(nginx, t.email, DEMO_PASSWORD);
    await browser.signIn();
    return { ...t, browser };
  });
  const payers = await inBatches(PAY_TENANTS, 4, () => payTenant(ops));
  const setupMs = Date.now() - started;

  const pages = new Tally();
  const writes = new Tally();
  const payments = new Tally();
  /** Each upload: its tenant, the file's unique name, and whether the tenant saw it accepted. */
  const uploads: { email: string; name: string; acknowledged: boolean }[] = [];
  const paymentsStarted: typeof payers = [];
  const kills: string[] = [];
  // ── The metrics before the load, and every GET page the load's requests were answered 2xx (through nginx) ──
  const scrapeAll = () => Promise.all(deploymentState().instances.map((i) => scrape(i, pick)));
  const before = await scrapeAll();
  const lastScrapes: Scrape[] = [];
  const sent = new Map<string, number>();
  const realFetch = globalThis.fetch;
  const nginxOrigin = new URL(nginx.baseUrl).origin;
  globalThis.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    // The answer's own address: a followed redirect (the dashboard sends a tenant with a claim to it) is counted where it landed.
    const url = new URL(res.url || (input instanceof Request ? input.url : String(input)));
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const route = url.origin === nginxOrigin && method === "GET" && res.status >= 200 && res.status < 300 ? pageRoute(url.pathname) : undefined;
    if (route) sent.set(`view ${route}`, (sent.get(`view ${route}`) ?? 0) + 1);
    return res;
  };
  const loadStart = Date.now();
  const loadEnds = loadStart + LOAD_MS;
  let chaosDone = false;

  /**
   * A page view, as a browser makes it: a failure is an answer other than 200 (or a signed-out
   * page), or none at all; nginx passes a GET the instance did not answer to the other, so there
   * must be none. An answer cut off mid-page (the instance killed after nginx had passed its first
   * bytes on) is counted apart: no one can retry what the browser has started to receive.
   */
  async function view(browser: TenantBrowser, pathname: string, kind: string) {
    let res: Response;
    try {
      res = await fetch(new URL(pathname, nginx.baseUrl), { headers: { cookie: browser.cookieHeader(), accept: "text/html" } });
    } catch (error) {
      pages.add(`failed ${kind}: no answer`, `${pathname}: ${describe(error)}`);
      return;
    }
    let html: string;
    try {
      html = await res.text();
    } catch (error) {
      pages.add(`cut ${kind}: the answer stopped mid-page`, `${pathname}: ${describe(error)}`);
      return;
    }
    if (res.status !== 200) pages.add(`failed ${kind}: ${res.status}`, `${pathname} → ${res.url}`);
    else if (!html.includes(">Logout<")) pages.add(`failed ${kind}: signed out`, pathname);
    else pages.add(`ok ${kind}`);
  }

  const reader = async (r: (typeof readers)[number]) => {
    while (Date.now() < loadEnds || !chaosDone) {
      await view(r.browser, "/", "dashboard");
      await view(r.browser, `/claims/${r.claimId}`, "claim page");
    }
  };

  const writer = async (index: number) => {
    const mine = writers.slice(index * WRITE_TENANTS_PER_WRITER, (index + 1) * WRITE_TENANTS_PER_WRITER);
    let n = 0;
    for (const w of mine) {
      for (let i = 0; i < UPLOADS_PER_TENANT; i += 1) {
        if (Date.now() >= loadEnds && chaosDone) return;
        n += 1;
        const name = `chaos-${index}-${n}-${Date.now().toString(36)}.pdf`;
        const form = new FormData();
        form.append("file", new Blob([PDF], { type: "application/pdf" }), name);
        let acknowledged = false;
        try {
          const res = await w.browser.postMultipart(`/claims/${w.claimId}/items/${w.itemId}/documents`, form);
          const body = await res.text();
          acknowledged = res.status === 201;
          writes.add(acknowledged ? "ok upload" : `failed upload: ${res.status}`, body.slice(0, 120));
        } catch (error) {
          writes.add("failed upload: no answer", describe(error));
        }
        uploads.push({ email: w.email, name, acknowledged });
        // A read between writes, as a tenant looks at the page again.
        await view(w.browser, `/claims/${w.claimId}/items/${w.itemId}/evidence`, "evidence page");
      }
    }
  };

  const payer = async () => {
    while ((Date.now() < loadEnds || !chaosDone) && payers.length > 0) {
      const p = payers.shift()!;
      paymentsStarted.push(p);
      try {
        const browser = new TenantBrowser(nginx, p.email, DEMO_PASSWORD);
        await browser.signIn();
        await browser.page(`/checkout/${p.orderId}/${p.customerId}/pay`);
        const payment = await payByCard(browser, { ...p, paymentType: "KEYFREE", cardNumber: uniqueCard(), name: "Penny Chaos" });
        payments.add(payment.confirmed ? "ok payment" : "failed payment: confirm unanswered");
      } catch (error) {
        payments.add("failed payment: a step refused or unanswered", describe(error));
      }
    }
  };

  /** Kills each instance in turn (SIGKILL, by the pid the script recorded) and waits for the script to start it again. */
  const chaos = async () => {
    for (const [i, at] of KILL_AT_MS.entries()) {
      const wait = loadStart + at - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const before = deploymentState().instances[i]!;
      // Its counters die with it: its figures just before (what it answers after this is not counted).
      lastScrapes.push(await scrape(before, pick));
      process.kill(before.pid!, "SIGKILL");
      const killedAt = Date.now();
      await expect
        .poll(
          async () => {
            const now = deploymentState().instances[i]!;
            if (now.starts === before.starts || !now.pid) return "not started again";
            const ready = await fetch(`${now.url}/readyz`).then((r) => r.status).catch(() => 0);
            return ready === 200 ? "back" : `readyz ${ready}`;
          },
          { timeout: 90_000, intervals: [200] },
        )
        .toBe("back");
      // Back in nginx's rotation too (it tries a failed server again after fail_timeout): only
      // then is the other killed, so one instance is always there to answer.
      const mark = accessLogMark();
      await expect.poll(() => nginxReached(before.port, mark), { timeout: 30_000, intervals: [200] }).toBe(true);
      kills.push(`${before.name} (pid ${before.pid}) killed at ${Math.round((killedAt - loadStart) / 1000)} s, back after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
    }
    chaosDone = true;
  };

  await Promise.all([
    chaos().finally(() => (chaosDone = true)),
    ...readers.map(reader),
    ...Array.from({ length: WRITERS }, (_, i) => writer(i)),
    ...Array.from({ length: PAYERS }, payer),
  ]);
  const loadMs = Date.now() - loadStart;
  globalThis.fetch = realFetch;
  const afterLoad = await scrapeAll();

  // ── Settle: payments whose webhook the killed instance had leased, reconciled now ──
  const settleStart = Date.now();
  await ops("reconcile-payments", {});
  await expect
    .poll(
      async () =>
        (
          await query<{ n: number }>(
            "select count(*)::int as n from stripe_sandbox_webhook_deliveries where delivered_at is null and given_up_at is null",
          )
        )[0]!.n,
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(0);
  const settleMs = Date.now() - settleStart;
  const settled = await scrapeAll();

  // ── The money rules ──
  const moneyBreaks: string[] = [];
  let charged = 0;
  for (const p of paymentsStarted) {
    const record = await feeRecord(p.email, p.actionId);
    charged += record.charges.length;
    for (const broken of feeRuleBreaks(record)) moneyBreaks.push(`${p.email}: ${broken}`);
  }
  const [unreceived] = await query<{ n: number }>(
    `select count(*)::int as n from stripe_sandbox_objects o
      where o.type = 'event' and o.data->'object'->>'type' = 'payment_intent.succeeded'
        and not exists (select 1 from stripe_events e where e.id = o.id)`,
  );
  if (unreceived!.n > 0) moneyBreaks.push(`${unreceived!.n} payment_intent.succeeded event(s) never received`);

  // ── No lost writes; a failed write all there or not at all ──
  const emails = [...new Set(uploads.map((u) => u.email))];
  const stored = await query<{ id: string; name: string; size: number; email: string }>(
    `select d.id, d.name, d.size, u.email from documents d join users u on u.id = d.uploaded_by_user_id where u.email = any($1::text[])`,
    [emails],
  );
  const byName = new Map(stored.map((d) => [d.name, d]));
  const writeBreaks: string[] = [];
  const tried = new Set(uploads.map((u) => u.name));
  for (const u of uploads) if (u.acknowledged && !byName.has(u.name)) writeBreaks.push(`lost: ${u.name} was accepted but is not in the database`);
  for (const d of stored) if (!tried.has(d.name)) writeBreaks.push(`a document nobody uploaded: ${d.name}`);
  const failedButStored = uploads.filter((u) => !u.acknowledged && byName.has(u.name)).length;
  // Every stored document is whole: its file is there, the bytes uploaded, from either instance.
  const owner = new Map(writers.map((w) => [w.email, w.browser]));
  const instances = deploymentState().instances;
  for (const [i, d] of stored.entries()) {
    const browser = owner.get(d.email)!;
    const url = new URL(`/documents/${d.id}`, instances[i % instances.length]!.url);
    const res = await fetch(url, { headers: { cookie: browser.cookieHeader() } });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || !bytes.equals(PDF)) writeBreaks.push(`${d.name}: ${res.status}, ${bytes.length} bytes from ${url.host} (uploaded ${PDF.length})`);
  }

  // ── The metrics add up: page views (until the load ended), payments (once settled) ──
  const views = countedSince(before, [...lastScrapes, ...afterLoad]);
  const paidCounted = countedSince(before, [...lastScrapes, ...settled]).get("paid") ?? 0;
  const viewLines = PAGE_ROUTES.map(([, route]) => `${route} ${views.get(`view ${route}`) ?? 0} of ${sent.get(`view ${route}`) ?? 0}`);
  const sentTotal = [...sent.values()].reduce((a, b) => a + b, 0);
  const countedTotal = PAGE_ROUTES.reduce((n, [, route]) => n + (views.get(`view ${route}`) ?? 0), 0);

  const total = (t: Tally) => [...t.counts.values()].reduce((a, b) => a + b, 0);
  const summary = [
    `chaos run: setup ${(setupMs / 1000).toFixed(1)} s, load ${(loadMs / 1000).toFixed(1)} s, settling ${(settleMs / 1000).toFixed(1)} s`,
    `kills: ${kills.join("; ") || "none"}`,
    `page views: ${total(pages)} (${pages.failures("failed").join(", ") || "none failed"}; ${pages.failures("cut").join(", ") || "none cut off"})`,
    `uploads: ${total(writes)} (${writes.get("ok upload")} accepted; ${writes.failures("failed").join(", ") || "none failed"}; ${failedButStored} of the failed are stored whole)`,
    `payments: ${paymentsStarted.length} started, ${payments.get("ok payment")} confirmed, ${charged} charged (${payments.failures("failed").join(", ") || "none failed"})`,
    `money rules: ${moneyBreaks.length === 0 ? "hold" : moneyBreaks.join("; ")}`,
    `metrics: page views counted of those answered ${viewLines.join(", ")}; card payments counted ${paidCounted} of ${charged} charged`,
    `writes: ${writeBreaks.length === 0 ? "none lost, none half-stored" : writeBreaks.slice(0, 10).join("; ")}`,
  ];
  process.stdout.write(`\n${summary.join("\n")}\n\n`);
  test.info().annotations.push({ type: "chaos summary", description: summary.join("\n") });

  expect(kills, "each instance killed and started again").toHaveLength(KILL_AT_MS.length);
  expect(pages.failures("failed"), "failed page views (nginx retries a GET on the other instance)").toEqual([]);
  // At most the views in flight on the instance as it was killed (each loop has one request out at a time).
  const cut = [...pages.counts].filter(([k]) => k.startsWith("cut")).reduce((n, [, c]) => n + c, 0);
  expect(cut, "page views cut off mid-page").toBeLessThanOrEqual((READERS + WRITERS) * KILL_AT_MS.length);
  expect(pages.get("ok dashboard") + pages.get("ok claim page"), "page views").toBeGreaterThan(100);
  expect(writes.get("ok upload"), "uploads accepted").toBeGreaterThan(20);
  expect(charged, "card payments taken").toBeGreaterThan(3);
  expect(writeBreaks).toEqual([]);
  expect(moneyBreaks).toEqual([]);
  // Each loop has one request out at a time: a killed process may have answered, after its last
  // scrape, at most one view per loop and one cut off per loop; nothing is counted that was not sent.
  expect(sentTotal, "page views answered").toBeGreaterThan(100);
  for (const [, route] of PAGE_ROUTES) {
    expect(views.get(`view ${route}`) ?? 0, `${route}: views counted by the instances' metrics`).toBeLessThanOrEqual(sent.get(`view ${route}`) ?? 0);
  }
  expect(sentTotal - countedTotal, "views a killed process answered after its last scrape").toBeLessThanOrEqual(2 * (READERS + WRITERS + PAYERS) * KILL_AT_MS.length);
  expect(paidCounted, "every card payment taken is in keyfree_card_payments_total").toBe(charged);
});
