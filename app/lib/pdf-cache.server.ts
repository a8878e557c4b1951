import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { webConfig } from "./env.server";
import type { TaggedPdf } from "./pdf.server";

/** How many PDFs the cache keeps; past it the least recently made go first. */
const MAX_CACHED = 500;

/**
 * A PDF made once per version and kept (issue 39: the claim record, decision 0065). `key` names the
 * version (a hash of what the PDF shows); the first request draws it straight to a file on disk —
 * the document streams out as pdfkit makes it (`write` yields between its parts), never held whole
 * in memory — and every request is
 * answered by streaming that file. A cache, not state: each instance keeps its own, and a
 * missing or removed file is simply made again.
 */
export async function cachedPdfResponse(
  key: string,
  make: () => TaggedPdf,
  write: (pdf: TaggedPdf) => Promise<void>,
  fileName: string,
  dir = webConfig.pdfCacheDir,
): Promise<Response> {
  if (!/^[a-f0-9]{64}$/.test(key)) throw new Error("a PDF cache key is a SHA-256 in hex");
  const file = path.join(dir, `${key}.pdf`);
  let size = await sizeOf(file);
  if (size === null) {
    await mkdir(dir, { recursive: true });
    const partial = path.join(dir, `.${key}.${randomUUID()}.part`);
    try {
      // The file is the document's destination before a word is drawn; `write` yields between parts,
      // so what pdfkit has made goes to disk as it goes.
      const pdf = make();
      const written = pipeline(pdf.doc, createWriteStream(partial));
      await write(pdf);
      pdf.end();
      await written;
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    size = (await sizeOf(file)) ?? 0;
    void trim(dir);
  }
  const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, "-")}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

/** Keeps the cache to MAX_CACHED files, the oldest made removed first. */
async function trim(dir: string) {
  try {
    const names = (await readdir(dir)).filter((n) => n.endsWith(".pdf"));
    if (names.length <= MAX_CACHED) return;
    const dated = await Promise.all(names.map(async (n) => ({ n, at: (await stat(path.join(dir, n))).mtimeMs })));
    dated.sort((a, b) => a.at - b.at);
    await Promise.all(dated.slice(0, names.length - MAX_CACHED).map(({ n }) => rm(path.join(dir, n), { force: true })));
  } catch {
    // Another instance or request trimmed it first: nothing to do.
  }
}
