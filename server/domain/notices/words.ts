/** The words several notices share: the property's line, the greeting, the consequences (see ./index.ts). */
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { PRODUCT_NAME } from "#common/product";
import { plainPounds } from "#common/wording";
import { MORE_TIME_ANSWER_WORKING_DAYS } from "../more-time.js";
import type { MoreTimeLink, Recipient, ReminderStage } from "./types";

/** An address's parts, as the addresses table holds them. */
export type NoticeAddress = {
  flatNumber?: string | null;
  roomNumber?: string | null;
  buildingName?: string | null;
  buildingNumber?: string | null;
  street: string;
  town?: string | null;
  postcode: string;
};

/** "Flat 2, 12 Orchard Road, Bristol BS1 1AA": the property on one line. */
export function propertyLine(a: NoticeAddress): string {
  const clean = (v: string | null | undefined) => v?.trim() || null;
  const flat = clean(a.flatNumber);
  const room = clean(a.roomNumber);
  const parts = [
    flat ? (/^flat\b/i.test(flat) ? flat : `Flat ${flat}`) : null,
    room ? (/^room\b/i.test(room) ? room : `Room ${room}`) : null,
    clean(a.buildingName),
    [clean(a.buildingNumber), clean(a.street)].filter(Boolean).join(" ") || null,
    [clean(a.town), clean(a.postcode)].filter(Boolean).join(" ") || null,
  ];
  return parts.filter(Boolean).join(", ");
}


export const hello = (to: Recipient) => `Hello ${to.firstName},`;
export const MORE_TIME_ANSWER_DAYS_WORDS = `${MORE_TIME_ANSWER_WORKING_DAYS} working days`;
export const smsHi = (to: Recipient) => `${PRODUCT_NAME}: Hi ${to.firstName},`;
export const fee = plainPounds(DISPUTE_FEE_PENCE);
export const IF_NOTHING_CHARGES = "If nobody answers by then, the charges are treated as accepted and must be paid in full.";
export const IF_NOTHING_FINAL = "If nobody answers by then, the final proposal is treated as accepted and must be paid in full.";
/** Issue 36: the deadline notices offer more time before the consequence (SMS keeps its one link). */
export const askForMoreTime = (f: MoreTimeLink) => ["", "Need more time? Ask for it here:", f.moreTimeLink];
export const days = (n: number) => `${n} more ${n === 1 ? "day" : "days"}`;
export const answering = (final: boolean) => (final ? "final proposal" : "end of tenancy charges");

export function stageWords(stage: ReminderStage) {
  return stage === "DAY_BEFORE" ? "tomorrow" : "today";
}
