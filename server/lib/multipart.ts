import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";

/**
 * Multipart form posts read as they arrive, with each file written to a scratch file on disk
 * (never held whole in memory): the web's root middleware and the API both read uploads this
 * way (docs/decisions/0038-uploads-streamed-to-disk.md). The form it gives back is an ordinary
 * FormData whose files are backed by those scratch files, so a file forwarded to the API, or
 * checked and stored there, is read from disk in chunks.
 */
export type MultipartLimits = {
  /** The whole body, envelope included: past it, the post is refused (too-large). */
  maxBodyBytes: number;
  /**
   * One file's bytes. A larger file is kept cut at one byte over, so whoever checks it (the
   * API's checkUpload) refuses it by its name ('too large') without ever holding more.
   */
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  /** One text field's bytes: a longer value refuses the post (too-large). */
  maxFieldBytes: number;
};

export type MultipartRefusalReason = "too-large" | "unreadable";

/** A post that is not a readable multipart form within its limits. */
export class MultipartRefusal extends Error {
  constructor(readonly reason: MultipartRefusalReason, detail: string) {
    super(detail);
    this.name = "MultipartRefusal";
  }
}

/** The parsed form, and what removes its scratch files once the request is answered. */
export type ParsedMultipart = { form: FormData; release: () => Promise<void> };

/** Scratch folders start with this, in the system's temporary folder (the sweep removes any a crash left). */
export const SCRATCH_PREFIX = "keyfree-upload-";
/**
 * A scratch folder older than this was left by a process that died mid-request (a request is
 * answered, and its folder removed, long before: Node ends a request after 300 s).
 */
export const SCRATCH_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Removes scratch folders a crash left behind (any instance's on this machine), by their age on
 * disk, which is real time whatever the API's clock says. Returns how many it removed.
 */
export async function removeStaleScratch(root = tmpdir(), nowMs = Date.now()): Promise<number> {
  const names = (await readdir(root).catch(() => [] as string[])).filter((name) => name.startsWith(SCRATCH_PREFIX));
  let removed = 0;
  for (const name of names) {
    const folder = path.join(root, name);
    const info = await stat(folder).catch(() => null);
    if (!info?.isDirectory() || nowMs - info.mtimeMs < SCRATCH_MAX_AGE_MS) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

export function isMultipart(contentType: string | null | undefined): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/**
 * A part's name and file name as a browser escapes them (HTML's multipart/form-data encoding:
 * a line feed as %0A, a carriage return as %0D, a double quote as %22), unescaped as Fetch's
 * parser does. Other control characters are not escaped by browsers and make a part header
 * malformed: the post is refused as unreadable (400).
 */
function unescapeName(name: string): string {
  return name.replaceAll("%0A", "\n").replaceAll("%0D", "\r").replaceAll("%22", '"');
}

type Entry = { name: string; value: string } | { name: string; file: string; fileName: string; type: string };

/** Reads a multipart request's body once, files to disk; a refusal or a broken body is a MultipartRefusal. */
export async function parseMultipart(request: Request, limits: MultipartLimits): Promise<ParsedMultipart> {
  let dir: Promise<string> | undefined;
  const scratch = () => (dir ??= mkdtemp(path.join(tmpdir(), SCRATCH_PREFIX)));
  const release = async () => {
    if (dir) await rm(await dir, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    const entries = await readEntries(request, limits, scratch);
    const form = new FormData();
    for (const entry of entries) {
      if ("value" in entry) form.append(entry.name, entry.value);
      else form.append(entry.name, new File([await openAsBlob(entry.file, { type: entry.type })], entry.fileName, { type: entry.type }));
    }
    return { form, release };
  } catch (error) {
    await release();
    throw error;
  }
}

function readEntries(request: Request, limits: MultipartLimits, scratch: () => Promise<string>): Promise<Entry[]> {
  const contentType = request.headers.get("content-type") ?? "";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + limits.maxFields,
      },
    });
  } catch (error) {
    return Promise.reject(new MultipartRefusal("unreadable", (error as Error).message));
  }
  if (!request.body) return Promise.reject(new MultipartRefusal("unreadable", "no body"));

  const body = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
  return new Promise<Entry[]>((resolve, reject) => {
    const entries: Entry[] = [];
    const writes: Promise<void>[] = [];
    let settled = false;
    const fail = (error: MultipartRefusal) => {
      if (settled) return;
      settled = true;
      // Stop reading; the file streams end with the parser (their writes' failures are this refusal).
      body.unpipe(counter);
      counter.unpipe(parser);
      body.destroy();
      parser.destroy();
      reject(error);
    };
    const tooLarge = (what: string) => fail(new MultipartRefusal("too-large", what));
    const unreadable = (error: unknown) =>
      fail(error instanceof MultipartRefusal ? error : new MultipartRefusal("unreadable", error instanceof Error ? error.message : String(error)));

    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > limits.maxBodyBytes) done(new MultipartRefusal("too-large", "body over its limit"));
        else done(null, chunk);
      },
    });
    body.on("error", unreadable);
    counter.on("error", unreadable);

    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return tooLarge(`field ${name}`);
      entries.push({ name: unescapeName(name), value });
    });
    parser.on("file", (name, stream, info) => {
      const entry = { name: unescapeName(name), file: "", fileName: unescapeName(info.filename ?? ""), type: info.mimeType || "application/octet-stream" };
      const index = entries.push(entry);
      const write = scratch().then(async (folder) => {
        entry.file = path.join(folder, String(index));
        await pipeline(stream, createWriteStream(entry.file));
      });
      write.catch(() => undefined); // awaited at the end; a refusal before then has already answered
      writes.push(write);
    });
    parser.on("filesLimit", () => tooLarge("too many files"));
    parser.on("fieldsLimit", () => tooLarge("too many fields"));
    parser.on("partsLimit", () => tooLarge("too many parts"));
    parser.on("error", unreadable);
    parser.on("close", () => {
      Promise.all(writes).then(() => {
        if (settled) return;
        settled = true;
        resolve(entries);
      }, unreadable);
    });
    body.pipe(counter).pipe(parser);
  });
}

/** The reader as the web's host gives it to the app (app/lib/host.ts): a refusal is an answer, not an exception. */
export async function readMultipartForWeb(request: Request, limits: MultipartLimits) {
  try {
    return { ok: true as const, ...(await parseMultipart(request, limits)) };
  } catch (error) {
    if (error instanceof MultipartRefusal) return { ok: false as const, reason: error.reason };
    throw error;
  }
}
