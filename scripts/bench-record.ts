/**
 * `npm run bench`'s claim record part (issue 39): the record page of the demo claim with the most
 * files (the demo tenants with a claim are each asked; the one whose record lists the most SHA-256
 * fingerprints is measured), and its PDF — the first download, which draws it and keeps it
 * (time, size, and the server's resident memory at its peak over what it was just before), then
 * a download of the kept file.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The demo tenants who have a claim (stand-ins/scenarios/demo.ts). */
const WITH_A_CLAIM = ["claim", "final", "dispute", "arbitration", "expired"].map((name) => `${name}@keyfree.example`);

/** Where a page's HTML links a claim record; else a Keyfree page to look on. */
const RECORD_LINK = /\/claims\/([0-9a-f-]{36})\/record"/;
const KEYFREE_LINK = /href="(\/keyfrees\/[0-9a-f-]{36})"/;

export type RecordPage = { tenant: string; cookie: string; path: string; files: number };

/** The record with the most files among the demo tenants' claims. */
export async function recordWithMostFiles(base: string, signIn: (email: string) => Promise<string>): Promise<RecordPage> {
  let best: RecordPage | null = null;
  for (const tenant of WITH_A_CLAIM) {
    const cookie = await signIn(tenant);
    let html = await (await fetch(`${base}/`, { headers: { cookie } })).text();
    if (!RECORD_LINK.test(html) && KEYFREE_LINK.test(html)) html = await (await fetch(base + KEYFREE_LINK.exec(html)![1], { headers: { cookie } })).text();
    const claimId = RECORD_LINK.exec(html)?.[1];
    if (!claimId) continue;
    const path = `/claims/${claimId}/record`;
    const record = await (await fetch(base + path, { headers: { cookie } })).text();
    const files = (record.match(/>[0-9a-f]{64}</g) ?? []).length;
    if (!best || files > best.files) best = { tenant, cookie, path, files };
  }
  if (!best) throw new Error("no demo tenant's record was found");
  return best;
}

/** The resident memory (kB) of the server's process group: the primary and any workers. */
function serverRssKb(server: ChildProcess): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== server.pid) continue;
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export type PdfFigures = { coldMs: number; warmMs: number; bytes: number; rssBeforeMb: number; rssPeakOverMb: number };

/** The PDF's first (drawn and kept) and second (the kept file) downloads, with the server's memory over the first. */
export async function recordPdfFigures(base: string, page: RecordPage, server: ChildProcess): Promise<PdfFigures> {
  const url = `${base}${page.path}.pdf`;
  const before = serverRssKb(server);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssKb(server))), 5);
  const started = performance.now();
  const cold = await fetch(url, { headers: { cookie: page.cookie } });
  const bytes = (await cold.arrayBuffer()).byteLength;
  const coldMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, serverRssKb(server));
  if (cold.status !== 200) throw new Error(`the record's PDF answered ${cold.status}`);
  const again = performance.now();
  await (await fetch(url, { headers: { cookie: page.cookie } })).arrayBuffer();
  return { coldMs, warmMs: performance.now() - again, bytes, rssBeforeMb: before / 1024, rssPeakOverMb: (peak - before) / 1024 };
}

export function printPdfFigures(page: RecordPage, f: PdfFigures) {
  process.stdout.write(
    `\nclaim record PDF (${page.tenant}'s claim, ${page.files} files): first download ${f.coldMs.toFixed(0)} ms (drawn and kept, ${(f.bytes / 1024).toFixed(1)} KB), ` +
      `again ${f.warmMs.toFixed(1)} ms (the kept file); server memory ${f.rssBeforeMb.toFixed(0)} MB before, peak ${f.rssPeakOverMb.toFixed(1)} MB over it\n`,
  );
}
