/**
 * The operator's metrics (issue 41, decision 0070): one registry of prom-client metrics, the
 * `/metrics` answer (Prometheus' text format, behind METRICS_TOKEN) and, in cluster mode, the
 * workers' figures summed by the primary (prom-client's AggregatorRegistry rules).
 *
 * Every name is `keyfree_…` with its unit, every label a small fixed set: a route's PATTERN
 * (never its path), a status class, a job's name, a provider, a purpose. Never an id, an e-mail
 * address or anything a tenant typed. Per request the work is one histogram observation (no
 * query); figures read from the database (the outbox, the webhook backlog) are read once per
 * scrape by the collectors a runtime registers (collectAtScrape).
 */
import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Aggregator, type HistogramConfiguration, type LabelValues } from "prom-client";

export const registry = new Registry();
// The process's own: CPU, memory, event loop lag, garbage collection, open handles.
collectDefaultMetrics({ register: registry });

const registers = [registry];
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter({ name, help, labelNames, registers });

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

type Series = { labels: Record<string, string | number>; counts: Float64Array; sum: number; count: number };

/**
 * A histogram observed on every request and every database statement (issue 41: "less than 5 %"
 * on the bench, decision 0073): prom-client's Histogram as the registry and the cluster's
 * aggregation see it (the same names, types and values), with its own store. An observation
 * finds its series by the label values in the declared order and counts into a typed array;
 * prom-client's own check and hash of the labels, and its bucket object keyed by the bound's
 * text, were the larger part of the metrics' cost on a claim page. An unknown label name is
 * refused. Only `observe` is for it (not startTimer, labels or zero).
 */
export class HotHistogram<L extends string> extends Histogram<L> {
  // Declared, not initialised: prom-client's constructor calls reset(), which makes them.
  declare private series: Map<string, Series>;
  declare private bounds: readonly number[];
  declare private names: readonly L[];
  declare private described: { name: string; help: string; type: "histogram"; aggregator: Aggregator };

  constructor(config: HistogramConfiguration<L> & { buckets: number[] }) {
    super(config);
    this.bounds = [...config.buckets];
    this.names = [...(config.labelNames ?? [])];
    this.described = { name: config.name, help: config.help, type: "histogram", aggregator: config.aggregator ?? "sum" };
    // prom-client sets `observe` on the instance in its constructor: this one replaces it.
    this.observe = ((labels: LabelValues<L> | number, value?: number) =>
      typeof labels === "number" ? this.add({}, labels) : this.add(labels, value ?? 0)) as Histogram<L>["observe"];
  }

  private add(labels: LabelValues<L>, value: number) {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    let key = "";
    for (const name of this.names) key += `${labels[name] ?? ""}\u0000`;
    let series = this.series.get(key);
    // A label not declared is refused (as prom-client does): checked when a series is made, and
    // when a known series is given more labels than declared.
    if (!series || Object.keys(labels).length > this.names.length) {
      for (const name of Object.keys(labels)) {
        if (!this.names.includes(name as L)) throw new Error(`Added label "${name}" is not included in initial labelset: [${this.names.join(", ")}]`);
      }
    }
    if (!series) {
      series = { labels: { ...(labels as Record<string, string | number>) }, counts: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    series.sum += value;
    series.count += 1;
    const { bounds } = this;
    const { counts } = series;
    for (let i = 0; i < bounds.length; i += 1) {
      if (value <= bounds[i]!) {
        counts[i]! += 1;
        break;
      }
    }
  }

  override reset() {
    this.series = new Map();
  }

  /** The values as prom-client's Histogram gives them: cumulative buckets, +Inf, _sum and _count, per series. */
  private values(splay: boolean) {
    const values: { labels: Record<string, string | number>; sharedLabels?: Record<string, string | number>; value: number; metricName: string }[] = [];
    const withLabels = (own: Record<string, string | number>, series: Series) =>
      splay ? { labels: { ...series.labels, ...own } } : { labels: own, sharedLabels: series.labels };
    for (const series of this.series.values()) {
      let total = 0;
      this.bounds.forEach((bound, i) => {
        total += series.counts[i]!;
        values.push({ ...withLabels({ le: bound }, series), value: total, metricName: `${this.described.name}_bucket` });
      });
      values.push({ ...withLabels({ le: "+Inf" }, series), value: series.count, metricName: `${this.described.name}_bucket` });
      values.push({ ...withLabels({}, series), value: series.sum, metricName: `${this.described.name}_sum` });
      values.push({ ...withLabels({}, series), value: series.count, metricName: `${this.described.name}_count` });
    }
    return values;
  }

  override async get() {
    return { ...this.described, values: this.values(true) } as unknown as Awaited<ReturnType<Histogram<L>["get"]>>;
  }

  async getForPromString() {
    return { ...this.described, values: this.values(false) };
  }
}

export const httpRequestDuration = new HotHistogram({
  name: "keyfree_http_request_duration_seconds",
  help: "Requests answered, by server (web or api), method, route pattern and status class (499 counts as 4xx), in seconds",
  labelNames: ["server", "method", "route", "status_class"] as const,
  buckets: SECONDS_BUCKETS,
  registers,
});

export const dbQueryDuration = new HotHistogram({
  name: "keyfree_db_query_duration_seconds",
  help: "Database statements (BEGIN and COMMIT included), by database kind and outcome, in seconds",
  labelNames: ["database", "outcome"] as const,
  buckets: QUERY_BUCKETS,
  registers,
});

export const dbPoolWait = new HotHistogram({
  name: "keyfree_db_pool_wait_seconds",
  help: "Time a query or transaction waited for a PostgreSQL pool connection, in seconds",
  labelNames: [] as const,
  buckets: QUERY_BUCKETS,
  registers,
});

/** The PostgreSQL pools of this process (pg's Pool): read at scrape time. */
type PoolFigures = { waitingCount: number; totalCount: number; idleCount: number };
const pools = new Set<PoolFigures>();
export function watchPool(pool: PoolFigures): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}
const sumOf = (read: (p: PoolFigures) => number) => [...pools].reduce((n, p) => n + read(p), 0);
new Gauge({
  name: "keyfree_db_pool_waiting_clients",
  help: "Queries and transactions waiting now for a PostgreSQL pool connection",
  registers,
  collect() {
    this.set(sumOf((p) => p.waitingCount));
  },
});
new Gauge({
  name: "keyfree_db_pool_connections",
  help: "PostgreSQL pool connections now, by state (idle or in use)",
  labelNames: ["state"] as const,
  registers,
  collect() {
    const idle = sumOf((p) => p.idleCount);
    this.set({ state: "idle" }, idle);
    this.set({ state: "in_use" }, sumOf((p) => p.totalCount) - idle);
  },
});

// Figures of the whole database, the same whichever instance reads them: kept by the one that
// runs the clock's jobs, and the largest taken when workers are summed ("max").
const databaseGauge = <L extends string>(name: string, help: string, label: L) =>
  new Gauge({ name, help, labelNames: [label] as const, aggregator: "max", registers });
export const outboxMessages = databaseGauge("keyfree_outbox_messages", "Notices waiting to be sent (unsent, still to be tried), by channel (email, sms)", "channel");
export const outboxOldestAge = databaseGauge("keyfree_outbox_oldest_age_seconds", "Age of the oldest notice waiting to be sent, by channel; 0 when none waits", "channel");
export const outboxGivenUp = databaseGauge("keyfree_outbox_given_up_messages", "Notices never sent: tried the most times allowed, by channel", "channel");
export const noticesSent = counter("keyfree_notices_sent_total", "Notices a provider accepted, by channel and provider", ["channel", "provider"]);
export const noticeSendFailures = counter("keyfree_notice_send_failures_total", "Notices that failed, by channel, provider and stage (send: the provider refused or could not be reached; delivery: its receipt says not delivered)", ["channel", "provider", "stage"]);

export const webhookEvents = counter("keyfree_webhook_events_total", "Card provider webhooks received, by provider (stripe, sandbox) and outcome (applied, duplicate, refused, failed, unavailable)", ["provider", "outcome"]);
export const webhookBacklog = databaseGauge(
  "keyfree_webhook_backlog_events",
  "Card provider events made and not yet delivered to us (the offline sandbox's queue; Stripe keeps its own)",
  "provider",
);
export const webhookBacklogOldestAge = databaseGauge("keyfree_webhook_backlog_oldest_age_seconds", "Age of the oldest undelivered card provider event; 0 when none waits", "provider");

export const reconciliationFindings = counter("keyfree_reconciliation_findings_total", "What reconciliation found of open card payments, by kind (apply-succeeded: a lost webhook; unknown-at-provider; error...) and purpose", ["kind", "purpose"]);

export const cardPayments = counter("keyfree_card_payments_total", "Card payments applied, by purpose and result (succeeded, failed): each success once, each failed attempt once", ["purpose", "result"]);

export const sweeperJobDuration = new Histogram({
  name: "keyfree_sweeper_job_duration_seconds",
  help: "Each clock job's run, by job, in seconds (failed runs included)",
  labelNames: ["job"] as const,
  buckets: JOB_BUCKETS,
  registers,
});
export const sweeperJobFailures = counter("keyfree_sweeper_job_failures_total", "Clock job runs that threw, by job", ["job"]);

// Readiness as the last /readyz check found it (server/lib/health.ts): 1 ready, 0 not, per part
// (database, storage). A balancer asks every few seconds; the alert keyfree_not_ready reads it.
// Labelled, so nothing shows before a first check; in a cluster the lowest worker's ("min").
export const readiness = new Gauge({
  name: "keyfree_ready",
  help: "Whether the last readiness check (/readyz) found each part answering (1) or not (0), by part (database, storage)",
  labelNames: ["part"] as const,
  aggregator: "min",
  registers,
});

/** Runs one clock job, timing it and counting it when it throws (the error goes on to the caller). */
export async function measureJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  // The job's failures series from 0 at its first run: Prometheus' increase() then counts its first failure too.
  sweeperJobFailures.inc({ job }, 0);
  const end = sweeperJobDuration.startTimer({ job });
  try {
    return await run();
  } catch (error) {
    sweeperJobFailures.inc({ job });
    throw error;
  } finally {
    end();
  }
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One request answered: `route` is a pattern (/claims/:claimId), never the path. */
export function observeRequest(server: "web" | "api", method: string, route: string, status: number, milliseconds: number) {
  const statusClass = status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
  httpRequestDuration.observe({ server, method: METHODS.has(method) ? method : "other", route, status_class: statusClass }, milliseconds / 1000);
}

/** Reads figures at scrape time (one cheap query each): a runtime registers its database's. */
type ScrapeCollector = () => Promise<void>;
const collectors = new Set<ScrapeCollector>();
export function collectAtScrape(collector: ScrapeCollector): () => void {
  collectors.add(collector);
  return () => collectors.delete(collector);
}
async function runCollectors() {
  // A collector that fails (the database away) leaves its gauges as last read: the scrape still answers.
  await Promise.all([...collectors].map((collect) => collect().catch(() => undefined)));
}

/** This process's figures, in Prometheus' text format. */
export async function metricsText(): Promise<string> {
  await runCollectors();
  return registry.metrics();
}

// Cluster mode: a worker that gets /metrics asks the primary, which asks every worker for its
// figures, adds its own (the clock's jobs and the database's figures are the primary's) and
// sums them (AggregatorRegistry.aggregate: counters and histograms summed, gauges as each says).
const WANT = "keyfree:metrics:want";
const COLLECT = "keyfree:metrics:collect";
const COLLECTED = "keyfree:metrics:collected";
const ANSWER = "keyfree:metrics:answer";
type Message = { type?: string; id?: number; metrics?: object[]; text?: string };
const WORKER_TIMEOUT_MS = 3_000;

/** In a worker: answers the primary's requests for this worker's figures. */
export function shareMetricsWithPrimary() {
  process.on("message", (message: Message) => {
    if (message?.type !== COLLECT) return;
    void runCollectors()
      .then(() => registry.getMetricsAsJSON())
      .then((metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }));
  });
}

/** In the primary: answers a worker's /metrics with every worker's figures and its own, summed. */
export function answerWorkersForMetrics() {
  let next = 0;
  const gathering = new Map<number, (metrics: object[]) => void>();
  cluster.on("message", (worker, message: Message) => {
    if (message?.type === COLLECTED) gathering.get(message.id ?? -1)?.(message.metrics ?? []);
    if (message?.type !== WANT) return;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w?.isConnected());
    const replies = workers.map(
      (w) =>
        new Promise<object[]>((resolve) => {
          const id = next++;
          const done = (metrics: object[]) => {
            clearTimeout(timer);
            gathering.delete(id);
            resolve(metrics);
          };
          // A worker that does not answer in time (stuck, exiting) is left out of this scrape.
          const timer = setTimeout(() => done([]), WORKER_TIMEOUT_MS);
          gathering.set(id, done);
          w!.send({ type: COLLECT, id });
        }),
    );
    void (async () => {
      await runCollectors();
      const all = [await registry.getMetricsAsJSON(), ...(await Promise.all(replies))];
      return AggregatorRegistry.aggregate(all).metrics();
    })()
      .catch(() => "")
      .then((text) => worker.send({ type: ANSWER, id: message.id, text }));
  });
}

/** In a worker: the cluster's figures, asked of the primary (null when it does not answer in time). */
function clusterMetricsText(): Promise<string | null> {
  const id = Math.random();
  return new Promise((resolve) => {
    const listener = (message: Message) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      finish(message.text ?? null);
    };
    const finish = (text: string | null) => {
      clearTimeout(timer);
      process.off("message", listener);
      resolve(text);
    };
    const timer = setTimeout(() => finish(null), WORKER_TIMEOUT_MS + 2_000);
    process.on("message", listener);
    process.send?.({ type: WANT, id });
  });
}

/**
 * METRICS_TOKEN: unset (or empty), /metrics is off (404); set, at least 16 characters, else
 * the server does not start (a short token could be guessed).
 */
export function readMetricsToken(env: Record<string, string | undefined> = process.env): string | undefined {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < 16) throw new Error("METRICS_TOKEN must be at least 16 characters (or unset, which turns /metrics off)");
  return token;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The /metrics answer: 404 without a token configured; 401 without `Authorization: Bearer …`;
 * 403 with another token (compared in constant time); else the figures, this process's or, in a
 * cluster's worker, the whole cluster's.
 */
export function metricsHandler(options: { token: string | undefined; clustered?: boolean }) {
  const expected = options.token === undefined ? undefined : digest(options.token);
  const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
    new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers } });
  return async (request: Request): Promise<Response> => {
    if (!expected) return plain(404, "Not found");
    const [scheme, given] = (request.headers.get("authorization") ?? "").split(" ", 2);
    if (scheme?.toLowerCase() !== "bearer" || !given) return plain(401, "Unauthorized", { "www-authenticate": 'Bearer realm="metrics"' });
    if (!timingSafeEqual(digest(given), expected)) return plain(403, "Forbidden");
    const text = options.clustered && cluster.isWorker ? await clusterMetricsText() : await metricsText();
    if (text === null) return plain(503, "The cluster's figures did not arrive in time");
    return plain(200, text, { "content-type": registry.contentType });
  };
}
