import { constants, createWriteStream } from "node:fs";
import { access, mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { newId } from "./tokens";

/**
 * Where document bytes live: local disk by default; object storage would implement the same.
 * `put` takes bytes, or a Blob (an upload's scratch file) that it reads in chunks.
 */
export interface FileStore {
  put(key: string, body: Uint8Array | Blob): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** Resolves when the store can be written and read now (readiness, /readyz); rejects otherwise. */
  check(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/i;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
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
      const source = body instanceof Blob ? Readable.fromWeb(body.stream() as unknown as NodeWebStream<Uint8Array>) : Readable.from([body]);
      await pipeline(source, createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    checkKey(key);
    try {
      return new Uint8Array(await readFile(path.join(this.root, key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
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
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  async check() {}
}
