/**
 * Reading the app's PDFs back in tests (issue 27's guide, issue 39's statement and receipts): the
 * deflated streams, each font's ToUnicode map, the text as a reader gets it, an object's
 * dictionary (no test runner's expect: the browser tests read them too; the checks every PDF of
 * ours must pass are tests/helpers/pdf-expect.ts, decision 0064).
 */
import { inflateSync } from "node:zlib";
import assert from "node:assert/strict";

/** Each deflated stream of the PDF, by its object number. */
export function streams(pdf: Buffer): Map<string, string> {
  const raw = pdf.toString("latin1");
  const out = new Map<string, string>();
  for (const match of raw.matchAll(/>>\nstream\n/g)) {
    const start = match.index + match[0].length;
    // The stream's object: the last "N 0 obj" before it.
    const header = raw.lastIndexOf(" 0 obj\n", match.index);
    const number = /(\d+)$/.exec(raw.slice(Math.max(0, header - 12), header))?.[1];
    if (!number) continue;
    const end = raw.indexOf("\nendstream", start);
    try {
      out.set(number, inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // Not deflated (or not a stream we read).
    }
  }
  return out;
}

/** A font's ToUnicode map (pdfkit writes one bfrange of arrays per font): glyph code → text. */
export function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    let code = parseInt(range[1]!, 16);
    for (const target of range[3]!.matchAll(/<([0-9a-f ]+)>/gi)) {
      const units = target[1]!.trim().split(/\s+/).map((u) => parseInt(u, 16));
      map.set(code++, String.fromCharCode(...units));
    }
  }
  return map;
}

/**
 * The PDF's text as a reader gets it: each page's content stream in order, each TJ's glyph codes
 * turned into text through the ToUnicode map of the font its Tf chose.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const all = streams(pdf);
  // Font resource name → its ToUnicode map, through the font object's /ToUnicode.
  const fonts = new Map<string, Map<number, string>>();
  for (const res of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const dict = pdfObject(raw, res[2]!);
    const unicode = /\/ToUnicode (\d+) 0 R/.exec(dict)?.[1];
    if (unicode && all.has(unicode)) fonts.set(res[1]!, toUnicode(all.get(unicode)!));
  }
  assert.ok(fonts.size > 0, "every font has a ToUnicode map");
  const lines: string[] = [];
  for (const content of all.values()) {
    if (!/\bTJ\b/.test(content)) continue;
    let font: Map<number, string> | undefined;
    for (const op of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1]) {
        font = fonts.get(op[1]);
        continue;
      }
      const hex = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join("");
      let text = "";
      for (let i = 0; i + 4 <= hex.length; i += 4) text += font?.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\uFFFD";
      lines.push(text.trim());
    }
  }
  return lines.join(" ").replace(/\s+/g, " ");
}

/** The dictionary of indirect object `n`. */
export function pdfObject(raw: string, n: string): string {
  const start = raw.indexOf(`\n${n} 0 obj\n`);
  assert.ok(start > -1, `object ${n}`);
  return raw.slice(start, raw.indexOf("endobj", start));
}


/** Table header cells' Scope attributes (TH → /A → /Scope), as written: "Column", "Row". */
export function headerScopes(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  return [...raw.matchAll(/\/O \/Table[^>]*?\/Scope \/(\w+)/g)].map((m) => m[1]!);
}

/** The first literal string `( … )` in `dict`, unescaped and decoded (UTF-16BE when it starts with its byte order mark). */
export function pdfString(dict: string): string {
  const literal = /\(((?:\\[\s\S]|[^\\)])*)\)/.exec(dict)?.[1] ?? "";
  const bytes = literal.replace(/\\([0-7]{1,3}|[\s\S])/g, (_, e: string) => {
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[e] ?? e;
  });
  if (!bytes.startsWith("\xfe\xff")) return bytes;
  return Buffer.from(bytes.slice(2), "latin1").swap16().toString("utf16le");
}
