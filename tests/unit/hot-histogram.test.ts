/**
 * The request and statement histograms keep their own store (HotHistogram, decision 0073): what
 * Prometheus reads from them, and what the cluster's primary sums, must be what prom-client's own
 * Histogram gives for the same observations.
 */
import { AggregatorRegistry, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { HotHistogram } from "../../server/lib/metrics";

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVATIONS: [Record<string, string>, number][] = [
  [{ server: "web", route: "/claims/:claimId" }, 0.0004],
  [{ server: "web", route: "/claims/:claimId" }, 0.001],
  [{ route: "/claims/:claimId", server: "web" }, 0.05],
  [{ server: "api", route: "/claims/:claimId" }, 3],
  [{ server: "web", route: "/" }, 0.2],
];

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const config = { name: "keyfree_test_seconds", help: "A test", labelNames: ["server", "route"] as const, buckets: BUCKETS };
  const hot = new HotHistogram({ ...config, registers: [ours] });
  const plain = new Histogram({ ...config, registers: [theirs] });
  for (const [labels, value] of OBSERVATIONS) {
    hot.observe(labels, value);
    plain.observe(labels, value);
  }
  return { ours, theirs, hot, plain };
}

const sortedLines = (text: string) => text.split("\n").map((line) => line.replace(/\{(.*)\}/, (_, inner: string) => `{${inner.split(",").sort().join(",")}}`)).sort();

describe("HotHistogram", () => {
  it("gives Prometheus the same lines as prom-client's Histogram", async () => {
    const { ours, theirs } = both();
    expect(sortedLines(await ours.metrics())).toEqual(sortedLines(await theirs.metrics()));
  });

  it("gives the same JSON, so the cluster's primary sums its workers alike", async () => {
    const { ours, theirs } = both();
    const byName = (values: { metricName?: string; labels: object; value: number }[]) =>
      values.map((v) => JSON.stringify([v.metricName, Object.entries(v.labels).sort(), v.value])).sort();
    const [a] = await ours.getMetricsAsJSON();
    const [b] = await theirs.getMetricsAsJSON();
    expect([a!.type, a!.aggregator]).toEqual([b!.type, b!.aggregator]);
    expect(byName(a!.values)).toEqual(byName(b!.values));
    const summed = AggregatorRegistry.aggregate([await ours.getMetricsAsJSON(), await ours.getMetricsAsJSON()]);
    expect(await summed.metrics()).toContain('keyfree_test_seconds_count{server="web",route="/claims/:claimId"} 6');
  });

  it("observes without labels, resets, and refuses a label it was not given or a value that is not a number", async () => {
    const registry = new Registry();
    const waits = new HotHistogram({ name: "keyfree_test_wait_seconds", help: "A test", labelNames: [] as const, buckets: BUCKETS, registers: [registry] });
    waits.observe(0.002);
    expect(await registry.metrics()).toContain("keyfree_test_wait_seconds_count 1");
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain("keyfree_test_wait_seconds_count");
    const { hot } = both();
    expect(() => hot.observe({ server: "web", route: "/", claimId: "x" } as never, 1)).toThrow(/not included/);
    expect(() => hot.observe({ server: "web", route: "/" }, Number.NaN)).toThrow(/not a valid number/);
  });
});
