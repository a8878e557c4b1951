import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where document bytes live: local disk by default; object storage would implement the same. */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/i;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}

export class LocalDiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Uint8Array) {
    checkKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
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
}

/** For tests. */
export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, Uint8Array>();
  async put(key: string, bytes: Uint8Array) {
    checkKey(key);
    this.files.set(key, bytes);
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}
