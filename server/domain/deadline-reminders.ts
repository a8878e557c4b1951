/**
 * The reminders before each response and payment deadline (issue 28, scope 2), as pure rules:
 * which deadlines can have a reminder due soon, what names one reminder (its dedupe key), and
 * which tenants still have a payment of their own to make. Which reminder is due when is
 * `reminderDue` (./notices.ts); the job that sends them is server/claims/reminder-service.ts.
 */
import { isOwnShareAction } from "./claim-payments.js";
import type { ReminderStage } from "./notices/index.js";
import { toInstant, type Instant } from "./london-time.js";

/** The reminder kinds, each one deadline the tenants must meet. */
export type DeadlineReminderKind = "RESPONSE_REMINDER" | "DISPUTE_FEE_REMINDER" | "PAYMENT_REMINDER" | "ADJUDICATION_PAYMENT_REMINDER";

export const REMINDER_STAGES: readonly ReminderStage[] = ["DAY_BEFORE", "ON_THE_DAY"];

/**
 * How far ahead a deadline can be when a reminder is due: the day-before one starts at 8am
 * London on the day before the deadline's day, at most 40 hours before the deadline (a 25-hour
 * day when the clocks go back). The job only looks at deadlines this close.
 */
export const REMINDER_LOOKAHEAD_MS = 48 * 3600_000;

/**
 * What names one reminder, whoever queues it and however often: the kind, what it is about
 * (the proposal or the arbitration), the deadline (a new deadline, such as the 7 days given
 * again when a proposal's hold runs out, has its own reminders) and the stage. The outbox adds
 * the recipient and the channel (server/lib/notices.ts), and its unique index keeps each once.
 */
export function reminderDedupeKey(kind: DeadlineReminderKind, subjectId: string, deadline: Instant, stage: ReminderStage): string {
  return `${kind}:${subjectId}:${toInstant(deadline).toISOString()}:${stage}`;
}

/** A tenant's pay action on an order (what is left to pay on it, and whether it is done). */
export type TenantPayAction = { typeId: string; completedAt: Date | null; amountRemainingPence: number };

/**
 * What a tenant still has to pay of their own on an order, or null when nothing: on a charges or
 * adjudication order, their own share (CLAIM_PAY, ARBITRATION_PAY) while it is open, and for a
 * tenant with no share of their own (a £0 share) the remaining balance while it is open; on the
 * dispute fee order, the fee (ARBITRATION_ADMIN_PAY) while it is open. A tenant who paid their
 * share has acted, even while a co-tenant's part is still owed (joint liability lets them clear
 * it, but the reminder is for those who have not paid); a co-tenant's payment of the whole
 * balance settles everyone's actions, so then nobody is reminded.
 */
export function ownPaymentOpen(actions: readonly TenantPayAction[]): number | null {
  const open = (a: TenantPayAction) => a.completedAt === null && a.amountRemainingPence > 0;
  const shares = actions.filter((a) => isOwnShareAction(a.typeId));
  if (shares.length > 0) {
    const share = shares.find(open);
    return share ? share.amountRemainingPence : null;
  }
  const other = actions.find(open);
  return other ? other.amountRemainingPence : null;
}
