/**
 * A text message's delivery status as the provider reports it (Twilio's status callbacks, issue
 * 38; decision 0060). Callbacks can arrive late, twice or out of order: a status only moves
 * forward (queued → sending → sent → delivered / undelivered / failed), so a late "sent" never
 * overwrites "delivered", and a replay changes nothing.
 */

/** The statuses Twilio sends to a status callback, in the order a message goes through them. */
export const SMS_STATUSES = ["accepted", "scheduled", "queued", "sending", "sent", "delivered", "read", "undelivered", "failed", "canceled"] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

const RANK: Record<SmsStatus, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  // The outcomes: whichever comes first stays.
  delivered: 4,
  read: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
};

export function isSmsStatus(value: string): value is SmsStatus {
  return (SMS_STATUSES as readonly string[]).includes(value);
}

/** True when `next` moves a message recorded at `current` (null: nothing heard yet) forward. */
export function smsStatusMovesForward(current: string | null, next: SmsStatus): boolean {
  if (current === null || !isSmsStatus(current)) return true;
  return RANK[next] > RANK[current];
}

/** The statuses that mean the text did not reach the phone. */
export function smsNotDelivered(status: string | null): boolean {
  return status === "undelivered" || status === "failed";
}
