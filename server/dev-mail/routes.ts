/**
 * The dev mailbox's data: the outbox, newest first. Plain routes, not part of the OpenAPI
 * contract; app.ts mounts them under /ops, which exists only outside production and only
 * answers requests carrying the ops token.
 */
import { desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { outboxEmails } from "../db/schema";
import { notFound } from "../lib/errors";
import { OUTBOX_LIST_LIMIT, summary, type OutboxEmail } from "./views";


export const devMailRoutes = new Hono<AppEnv>()
  /** GET /outbox[?to=address]: the latest 100 e-mails, newest first (optionally to one address). */
  .get("/outbox", async (c) => {
    const { db } = c.get("deps");
    const to = c.req.query("to")?.trim().slice(0, 254);
    const rows = await db
      .select({
        id: outboxEmails.id,
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        template: outboxEmails.template,
        userId: outboxEmails.userId,
        createdAt: outboxEmails.createdAt,
        sentAt: outboxEmails.sentAt,
        attempts: outboxEmails.attempts,
        lastError: outboxEmails.lastError,
      })
      .from(outboxEmails)
      .where(to ? sql`lower(${outboxEmails.to}) = ${to.toLowerCase()}` : undefined)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(OUTBOX_LIST_LIMIT);
    return c.json({ emails: rows.map(summary) });
  })
  /** GET /outbox/:id: one e-mail with its text and attachments. */
  .get("/outbox/:id", async (c) => {
    const { db } = c.get("deps");
    const id = c.req.param("id");
    if (id.length > 100) throw notFound();
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id)).limit(1);
    if (!row) throw notFound();
    return c.json({ ...summary(row), text: row.text, attachments: row.attachments ?? [] } satisfies OutboxEmail);
  });
