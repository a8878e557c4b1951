/**
 * The dev mailbox's data: the outbox, newest first. Plain routes, not part of the OpenAPI
 * contract; app.ts mounts them under /ops, which exists only outside production and only
 * answers requests carrying the ops token.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../server/context";
import { notFound } from "../../server/lib/errors";
import { outboxEmail, outboxList, outboxSmsList } from "./views";

export const devMailRoutes = new Hono<AppEnv>()
  /** GET /outbox[?to=address]: the latest 100 e-mails, newest first (optionally to one address). */
  .get("/outbox", async (c) => {
    const to = c.req.query("to")?.trim().slice(0, 254);
    return c.json(await outboxList(c.get("deps").db, to));
  })
  /** GET /outbox-sms[?to=e-mail address]: the latest 100 text messages, newest first (optionally to the tenant with that address). */
  .get("/outbox-sms", async (c) => {
    const to = c.req.query("to")?.trim().slice(0, 254);
    return c.json(await outboxSmsList(c.get("deps").db, to));
  })
  /** GET /outbox/:id: one e-mail with its text and attachments. */
  .get("/outbox/:id", async (c) => {
    const id = c.req.param("id");
    if (id.length > 100) throw notFound();
    const email = await outboxEmail(c.get("deps").db, id);
    if (!email) throw notFound();
    return c.json(email);
  });
