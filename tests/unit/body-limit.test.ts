import { describe, expect, it } from "vitest";
import {
  assertBodySize,
  FILE_TOO_LARGE_MESSAGE,
  FORM_MAX_BYTES,
  FORM_TOO_LARGE_MESSAGE,
  maxBodyBytes,
  UPLOAD_BODY_MAX_BYTES,
} from "../../app/lib/body-limit.server";
import { assertCsrf, FORM_TYPE_REFUSED_MESSAGE, FORM_UNREADABLE_MESSAGE } from "../../app/lib/csrf.server";
import { commitSession, ensureCsrfToken, getSession } from "../../app/lib/session.server";
import { UPLOAD_MAX_BYTES } from "#common/uploads";

/** What a refusal thrown as `data(...)` carries: its status and message. */
async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
    return { status: 200, message: undefined };
  } catch (thrown) {
    const t = thrown as { init?: { status?: number }; data?: { message?: string } };
    return { status: t.init?.status ?? -1, message: t.data?.message };
  }
}

/** A post whose body arrives as a stream without a Content-Length (chunked), in `chunks` pieces of `size` bytes. */
function streamedPost(path: string, chunks: number, size: number) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("body size limits (one place: app/lib/body-limit.server.ts)", () => {
  it("the upload limit is the shared rule's (the spec's 30MB), the form limit 64 KB", () => {
    expect(UPLOAD_MAX_BYTES).toBe(30 * 1024 * 1024);
    expect(UPLOAD_BODY_MAX_BYTES).toBe(30 * 1024 * 1024 + 65_536);
    expect(FORM_MAX_BYTES).toBe(65_536);
  });

  it("gives a path declared as an upload the upload limit, and every other path the form limit", () => {
    const uploads = ["/claims/:claimId/evidence"];
    expect(maxBodyBytes("/claims/abc/evidence", uploads)).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(maxBodyBytes("/auth/login", uploads)).toBe(FORM_MAX_BYTES);
    expect(maxBodyBytes("/auth/login")).toBe(FORM_MAX_BYTES);
  });

  it("refuses a declared Content-Length over the limit with 413 before reading anything", async () => {
    const req = new Request("http://localhost:3000/auth/login", {
      method: "POST",
      body: "small",
      headers: { "content-length": String(FORM_MAX_BYTES + 1) },
    });
    expect(await refusalOf(assertBodySize(req))).toEqual({ status: 413, message: FORM_TOO_LARGE_MESSAGE });
    expect(req.bodyUsed).toBe(false);
  });

  it("counts a body sent without a length, stops at the limit, and leaves a small one for the action", async () => {
    expect(await refusalOf(assertBodySize(streamedPost("/auth/login", 100, 1024)))).toEqual({
      status: 413,
      message: FORM_TOO_LARGE_MESSAGE,
    });
    const small = streamedPost("/auth/login", 2, 1024);
    expect(await refusalOf(assertBodySize(small))).toEqual({ status: 200, message: undefined });
    expect((await small.text()).length).toBe(2048);
    const uploads = ["/upload"];
    expect(await refusalOf(assertBodySize(streamedPost("/upload", 100, 1024), uploads))).toEqual({ status: 200, message: undefined });
    const huge = streamedPost("/upload", 31, 1024 * 1024);
    expect(await refusalOf(assertBodySize(huge, uploads))).toEqual({ status: 413, message: FILE_TOO_LARGE_MESSAGE });
  });
});

describe("a post that is not a readable form is refused with a page, never a 500", () => {
  async function signed(body: BodyInit, contentType: string) {
    const session = await getSession(new Request("http://localhost/"));
    const { token } = ensureCsrfToken(session);
    const cookie = (await commitSession(session)).split(";")[0]!;
    const req = new Request("http://localhost:3000/auth/login", {
      method: "POST",
      body: typeof body === "string" ? body.replace("TOKEN", token) : body,
      headers: { "content-type": contentType, host: "localhost:3000", origin: "http://localhost:3000", cookie },
    });
    return req;
  }

  it("answers a malformed multipart body with 400", async () => {
    const req = await signed(
      '--B\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nTOKEN\r\n--B\r\nContent-Dis',
      "multipart/form-data; boundary=B",
    );
    expect(await refusalOf(assertCsrf(req))).toEqual({ status: 400, message: FORM_UNREADABLE_MESSAGE });
  });

  it.each(["application/json", "text/plain", ""])("answers a %j body with 415", async (type) => {
    const req = await signed('{"csrf":"TOKEN"}', type);
    expect(await refusalOf(assertCsrf(req))).toEqual({ status: 415, message: FORM_TYPE_REFUSED_MESSAGE });
  });

  it("lets a good multipart form through, its body still there for the action", async () => {
    // A boundary like a browser's: a one-letter boundary ("B") also turns up inside the random
    // token now and then, and Node's multipart parser then fails on a well-formed body.
    const boundary = "----KeyfreeFormBoundary.7MA4YWxk";
    const req = await signed(
      `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nTOKEN\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(await refusalOf(assertCsrf(req))).toEqual({ status: 200, message: undefined });
    expect((await req.formData()).get("csrf")).toBeTruthy();
  });
});
