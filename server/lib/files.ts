import { constants, createWriteStream } from "node:fs";
import { access, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { newId } from "./tokens";

/**
 * A stored file opened for reading: its bytes as a stream, read as they are sent on (never held
 * whole in memory), and its size. Whoever gets one reads its body to the end or cancels it (which
 * closes the file, or the object store's connection).
 */
export type StoredFile = { body: ReadableStream<Uint8Array>; size: number };

/**
 * Where document bytes live: local disk by default, an S3 bucket when S3_BUCKET is set
 * (S3FileStore, server/lib/s3-files.ts). `put` takes bytes, or a Blob (an upload's scratch file)
 * that it reads in chunks; a second put of a key replaces the first. `get` opens a file as a
 * stream, or answers null when there is none; `delete` of a missing key does nothing.
 */
export interface FileStore {
  put(key: string, body: Uint8Array | Blob): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Resolves when the store can be written and read now (readiness, /readyz); rejects otherwise. */
  check(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/i;

export function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}

/**
 * A Node stream as a web stream read on demand: a chunk is taken from `source` only when the
 * reader asks for one (no read-ahead queue: highWaterMark 0), so a slow download holds a chunk,
 * not the file. Cancelling destroys `source` (closing its file or socket).
 */
export function webStreamOf(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Uint8Array | string>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<Uint8Array | string>;
        try {
          next = await chunks.next();
        } catch (error) {
          controller.error(error);
          return;
        }
        if (next.done) controller.close();
        else controller.enqueue(typeof next.value === "string" ? Buffer.from(next.value) : next.value);
      },
      cancel(reason) {
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export function blobAsNodeStream(blob: Blob): Readable {
  return Readable.fromWeb(blob.stream() as unknown as NodeWebStream<Uint8Array>);
}

export class LocalDiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  /** Written beside its place and renamed there: a crash leaves no half-written document under its key. */
  async put(key: string, body: Uint8Array | Blob) {
    checkKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${newId()}.partial`;
    try {
      const source = body instanceof Blob ? blobAsNodeStream(body) : Readable.from([body]);
      await pipeline(source, createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** Opened, then read as it is sent: a put of the same key meanwhile replaces the file, not what this reads. */
  async get(key: string): Promise<StoredFile | null> {
    checkKey(key);
    let handle;
    try {
      handle = await open(path.join(this.root, key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { body: webStreamOf(handle.createReadStream()), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string) {
    checkKey(key);
    await rm(path.join(this.root, key), { force: true });
  }

  /** The root exists (made if need be) and this process may write and read in it. */
  async check() {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }
}

/** For tests. */
export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, Uint8Array>();
  async put(key: string, body: Uint8Array | Blob) {
    checkKey(key);
    this.files.set(key, body instanceof Blob ? new Uint8Array(await body.arrayBuffer()) : body);
  }
  async get(key: string): Promise<StoredFile | null> {
    checkKey(key);
    const bytes = this.files.get(key);
    return bytes ? { body: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), size: bytes.byteLength } : null;
  }
  /** The stored bytes (tests compare them), or null. */
  bytes(key: string): Uint8Array | null {
    return this.files.get(key) ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  async check() {}
}
