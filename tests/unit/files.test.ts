import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalDiskFileStore, MemoryFileStore, type FileStore, type StoredFile } from "../../server/lib/files";

/** The file stores' one contract (the S3 store's is tested against a server in tests/api/s3-files.test.ts). */
const root = mkdtempSync(path.join(tmpdir(), "keyfree-files-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const stores: [string, () => FileStore][] = [
  ["LocalDiskFileStore", () => new LocalDiskFileStore(path.join(root, "files"))],
  ["MemoryFileStore", () => new MemoryFileStore()],
];

async function bytesOf(file: StoredFile | null) {
  return file ? new Uint8Array(await new Response(file.body).arrayBuffer()) : null;
}

describe.each(stores)("%s", (_name, make) => {
  it("gets a stored file as a stream with its size; a second put replaces it; a missing or deleted key is null", async () => {
    const store = make();
    const big = new Uint8Array(300 * 1024).map((_, i) => i % 251);
    await store.put("documents/ab/one", new Blob([big]));
    const got = await store.get("documents/ab/one");
    expect(got?.size).toBe(big.byteLength);
    expect(got?.body).toBeInstanceOf(ReadableStream);
    expect(Buffer.compare((await bytesOf(got))!, big)).toBe(0);
    await store.put("documents/ab/one", new Uint8Array([1, 2, 3]));
    expect(await bytesOf(await store.get("documents/ab/one"))).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.get("documents/ab/none")).toBeNull();
    await store.delete("documents/ab/one");
    await store.delete("documents/ab/one");
    expect(await store.get("documents/ab/one")).toBeNull();
    await expect(store.get("../outside")).rejects.toThrow(/unsafe storage key/);
  });

  it("a download cancelled half-way leaves the store usable", async () => {
    const store = make();
    await store.put("documents/cd/two", new Uint8Array(1024 * 1024).fill(7));
    const file = await store.get("documents/cd/two");
    const reader = file!.body.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect((await store.get("documents/cd/two"))?.size).toBe(1024 * 1024);
  });
});

it("LocalDiskFileStore: a reader keeps the version it opened while a put replaces it, and no partial file is left", async () => {
  const store = new LocalDiskFileStore(path.join(root, "versions"));
  await store.put("documents/ef/three", new Uint8Array(200 * 1024).fill(1));
  const opened = await store.get("documents/ef/three");
  await store.put("documents/ef/three", new Uint8Array(10).fill(2));
  const old = await bytesOf(opened);
  expect(old?.byteLength).toBe(200 * 1024);
  expect(old?.every((b) => b === 1)).toBe(true);
  expect(await bytesOf(await store.get("documents/ef/three"))).toEqual(new Uint8Array(10).fill(2));
  expect(readdirSync(path.join(root, "versions", "documents", "ef"))).toEqual(["three"]);
});
