import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The page states the browser tests check (axe, the HTML checker and the text check), recorded per run in
 * CHECKS_DIR: one JSON line per check in `log.jsonl`, and one file per distinct state under
 * `keys/<kind>/` (created exclusively, after the check passed, so both projects and both
 * workers share them). A state is the HTML being checked with what differs between two visits
 * of the same page taken out (see stateKey); the global teardown prints the counts.
 */
export const CHECKS_DIR = ".data/e2e-checks";
const LOG = path.join(CHECKS_DIR, "log.jsonl");

export type CheckKind = "axe" | "html" | "text";

/** The text check's problems when it only reports them (TEXT_CHECK=report): one JSON line per page state. */
const TEXT_REPORT = path.join(CHECKS_DIR, "text-report.jsonl");

export type CheckRecord = {
  kind: CheckKind;
  project: string;
  file: string;
  title: string;
  url: string;
  key: string;
  /** false when the same state had already been checked (this run), so the check was skipped. */
  ran: boolean;
};

/** The id-like attributes whose values name (or refer to) an element's id. */
const ID_ATTRIBUTES = /\s(id|for|headers|list|form|aria-(?:labelledby|describedby|controls|owns|activedescendant|errormessage|details|flowto))="([^"]*)"/g;

/**
 * The HTML of a page state with what changes from visit to visit made neutral: nonces, the
 * values of hidden inputs (CSRF tokens and the like), UUIDs, e-mail addresses, long random
 * tokens and runs of digits. Nothing else (no other text) is touched.
 *
 * Two genuinely different states must not collide: ids and the attributes that refer to ids
 * keep their pattern of equality (each distinct original id gets its own number in order of
 * first appearance), so a duplicated id or a label pointing at a missing id is never the
 * same state as a page whose ids differ only in their digits.
 */
export function normaliseHtml(html: string): string {
  const ids = new Map<string, number>();
  // The number is written in letters, so the digit rule below leaves it alone.
  const idOf = (value: string) => {
    let n = ids.get(value);
    if (n === undefined) {
      n = ids.size;
      ids.set(value, n);
    }
    let letters = "";
    do {
      letters = String.fromCharCode(97 + (n % 26)) + letters;
      n = Math.floor(n / 26) - 1;
    } while (n >= 0);
    return letters;
  };
  const neutral = (s: string) =>
    s
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<uuid>")
      // An e-mail address, as text or in a URL (its @ encoded as %40).
      .replace(/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/gi, "<email>")
      .replace(/[A-Za-z0-9_-]{20,}/g, (t) => (/[0-9]/.test(t) && /[A-Za-z]/.test(t) ? "<token>" : t))
      .replace(/[0-9]+/g, "0");
  let out = html
    .replace(/\snonce="[^"]*"/g, ' nonce=""')
    .replace(/<input\b[^>]*>/gi, (tag) => (/\stype="hidden"/i.test(tag) ? tag.replace(/\svalue="[^"]*"/i, ' value=""') : tag));
  out = out.replace(ID_ATTRIBUTES, (_m, name: string, value: string) => {
    const refs = value
      .split(/\s+/)
      .filter(Boolean)
      .map((v) => `${neutral(v)}#${idOf(v)}`);
    return ` ${name}="${refs.join(" ")}"`;
  });
  // In-page links refer to ids too.
  out = out.replace(/\shref="#([^"]+)"/g, (_m, v: string) => ` href="#${neutral(v)}#${idOf(v)}"`);
  return neutral(out);
}

export function stateKey(html: string, extra: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(extra))
    .update("\n")
    .update(normaliseHtml(html))
    .digest("hex")
    .slice(0, 32);
}

const keyFile = (kind: CheckKind, key: string) => path.join(CHECKS_DIR, "keys", kind, key);

/** This state was checked (and passed) earlier in the run, by any test in any project. */
export function alreadyChecked(kind: CheckKind, key: string): boolean {
  return existsSync(keyFile(kind, key));
}

/** Records that `key` passed (the file holds the normalised HTML, to read when in doubt); true if this call was the first to record it. */
export function markChecked(kind: CheckKind, key: string, normalised: string): boolean {
  mkdirSync(path.dirname(keyFile(kind, key)), { recursive: true });
  try {
    writeFileSync(keyFile(kind, key), normalised, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

export function logCheck(record: CheckRecord) {
  mkdirSync(CHECKS_DIR, { recursive: true });
  appendFileSync(LOG, `${JSON.stringify(record)}\n`);
}

/** Records a page state's text-check problems (TEXT_CHECK=report), to be printed at the end of the run. */
export function reportTextProblems(url: string, problems: string[]) {
  mkdirSync(CHECKS_DIR, { recursive: true });
  appendFileSync(TEXT_REPORT, `${JSON.stringify({ url, problems })}\n`);
}

export function resetChecks() {
  rmSync(CHECKS_DIR, { recursive: true, force: true });
  mkdirSync(CHECKS_DIR, { recursive: true });
}

export function summariseChecks(): string[] {
  const records = readJsonLines<CheckRecord>(LOG);
  const LABELS: Record<CheckKind, [string, string]> = { axe: ["axe", "axe"], html: ["HTML checker", "checker"], text: ["text check", "w3m"] };
  const totals = (["axe", "html", "text"] as const).map((kind) => {
    const of = records.filter((r) => r.kind === kind);
    const distinct = new Set(of.map((r) => r.key)).size;
    const runs = of.filter((r) => r.ran).length;
    const [label, runner] = LABELS[kind];
    return `${label}: ${of.length} page states visited, ${distinct} distinct, ${runs} ${runner} runs`;
  });
  const reported = readJsonLines<{ url: string; problems: string[] }>(TEXT_REPORT);
  if (reported.length === 0) return totals;
  return [
    ...totals,
    `text check (TEXT_CHECK=report, not failing): ${reported.length} page states with problems`,
    ...reported.flatMap(({ url, problems }) => [`  ${url}`, ...problems.map((p) => `    - ${p}`)]),
  ];
}

function readJsonLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}
