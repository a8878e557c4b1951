/**
 * The figures /metrics reads from the database at scrape time (issue 41, decision 0070), one
 * cheap query each, registered by the runtime that runs the clock's jobs (one per instance; in a
 * cluster the primary): the outbox's waiting notices and the oldest one's age, per channel that
 * is being sent (e-mail with SMTP_URL, texts with Twilio or its stand-in: without them the
 * development mailbox reads the outbox and nothing drains it), and the offline sandbox's
 * undelivered webhooks (Stripe keeps its own backlog: what we see of it is in
 * keyfree_webhook_events_total and reconciliation's findings).
 */
import { sql } from "drizzle-orm";
import type { ApiConfig } from "../config";
import type { Database } from "../db";
import { outboxEmails, outboxSms } from "../db/schema";
import type { Clock } from "./clock";
import { MAX_DELIVERY_ATTEMPTS } from "./mail-delivery";
import { collectAtScrape, outboxGivenUp, outboxMessages, outboxOldestAge, webhookBacklog, webhookBacklogOldestAge } from "./metrics";
import { MAX_SMS_ATTEMPTS } from "./sms-delivery";
import type { StripeSandbox } from "./stripe";

type Figures = { channel: string; waiting: number | string; given_up: number | string; oldest: Date | string | null };

const ageSeconds = (now: Date, oldest: Date | string | null) => (oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0);

/** Registers the database's figures for this process's scrapes; returns what stops them. */
export function collectDatabaseFigures(deps: {
  db: Database;
  clock: Clock;
  config: Pick<ApiConfig, "smtpUrl" | "twilio">;
  sandbox?: Pick<StripeSandbox, "webhookBacklog">;
  textsSent?: boolean;
}): () => void {
  const channels = [
    ...(deps.config.smtpUrl ? [{ channel: "email", table: outboxEmails, max: MAX_DELIVERY_ATTEMPTS }] : []),
    ...(deps.config.twilio || deps.textsSent ? [{ channel: "sms", table: outboxSms, max: MAX_SMS_ATTEMPTS }] : []),
  ];
  const stopOutbox = channels.length
    ? collectAtScrape(async () => {
        // One statement for both channels; the unsent rows only (the outbox's unsent index).
        const parts = channels.map(
          ({ channel, table, max }) =>
            sql`select ${channel} as channel, count(*) filter (where ${table.attempts} < ${max}) as waiting,
              count(*) filter (where ${table.attempts} >= ${max}) as given_up,
              min(${table.createdAt}) filter (where ${table.attempts} < ${max}) as oldest
              from ${table} where ${table.sentAt} is null`,
        );
        const result = await deps.db.execute(sql.join(parts, sql` union all `));
        const now = deps.clock.now();
        for (const row of (result as unknown as { rows: Figures[] }).rows) {
          outboxMessages.set({ channel: row.channel }, Number(row.waiting));
          outboxGivenUp.set({ channel: row.channel }, Number(row.given_up));
          outboxOldestAge.set({ channel: row.channel }, ageSeconds(now, row.oldest));
        }
      })
    : undefined;
  const sandbox = deps.sandbox;
  const stopWebhooks = sandbox
    ? collectAtScrape(async () => {
        const backlog = await sandbox.webhookBacklog();
        webhookBacklog.set({ provider: "sandbox" }, backlog.events);
        // The sandbox's queue runs on the wall clock (its retries are measured on it).
        webhookBacklogOldestAge.set({ provider: "sandbox" }, ageSeconds(new Date(), backlog.oldestCreatedAt));
      })
    : undefined;
  return () => {
    stopOutbox?.();
    stopWebhooks?.();
  };
}
