import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext } = await import("../../app/lib/api.server");
const { middleware } = await import("../../app/routes/resources/document");

/**
 * Issue 25, scope 2: a document download is passed from the API to the browser as it arrives
 * (the web never reads it whole), with the API's length, type and name.
 */
describe("the web's document download", () => {
  it("passes the API's body through as a stream: its first chunk is out before the API has sent the rest", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(9);
    let cancelled = false;
    // An API answer whose body has sent one chunk of ten megabytes, and waits.
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(chunk),
      cancel: () => {
        cancelled = true;
      },
    });
    const headers = { "content-type": "application/pdf", "content-length": String(10 * 1024 * 1024), "content-disposition": 'attachment; filename="big.pdf"' };
    const paths: string[] = [];
    const api = {
      request: async (path: string) => {
        paths.push(path);
        return new Response(body, { status: 200, headers });
      },
    };
    const context = new RouterContextProvider();
    context.set(apiContext, api as never);
    const request = new Request("http://localhost/documents/d1");
    const next = async () => {
      throw new Error("a download the API answered does not fall through to the loader");
    };
    const answered = middleware[0]!({ request, url: new URL(request.url), params: { documentId: "d1" }, context } as never, next as never);
    const waitedForAll = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("the download waited for the API's whole body")), 2_000).unref(),
    );
    const answer = (await Promise.race([answered, waitedForAll])) as Response;

    expect(paths).toEqual(["/documents/d1/content"]);
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(["content-type", "content-length", "content-disposition", "cache-control"].map((h) => [h, answer.headers.get(h)]))).toEqual({
      ...headers,
      "cache-control": "private, no-store",
    });
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(chunk.byteLength);
    // The browser going away stops the API's stream (the file or the bucket's connection closes).
    await reader.cancel();
    expect(cancelled).toBe(true);
  });

  it("a HEAD asks the API for a HEAD (which closes the file at once) and answers the headers", async () => {
    const calls: { path: string; method: string | undefined }[] = [];
    const api = {
      request: async (path: string, init?: { method?: string }) => {
        calls.push({ path, method: init?.method });
        return new Response(null, { status: 200, headers: { "content-type": "application/pdf", "content-length": "1234" } });
      },
    };
    const context = new RouterContextProvider();
    context.set(apiContext, api as never);
    const request = new Request("http://localhost/documents/d1", { method: "HEAD" });
    const answer = (await middleware[0]!({ request, url: new URL(request.url), params: { documentId: "d1" }, context } as never, (async () => undefined) as never)) as Response;
    expect(calls).toEqual([{ path: "/documents/d1/content", method: "HEAD" }]);
    expect([answer.status, answer.headers.get("content-length"), answer.body]).toEqual([200, "1234", null]);
  });
});
