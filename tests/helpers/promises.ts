/**
 * The promise scanner (issue 38, decision 0058): finds the sentences a page, an e-mail or a text
 * message makes about a future action of ours ("we will e-mail you", "we'll let you know", "we
 * will contact your agent", "you will receive a link", "will be notified"), so that
 * tests/unit/promises.test.ts can hold each to the mechanism that keeps it
 * (tests/fixtures/promise-map.ts). Pure text work: the same functions run over the tree and over
 * the planted fixtures in tests/fixtures/promises/.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** A sentence of ours that promises a future action, with the file it is in (relative to the root). */
export type FoundPromise = { file: string; sentence: string };

/**
 * What a promise sounds like. Negative promises ("we will not send you text messages", "you will
 * get no copies") promise no action, and are left out.
 */
const PROMISE_PATTERNS: RegExp[] = [
  // We will / we'll / we shall [also, still, then...] e-mail, send, let … know, contact, tell, text, refund, write, reply, answer, remind, notify, pause.
  /\bwe(?: will|'ll| shall)\s+(?!not\b|never\b)(?:[\w,'-]+\s+){0,6}?(?:e-?mail|send|let|contact|tell|text|refund|write|reply|answer|remind|notify|get back|be in touch|pause|pass (?:it|this) on)\b/i,
  // You (or they: a helper) will / you'll receive or get … an e-mail, a text, a link, a confirmation, a copy, a reminder, a refund.
  /\b(?:you|they)(?: will|'ll)\s+(?!not\b|no longer\b)(?:\w+\s+){0,2}?(?:receive|get)\s+(?!no\b)(?:[\w'-]+\s+){0,8}?(?:e-?mails?|texts?|messages?|links?|confirmations?|cop(?:y|ies)|reminders?|refunds?|receipts?)\b/i,
  // … will be told, notified, contacted, e-mailed, sent, texted, refunded.
  /\bwill be (?:told|notified|contacted|e-?mailed|sent|texted|refunded|informed)\b/i,
  // Money that goes back later: "… is refunded to your card", "the rest is refunded".
  /\b(?:is|are) refunded\b/i,
];

/** Tags that sit inside a sentence; any other tag (a paragraph, a heading, a list item, a button) ends one. */
const INLINE_TAGS = new Set(["a", "abbr", "b", "strong", "em", "i", "span", "code", "time", "Link", "ChatOffer", "br", "wbr", "small", "mark", "q", "s", "u", "sub", "sup"]);

const ENTITIES: Record<string, string> = {
  "&rsquo;": "'",
  "&lsquo;": "'",
  "&apos;": "'",
  "&#39;": "'",
  "&ldquo;": '"',
  "&rdquo;": '"',
  "&quot;": '"',
  "&nbsp;": " ",
  "&amp;": "&",
  "&hellip;": "...",
  "&mdash;": "-",
  "&ndash;": "-",
};

/**
 * A source file as prose: comments out (a comment promises nothing to a tenant), entities and
 * curly apostrophes as plain ones, `{" "}` and inline JSX tags out, any other tag a break
 * between sentences (\u0000), whitespace collapsed.
 */
export function asProse(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/(^|[^:\\"'`\w])\/\/[^\n]*/g, "$1 ")
    .replace(/&[a-z]+;|&#39;/gi, (e) => ENTITIES[e.toLowerCase()] ?? e)
    .replace(/[’‘]/g, "'")
    .replace(/\{"\s*"\}/g, " ")
    .replace(/<\/?([A-Za-z][\w.-]*)(?:\s[^<>]*)?\/?>/g, (_tag, name: string) => (INLINE_TAGS.has(name) ? " " : " \u0000 "))
    .replace(/\s+/g, " ")
    .replace(/ ([,.;:!?])/g, "$1");
}

/** The sentences of a text: split at string quotes, at a block tag and at a full stop, question or exclamation mark before a space. */
export function sentencesOf(prose: string): string[] {
  return prose
    .split(/["`\u0000]|(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The promise sentences in one file's source. */
export function promisesIn(source: string): string[] {
  return sentencesOf(asProse(source)).filter((s) => PROMISE_PATTERNS.some((p) => p.test(s)));
}

/** Every .ts/.tsx file under `dir` (relative to `root`). */
export function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel))) {
      const file = path.join(rel, name);
      if (statSync(path.join(root, file)).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) out.push(file);
    }
  };
  walk(dir);
  return out.sort();
}

/** Whether a server file builds an e-mail or a text message: it queues one (the outbox's functions) or calls the agent's. */
const BUILDS_A_MESSAGE = /\b(?:queueEmail|queueEmailOnce|queueNotice|queueSms|queueAgentEmail|queueHelperCopy)\s*\(/;

/**
 * The tested set (issue 38 scope 1): app/, common/, server/domain/, and every other server file that
 * builds an e-mail or a text message, found by what it calls, not by a list.
 */
export function scannedFiles(root: string): string[] {
  const server = filesUnder(root, "server").filter(
    (f) => f.startsWith(`server${path.sep}domain${path.sep}`) || BUILDS_A_MESSAGE.test(readFileSync(path.join(root, f), "utf8")),
  );
  return [...filesUnder(root, "app"), ...filesUnder(root, "common"), ...server];
}

/** Every promise sentence in the given files. */
export function findPromises(root: string, files: readonly string[]): FoundPromise[] {
  return files.flatMap((file) => promisesIn(readFileSync(path.join(root, file), "utf8")).map((sentence) => ({ file: file.split(path.sep).join("/"), sentence })));
}

// ── Holding each promise to its mechanism (tests/fixtures/promise-map.ts) ──

export type Mechanism = { notice: string } | { template: string } | { agentEmail: string } | { record: string } | { opsList: string };
export type Entry = { file: string; fragment: string; mechanism: Mechanism };

/** The promises no entry of the map matches (same file, the fragment in the sentence). */
export function unmapped(found: readonly FoundPromise[], map: readonly Entry[]): FoundPromise[] {
  return found.filter((p) => !map.some((e) => e.file === p.file && p.sentence.includes(e.fragment)));
}

/** The entries whose fragment is no longer in a promise of their file. */
export function staleEntries(found: readonly FoundPromise[], map: readonly Entry[]): Entry[] {
  return map.filter((e) => !found.some((p) => p.file === e.file && p.sentence.includes(e.fragment)));
}

/** What the product's server code produces, read from its source once. */
export type Produced = { notices: Set<string>; catalogue: Set<string>; templates: Set<string>; agentTemplates: Set<string>; tables: Set<string>; written: Set<string>; opsCommands: Set<string> };

export function producedBy(root: string, catalogueKinds: readonly string[]): Produced {
  const files = filesUnder(root, "server").map((f) => ({ file: f.split(path.sep).join("/"), text: readFileSync(path.join(root, f), "utf8") }));
  const catalogueFile = (f: string) => /^server\/domain\/notices\/(catalogue[\w-]*|types)\.ts$/.test(f);
  const produced: Produced = {
    notices: new Set(),
    catalogue: new Set(catalogueKinds),
    templates: new Set(),
    agentTemplates: new Set(),
    tables: new Set(),
    written: new Set(),
    opsCommands: new Set(),
  };
  // The other parties' side (the landlord or agent raising charges and answering proposals, the
  // adjudicator taking and deciding a dispute) is outside the product: their integration is the
  // scenarios' stand-ins (stand-ins/scenarios/), which queue the notices their actions cause through
  // the product's own noticeClaimTenants. Those notices count as produced there too.
  const otherParties = filesUnder(root, "stand-ins/scenarios").map((f) => ({ file: f.split(path.sep).join("/"), text: readFileSync(path.join(root, f), "utf8") }));
  // A kind is produced where a notice of it is built (`kind: "X"`) outside the catalogue's own
  // files: a mere mention (an event's mapping in claim-events.ts, an activity type) is not enough.
  for (const { file, text } of [...files, ...otherParties]) {
    if (!catalogueFile(file)) for (const kind of catalogueKinds) if (text.includes(`kind: "${kind}"`)) produced.notices.add(kind);
  }
  for (const { file, text } of files) {
    for (const m of text.matchAll(/template: "([A-Z_]+)"/g)) {
      produced.templates.add(m[1]!);
      if (/\bqueueAgentEmail\s*\(/.test(text)) produced.agentTemplates.add(m[1]!);
    }
    if (file === "server/db/schema.ts") for (const m of text.matchAll(/export const (\w+) = pgTable\(/g)) produced.tables.add(m[1]!);
    else if (!file.startsWith("server/db/")) for (const m of text.matchAll(/\.(?:insert|update)\((\w+)\)/g)) produced.written.add(m[1]!);
    if (file.startsWith("server/ops/")) for (const m of text.matchAll(/\bname: "([a-z][a-z-]*)"/g)) produced.opsCommands.add(m[1]!);
  }
  return produced;
}

/** Why an entry's mechanism is not produced, or null when it is. */
export function mechanismProblem(entry: Entry, produced: Produced): string | null {
  const m = entry.mechanism;
  if ("notice" in m) {
    if (!produced.catalogue.has(m.notice)) return `notice ${m.notice} is not in the catalogue`;
    return produced.notices.has(m.notice) ? null : `notice ${m.notice} is never queued by server code`;
  }
  if ("template" in m) return produced.templates.has(m.template) ? null : `no e-mail is ever queued with template "${m.template}"`;
  if ("agentEmail" in m) return produced.agentTemplates.has(m.agentEmail) ? null : `no e-mail to the agent or landlord (queueAgentEmail) has template "${m.agentEmail}"`;
  if ("record" in m) {
    if (!produced.tables.has(m.record)) return `${m.record} is not a table of server/db/schema.ts`;
    return produced.written.has(m.record) ? null : `product code never writes to ${m.record}`;
  }
  return produced.opsCommands.has(m.opsList) ? null : `there is no ops command "${m.opsList}"`;
}
