import { z } from "@hono/zod-openapi";
import type { Context } from "hono";

/** A stored file's answer in the contract: its bytes, as `contentType` (a document, a tenant's data export). */
export function fileResponse(description: string, contentType: string) {
  return { 200: { description, content: { [contentType]: { schema: z.string().openapi({ type: "string", format: "binary" }) } } } } as const;
}

/**
 * A stored file answered as it is read (never whole in memory). Hono answers a HEAD with the GET
 * handler and drops the body unread: the file (or the bucket's connection) is closed now rather
 * than whenever it is collected.
 */
export async function answerFile(c: Context, file: { body: ReadableStream<Uint8Array>; headers: Record<string, string> }) {
  if (c.req.method === "HEAD") {
    await file.body.cancel();
    return c.body(null, 200, file.headers) as never;
  }
  return c.body(file.body, 200, file.headers) as never;
}
