import type { NoticeKind } from "../server/domain/notices";

/**
 * The notices only time brings (issue 28): e2e/notices.clock.spec.ts produces them on the clock
 * server and follows their links; e2e/email-links.spec.ts produces every other kind of e-mail.
 */
export const PRODUCED_BY_THE_CLOCK: readonly NoticeKind[] = [
  "RESPONSE_REMINDER",
  "PAYMENT_REMINDER",
  "DISPUTE_FEE_REMINDER",
  "ADJUDICATION_PAYMENT_REMINDER",
  "PROPOSAL_HOLD_EXPIRED",
  "CHARGES_DEEMED_ACCEPTED",
];
