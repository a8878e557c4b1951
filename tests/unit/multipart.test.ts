import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  MultipartRefusal,
  parseMultipart,
  removeStaleScratch,
  SCRATCH_MAX_AGE_MS,
  SCRATCH_PREFIX,
  type MultipartLimits,
} from "../../server/lib/multipart";

/** Issue 23, scope 3: multipart posts read as they arrive, files to scratch files, limits enforced while reading. */
const LIMITS: MultipartLimits = { maxBodyBytes: 4096, maxFileBytes: 1000, maxFiles: 2, maxFields: 5, maxFieldBytes: 100 };

const post = (body: FormData | string, contentType?: string) =>
  new Request("http://x.test/upload", { method: "POST", body, ...(contentType ? { headers: { "content-type": contentType } } : {}) });

/** A body sent in chunks with no Content-Length, as a browser streams a large upload. */
function streamed(form: FormData): Request {
  const sized = new Request("http://x.test/", { method: "POST", body: form });
  return new Request("http://x.test/upload", {
    method: "POST",
    body: sized.body,
    headers: { "content-type": sized.headers.get("content-type")! },
    duplex: "half",
  } as RequestInit);
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return "parsed";
  } catch (error) {
    if (error instanceof MultipartRefusal) return error.reason;
    throw error;
  }
}

const scratchFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith(SCRATCH_PREFIX));

describe("parseMultipart", () => {
  it("gives the fields and files in order, each file from a scratch file that release removes", async () => {
    const form = new FormData();
    form.append("csrf", "token");
    form.append("file", new File(["%PDF-1.4 first"], "one.pdf", { type: "application/pdf" }));
    form.append("note", "café ✓");
    form.append("file", new File(["second"], "two €.txt", { type: "text/plain" }));
    const before = new Set(scratchFolders());
    const parsed = await parseMultipart(post(form), LIMITS);
    expect([...parsed.form.keys()]).toEqual(["csrf", "file", "note", "file"]);
    expect(parsed.form.get("note")).toBe("café ✓");
    const [one, two] = parsed.form.getAll("file") as File[];
    expect([one!.name, one!.type, await one!.text()]).toEqual(["one.pdf", "application/pdf", "%PDF-1.4 first"]);
    expect([two!.name, two!.size, await two!.text()]).toEqual(["two €.txt", 6, "second"]);
    const created = scratchFolders().filter((name) => !before.has(name));
    expect(created).toHaveLength(1);
    await parsed.release();
    expect(existsSync(path.join(tmpdir(), created[0]!))).toBe(false);
  });

  it("keeps a form with no file chosen as the platform does: an empty file with an empty name", async () => {
    const form = new FormData();
    form.append("file", new File([], ""));
    const parsed = await parseMultipart(post(form), LIMITS);
    const file = parsed.form.get("file") as File;
    expect([file.name, file.size]).toEqual(["", 0]);
    await parsed.release();
  });

  it("cuts a file over its limit one byte over, for the upload check to refuse it by name", async () => {
    const form = new FormData();
    form.append("file", new File(["x".repeat(3000)], "big.pdf"));
    const parsed = await parseMultipart(post(form), { ...LIMITS, maxBodyBytes: 10_000 });
    expect((parsed.form.get("file") as File).size).toBe(LIMITS.maxFileBytes + 1);
    await parsed.release();
  });

  it("refuses a streamed body past its limit while reading it, and leaves no scratch file", async () => {
    const before = new Set(scratchFolders());
    const form = new FormData();
    form.append("file", new File(["x".repeat(900)], "a.pdf"));
    form.append("file2", new File(["y".repeat(900)], "b.pdf"));
    form.append("more", "z".repeat(90));
    expect(await refusal(parseMultipart(streamed(form), { ...LIMITS, maxBodyBytes: 1500 }))).toBe("too-large");
    expect(scratchFolders().filter((name) => !before.has(name))).toEqual([]);
  });

  it("refuses too many files, too many fields and a field over its limit", async () => {
    const files = new FormData();
    for (const name of ["a", "b", "c"]) files.append("file", new File([name], `${name}.txt`));
    expect(await refusal(parseMultipart(post(files), LIMITS))).toBe("too-large");
    const fields = new FormData();
    for (let i = 0; i < 6; i += 1) fields.append(`f${i}`, "v");
    expect(await refusal(parseMultipart(post(fields), LIMITS))).toBe("too-large");
    const long = new FormData();
    long.append("reason", "r".repeat(101));
    expect(await refusal(parseMultipart(post(long), LIMITS))).toBe("too-large");
  });

  it("refuses a body that is not the multipart form its content type says", async () => {
    expect(await refusal(parseMultipart(post("not multipart at all", "multipart/form-data; boundary=xyz"), LIMITS))).toBe("unreadable");
    expect(await refusal(parseMultipart(post("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated", "multipart/form-data; boundary=xyz"), LIMITS))).toBe("unreadable");
    expect(await refusal(parseMultipart(post("a=b", "multipart/form-data"), LIMITS))).toBe("unreadable");
  });
});

describe("removeStaleScratch", () => {
  const root = mkdtempSync(path.join(tmpdir(), "keyfree-scratch-sweep-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("removes the scratch folders a crash left an hour ago or more, and nothing else", async () => {
    const now = Date.now();
    const old = path.join(root, `${SCRATCH_PREFIX}old`);
    const fresh = path.join(root, `${SCRATCH_PREFIX}fresh`);
    const other = path.join(root, "someone-elses");
    for (const folder of [old, fresh, other]) mkdirSync(folder);
    const longAgo = new Date(now - SCRATCH_MAX_AGE_MS - 1000);
    utimesSync(old, longAgo, longAgo);
    utimesSync(other, longAgo, longAgo);
    expect(await removeStaleScratch(root, now)).toBe(1);
    expect(readdirSync(root).sort()).toEqual([`${SCRATCH_PREFIX}fresh`, "someone-elses"]);
  });
});
