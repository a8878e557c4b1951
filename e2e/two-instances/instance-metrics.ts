/**
 * The chaos run's count of what each instance's /metrics says (issue 41, scope 5; decision 0072).
 * Each instance is scraped directly (not through nginx), with the METRICS_TOKEN the config gave
 * both. A counter lives as long as its process: an instance killed and started again starts from
 * 0. So figures are kept per PROCESS (the instance and its `process_start_time_seconds`): what a
 * process counted is its last scrape (the chaos run scrapes an instance just before it kills it)
 * less its first scrape before the load (0 for a process started during it).
 */
import { expect } from "@playwright/test";

export const METRICS_TOKEN = process.env.METRICS_TOKEN ?? "";

/** One scrape: the series wanted, by their labels, summed as `pick` says. */
export type Scrape = { process: string; values: Map<string, number> };

type Sample = { name: string; labels: Record<string, string>; value: number };

function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/**
 * Scrapes one instance: `pick` names each sample wanted (a key to sum it under) or skips it
 * (undefined). The process is the instance's name and its start time.
 */
export async function scrape(instance: { name: string; url: string }, pick: (s: Sample) => string | undefined): Promise<Scrape> {
  const res = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status, `${instance.name}'s /metrics`).toBe(200);
  const all = samples(await res.text());
  const start = all.find((s) => s.name === "process_start_time_seconds");
  expect(start, "process_start_time_seconds").toBeTruthy();
  const values = new Map<string, number>();
  for (const s of all) {
    const key = pick(s);
    if (key !== undefined) values.set(key, (values.get(key) ?? 0) + s.value);
  }
  return { process: `${instance.name}@${start!.value}`, values };
}

/**
 * What every process counted between `baseline` (its scrape before the load, if it was alive
 * then) and its LAST scrape in `scrapes` (in time order), summed over processes, by key.
 */
export function countedSince(baseline: Scrape[], scrapes: Scrape[]): Map<string, number> {
  const last = new Map<string, Scrape>();
  for (const s of scrapes) last.set(s.process, s);
  const total = new Map<string, number>();
  for (const [processId, end] of last) {
    const start = baseline.find((b) => b.process === processId);
    for (const [key, value] of end.values) total.set(key, (total.get(key) ?? 0) + value - (start?.values.get(key) ?? 0));
  }
  return total;
}
