import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/app";
import { readApiConfig } from "../../server/config";
import type { FileStore, StoredFile } from "../../server/lib/files";
import { S3FileStore, type S3Settings } from "../../server/lib/s3-files";
import { newId } from "../../server/lib/tokens";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * Issue 25, scope 2: documents in object storage, against a real S3-compatible server. CI
 * (.ci/run) starts one with scripts/s3-local.ts and names it in TEST_S3_ENDPOINT; without it,
 * this file starts s3rver itself on a free port, so the S3 path is always tested.
 */
const MB = 1024 * 1024;
let server: S3rver | undefined;
let scratch: string;
let settings: S3Settings;
let store: S3FileStore;
let t: TestApi;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "keyfree-s3-test-"));
  if (process.env.TEST_S3_ENDPOINT) {
    settings = {
      bucket: process.env.TEST_S3_BUCKET ?? "keyfree-ci",
      region: "us-east-1",
      endpoint: process.env.TEST_S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "S3RVER", secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "S3RVER" },
    };
  } else {
    const bucket = "keyfree-test";
    server = new S3rver({ port: 0, address: "127.0.0.1", directory: path.join(scratch, "s3"), silent: true, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    settings = {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    };
  }
  store = new S3FileStore(settings);
  t = await createTestApi();
});

afterAll(async () => {
  store?.close();
  await t?.close();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A key of this run's own (the CI bucket is shared by every file and run). */
const key = () => `documents/test/${newId()}`;

async function bytesOf(file: StoredFile | null) {
  return file ? new Uint8Array(await new Response(file.body).arrayBuffer()) : null;
}

/** `size` bytes that differ from place to place (so a shifted or repeated block shows). */
function patterned(size: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >>> 13)) & 0xff;
  return bytes;
}

/** A PDF of `size` bytes on disk, opened as the upload's scratch file is (a Blob read from disk). */
async function pdfOnDisk(size: number) {
  const bytes = patterned(size);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n% evidence\n"));
  const file = path.join(scratch, `${newId()}.pdf`);
  writeFileSync(file, bytes);
  return { bytes, blob: await openAsBlob(file) };
}

describe("S3FileStore against an S3-compatible server", () => {
  it("puts, gets, overwrites and deletes; a missing key is null, and deleting it again is fine", async () => {
    const k = key();
    const first = new TextEncoder().encode("first version");
    await store.put(k, first);
    const got = await store.get(k);
    expect(got?.size).toBe(first.byteLength);
    expect(await bytesOf(got)).toEqual(first);
    // A second put of the key replaces it (a retried upload is harmless).
    const second = new TextEncoder().encode("second, longer version");
    await store.put(k, second);
    expect(await bytesOf(await store.get(k))).toEqual(second);
    await store.delete(k);
    expect(await store.get(k)).toBeNull();
    await store.delete(k);
    expect(await store.get(key())).toBeNull();
  });

  it("streams a multi-megabyte upload from its file and back, byte for byte", async () => {
    const { bytes, blob } = await pdfOnDisk(6 * MB + 123);
    const k = key();
    await store.put(k, blob);
    const got = await store.get(k);
    expect(got?.size).toBe(bytes.byteLength);
    // Read as a stream, in many chunks, not one whole-file buffer.
    const reader = got!.body.getReader();
    const received = new Uint8Array(got!.size);
    let offset = 0;
    let chunks = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      received.set(r.value, offset);
      offset += r.value.byteLength;
      chunks += 1;
    }
    expect(offset).toBe(bytes.byteLength);
    expect(Buffer.compare(received, bytes)).toBe(0);
    expect(chunks).toBeGreaterThan(1);
    await store.delete(k);
  });

  it("an upload's put whose connection drops half-way is sent again from the file's start", async () => {
    // A proxy in front of the server that cuts the first PUT off after its first bytes.
    const target = new URL(settings.endpoint!);
    let puts = 0;
    const proxy = createServer((req, res) => {
      if (req.method === "PUT" && ++puts === 1) {
        req.once("data", () => req.socket.destroy());
        return;
      }
      const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const flaky = new S3FileStore({ ...settings, endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
    try {
      const { bytes, blob } = await pdfOnDisk(3 * MB);
      const k = key();
      await flaky.put(k, blob);
      expect(puts).toBe(2);
      expect(Buffer.compare((await bytesOf(await store.get(k)))!, bytes)).toBe(0);
    } finally {
      flaky.close();
      proxy.close();
    }
  });

  it("refuses an unsafe key before asking the server", async () => {
    await expect(store.put("../etc/passwd", new Uint8Array([1]))).rejects.toThrow(/unsafe storage key/);
    await expect(store.get("documents/../x")).rejects.toThrow(/unsafe storage key/);
  });

  it("check() answers for the bucket, and fails naming a bucket that does not exist", async () => {
    await expect(store.check()).resolves.toBeUndefined();
    const missing = new S3FileStore({ ...settings, bucket: `missing-${newId().slice(0, 8).toLowerCase()}` });
    await expect(missing.check()).rejects.toThrow(/^S3 bucket "missing-[a-z0-9-]+" does not exist$/);
    // A missing bucket is a fault (500), never a document's "not found".
    await expect(missing.get(key())).rejects.toMatchObject({ name: "NoSuchBucket" });
    // /readyz says which part is not ready.
    const api = createApi({ db: t.db, config: t.config, clock: t.clock, files: missing, payments: t.payments });
    const res = await api.request("/readyz");
    expect([res.status, await res.json()]).toEqual([503, { status: "not ready", database: "ok", storage: "unavailable" }]);
    missing.close();
    const ready = await createApi({ db: t.db, config: t.config, clock: t.clock, files: store, payments: t.payments }).request("/readyz");
    expect(ready.status).toBe(200);
  });
});

/** The S3 store, counting the bytes its downloads have given out so far. */
function counting(inner: FileStore) {
  const read = { bytes: 0, cancelled: false };
  const files: FileStore = {
    put: (k, body) => inner.put(k, body),
    delete: (k) => inner.delete(k),
    check: () => inner.check(),
    async get(k) {
      const file = await inner.get(k);
      if (!file) return null;
      const reader = file.body.getReader();
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const r = await reader.read();
            if (r.done) return controller.close();
            read.bytes += r.value.byteLength;
            controller.enqueue(r.value);
          },
          cancel: (reason) => {
            read.cancelled = true;
            return reader.cancel(reason);
          },
        },
        { highWaterMark: 0 },
      );
      return { body, size: file.size };
    },
  };
  return { files, read };
}

describe("the documents API on S3", () => {
  async function upload(api: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, token: string, blob: Blob) {
    const form = new FormData();
    form.append("file", blob, "evidence.pdf");
    form.append("type", "CLAIM_ITEM");
    const res = await api.request("/documents", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as { id: string } };
  }

  it("an upload is stored in the bucket and downloaded through the tenant check: the uploader gets its bytes, another tenant 404", async () => {
    const api = createApi({ db: t.db, config: t.config, clock: t.clock, files: store, payments: t.payments });
    const owner = await t.quickTenant();
    const stranger = await t.quickTenant();
    const { bytes, blob } = await pdfOnDisk(2 * MB + 7);
    const created = await upload(api, owner.token, blob);
    expect(created.status).toBe(201);

    const res = await api.request(`/documents/${created.body.id}/content`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.compare(new Uint8Array(await res.arrayBuffer()), bytes)).toBe(0);

    const refused = await api.request(`/documents/${created.body.id}/content`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.status).toBe(404);
    await refused.body?.cancel();
  });

  it("a large download is sent as it is read from the bucket, never read whole first", async () => {
    const { files, read } = counting(store);
    const api = createApi({ db: t.db, config: t.config, clock: t.clock, files, payments: t.payments });
    const owner = await t.quickTenant();
    const size = 12 * MB;
    const { bytes, blob } = await pdfOnDisk(size);
    const created = await upload(api, owner.token, blob);
    expect(created.status).toBe(201);

    const res = await api.request(`/documents/${created.body.id}/content`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The answer's first chunk is out while most of the object is still in the bucket.
    expect(read.bytes).toBeLessThan(size / 8);

    let received = first.value!.byteLength;
    const tail: Uint8Array[] = [first.value!];
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      tail.push(r.value);
      received += r.value.byteLength;
    }
    expect(received).toBe(size);
    expect(read.bytes).toBe(size);
    expect(Buffer.compare(Buffer.concat(tail), bytes)).toBe(0);
    expect(read.cancelled).toBe(false);

    // A HEAD gets the headers, and the object's stream is closed at once, not left to the collector.
    read.bytes = 0;
    const head = await api.request(`/documents/${created.body.id}/content`, { method: "HEAD", headers: { authorization: `Bearer ${owner.token}` } });
    expect([head.status, head.headers.get("content-length"), head.body]).toEqual([200, String(size), null]);
    expect(read.cancelled).toBe(true);
    expect(read.bytes).toBeLessThan(size / 8);
  });
});

describe("S3 settings from the environment", () => {
  it("S3_BUCKET turns object storage on; its companions without it, or half a key pair, stop the start with a clear message", () => {
    expect(readApiConfig({}).s3).toBeUndefined();
    expect(readApiConfig({ S3_BUCKET: "keyfree-docs", S3_REGION: "eu-west-2" }).s3).toEqual({
      bucket: "keyfree-docs",
      region: "eu-west-2",
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(readApiConfig({ S3_BUCKET: "keyfree-docs", S3_REGION: "us-east-1", S3_ENDPOINT: "http://127.0.0.1:4569" }).s3).toMatchObject({
      endpoint: "http://127.0.0.1:4569",
      forcePathStyle: true,
    });
    expect(readApiConfig({ S3_BUCKET: "b-1", S3_REGION: "us-east-1", S3_ENDPOINT: "https://s3.example", S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
    expect(() => readApiConfig({ S3_BUCKET: "keyfree-docs" })).toThrow(/S3_REGION is required when S3_BUCKET is set/);
    expect(() => readApiConfig({ S3_ENDPOINT: "http://127.0.0.1:4569" })).toThrow(/S3_ENDPOINT set without S3_BUCKET/);
    expect(() => readApiConfig({ S3_BUCKET: "Not_A_Bucket", S3_REGION: "eu-west-2" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => readApiConfig({ S3_BUCKET: "b-1", S3_REGION: "eu-west-2", S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => readApiConfig({ S3_BUCKET: "b-1", S3_REGION: "eu-west-2", AWS_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/,
    );
  });

  it("the message for a bad key pair never repeats the key", () => {
    expect(() => readApiConfig({ S3_BUCKET: "b-1", S3_REGION: "eu-west-2", AWS_SECRET_ACCESS_KEY: "very-secret-value" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("very-secret-value") }),
    );
  });
});
