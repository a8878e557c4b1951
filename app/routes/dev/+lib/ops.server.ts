/**
 * The web's way to the API's ops routes (outside production only): the outbox behind the
 * dev mailbox. Requests carry the ops token the web server sets (OPS_TOKEN).
 */
import { londonDateTime } from "#common/wording";
import type { OutboxEmail, OutboxSmsMessage, OutboxSummary } from "#common/dev-mail";
import type { Api } from "~/lib/api.server";

export type { OutboxEmail, OutboxSmsMessage, OutboxSummary };

/** The ops routes are out of reach: no ops token here, or the API does not mount them. */
export class OpsUnavailable extends Error {
  constructor() {
    super("The ops routes are not available: start the app with `npm start`, or give the web and the API the same OPS_TOKEN.");
  }
}

async function opsGet(api: Api, path: string): Promise<Response> {
  const token = process.env.OPS_TOKEN;
  if (!token) throw new OpsUnavailable();
  return api.request(`/ops${path}`, { headers: { "x-ops-token": token, accept: "application/json" } });
}

async function failure(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof body?.message === "string" ? body.message : `status ${response.status}`;
  return new Error(`The outbox could not be read: ${message}`);
}

/** The latest 100 e-mails, newest first; only those to `to` when given. */
export async function fetchOutbox(api: Api, to?: string): Promise<OutboxSummary[]> {
  const response = await opsGet(api, `/outbox${to ? `?${new URLSearchParams({ to }).toString()}` : ""}`);
  // Without the right token (or with ops routes not mounted) the API answers 404 for everything under /ops.
  if (response.status === 404) throw new OpsUnavailable();
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { emails: OutboxSummary[] };
  return body.emails;
}

/** The latest 100 text messages, newest first; only those to the tenant with the e-mail address `to` when given. */
export async function fetchOutboxSms(api: Api, to?: string): Promise<OutboxSmsMessage[]> {
  const response = await opsGet(api, `/outbox-sms${to ? `?${new URLSearchParams({ to }).toString()}` : ""}`);
  if (response.status === 404) throw new OpsUnavailable();
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { messages: OutboxSmsMessage[] };
  return body.messages;
}

/** One e-mail with its text, or null when there is none with that id. */
export async function fetchOutboxEmail(api: Api, id: string): Promise<OutboxEmail | null> {
  const response = await opsGet(api, `/outbox/${encodeURIComponent(id)}`);
  if (response.status === 404) return null;
  if (!response.ok) throw await failure(response);
  return (await response.json()) as OutboxEmail;
}

/** Outbox times as a person reads them, in UK time: "22 Nov 2026, 10:00". */
export function formatMailTime(iso: string): string {
  return londonDateTime(iso);
}

export function deliveryStatus(e: {
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
  deliveryStatus?: string | null;
  deliveryErrorCode?: string | null;
}): string {
  // A text's status from the provider's callback (issue 38): "Delivered", "Undelivered (error 30003)".
  if (e.sentAt && e.deliveryStatus) {
    const status = `${e.deliveryStatus[0]!.toUpperCase()}${e.deliveryStatus.slice(1)}`;
    return e.deliveryErrorCode ? `${status} (error ${e.deliveryErrorCode})` : status;
  }
  if (e.sentAt) return "Sent";
  if (e.lastError) return `Not sent (${e.attempts} ${e.attempts === 1 ? "attempt" : "attempts"})`;
  return "Not sent";
}
