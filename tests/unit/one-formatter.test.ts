/**
 * One wording module (issue 37, docs/decisions/0055): money, London dates, times and deadlines are
 * written by #common/wording (common/wording.ts and common/wording/) and nowhere else. This scan
 * reads every source file of app/, server/, common/ and stand-ins/ and fails on a second formatter: pence turned into
 * pounds by hand, a number or date formatter of its own, London's time zone in a formatter, a
 * dayjs display format, a table of month names or day suffixes.
 *
 * Comment lines are not read. Counting characters ("5,000 characters") is not money and is left
 * alone; `toLocaleString` and `/ 100` are flagged only on a line that speaks of money.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCANNED = ["app", "server", "common", "stand-ins"];
const WORDING = ["common/wording.ts", "common/wording/"];
/** Generated from the OpenAPI document: descriptions, not code. */
const GENERATED = ["app/lib/api/schema.d.ts"];

const MONEY_LINE = /£|pence|pounds|\bamount/i;

/** Each way a second formatter shows itself, on one line of code. */
export const RULES: ReadonlyArray<{ name: string; test: (line: string) => boolean }> = [
  { name: "toFixed(2)", test: (l) => /\.toFixed\(\s*2\s*\)/.test(l) },
  { name: "pence / 100", test: (l) => /\/\s*100\b(?!\d)/.test(l) && MONEY_LINE.test(l) },
  { name: "Intl.NumberFormat", test: (l) => /Intl\s*\.\s*NumberFormat/.test(l) },
  { name: 'style: "currency"', test: (l) => /style\s*:\s*["'`]currency["'`]/.test(l) },
  { name: "toLocaleString on money", test: (l) => /\.toLocaleString\(/.test(l) && MONEY_LINE.test(l) },
  { name: "Intl.DateTimeFormat", test: (l) => /Intl\s*\.\s*DateTimeFormat/.test(l) },
  { name: 'timeZone: "Europe/London"', test: (l) => /timeZone\s*:\s*(["'`]Europe\/London["'`]|LONDON_TIME_ZONE)/.test(l) },
  { name: "toLocaleDateString / toLocaleTimeString", test: (l) => /\.toLocale(Date|Time)String\(/.test(l) },
  // dayjs's display formats ("D MMMM YYYY", "Do MMM", "h:mma"): only the ISO calendar date is arithmetic's.
  { name: "a dayjs display format", test: (l) => /\.format\(\s*(["'`])(?!YYYY-MM-DD\1)[^"'`]*\1\s*\)/.test(l) },
  { name: "a table of month names", test: (l) => /["'`](January|Jan)["'`]\s*,\s*["'`](February|Feb)["'`]/.test(l) },
  { name: "a day's ordinal suffix", test: (l) => /\?\s*["'`]st["'`]\s*:/.test(l) },
];


function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [full] : [];
  });
}

/** The code lines of a source (comment lines and block comments left out). */
function codeLines(source: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let inBlock = false;
  source.split("\n").forEach((raw, i) => {
    let text = raw;
    if (inBlock) {
      const end = text.indexOf("*/");
      if (end === -1) return;
      text = text.slice(end + 2);
      inBlock = false;
    }
    text = text.replace(/\/\*.*?\*\//g, "");
    const open = text.indexOf("/*");
    if (open !== -1) {
      inBlock = true;
      text = text.slice(0, open);
    }
    if (/^\s*\/\//.test(text)) return;
    if (text.trim()) out.push({ line: i + 1, text });
  });
  return out;
}

/** Every second formatter in a source: "file:line [rule] code". */
export function secondFormatters(source: string, file: string): string[] {
  return codeLines(source).flatMap(({ line, text }) =>
    RULES.filter((rule) => rule.test(text)).map((rule) => `${file}:${line} [${rule.name}] ${text.trim()}`),
  );
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const isWording = (file: string) => WORDING.some((w) => (w.endsWith("/") ? file.startsWith(w) : file === w));

function scan(): { offenders: string[] } {
  const offenders: string[] = [];
  for (const full of SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const file = relative(full);
    if (isWording(file) || GENERATED.includes(file)) continue;
    const found = secondFormatters(readFileSync(full, "utf8"), file);
    offenders.push(...found);
  }
  return { offenders };
}

describe("one wording module: no second formatter of money or London dates", () => {
  it("finds each kind of second formatter it looks for, and not a count of characters or an ISO date", () => {
    const planted = [
      "const a = `£${(pence / 100).toFixed(2)}`;",
      "const b = `£${amount / 100}`;",
      'const c = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2 });',
      'const d = x.toLocaleString("en-GB", { style: "currency", currency: "GBP" });',
      "const e = `${(pence / 100).toLocaleString(\"en-GB\")} pounds`;",
      'const f = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric" });',
      "const g = { timeZone: LONDON_TIME_ZONE };",
      'const h = new Date().toLocaleDateString("en-GB");',
      'const i = dayjs(value).format("D MMMM YYYY");',
      'const j = ["Jan", "Feb", "Mar"];',
      'const k = day % 10 === 1 ? "st" : "th";',
    ].join("\n");
    const found = secondFormatters(planted, "planted.ts").map((hit) => /\[(.*?)\]/.exec(hit)![1]);
    expect(new Set(found)).toEqual(new Set(RULES.map((rule) => rule.name)));

    const fine = [
      'const a = `up to ${MAX.toLocaleString("en-GB")} characters`;',
      'const b = dayjs.utc(date).add(1, "day").format("YYYY-MM-DD");',
      "// const c = `£${(pence / 100).toFixed(2)}`; (a comment)",
      "/* new Intl.NumberFormat() */ const d = 1;",
      'const e = `${(bytes / 1024).toFixed(1)} KB`;',
      'const f = p.requiredStr("currency");',
    ].join("\n");
    expect(secondFormatters(fine, "fine.ts")).toEqual([]);
  });

  it("app/, server/, common/ and stand-ins/ word money and dates only through #common/wording", () => {
    expect(scan().offenders).toEqual([]);
  });

  it("the wording module itself is read by the scan (its formatters would be found anywhere else)", () => {
    const hits = sourceFiles(path.join(ROOT, "common/wording")).flatMap((full) => secondFormatters(readFileSync(full, "utf8"), relative(full)));
    expect(hits.some((hit) => hit.includes("Intl.NumberFormat"))).toBe(true);
    expect(hits.some((hit) => hit.includes("Intl.DateTimeFormat"))).toBe(true);
  });
});
