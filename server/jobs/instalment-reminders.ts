/**
 * The reminder e-mails of a live payment plan (part 2 §2 payment-plan-live: "e-mails one week
 * and one day before each charge"): the amount, the date, the card's ending and the link to the
 * plan's active page; each sent once (PAYMENT_PLAN_INSTALMENT_REMINDER, the text says "in one
 * week" or "tomorrow"). Which one is due on a London day is instalmentReminderDue (domain).
 *
 * Each instalment is handled in its own transaction that locks it (`FOR UPDATE SKIP LOCKED`),
 * re-checks it, queues the e-mail and marks it sent: two instances never send one twice, and a
 * crash before the commit sends nothing (the next run does).
 */
import { and, asc, eq, gt, isNull, lte, not, or } from "drizzle-orm";
import type { Deps } from "../context";
import { paymentPlanInstalments, paymentPlans } from "../db/schema";
import { addCalendarDays, londonDate } from "../domain/london-time";
import { chargeWhenText, instalmentReminderDue, type InstalmentReminder } from "../domain/payment-plans-rules";
import { formatDate, plainPounds } from "#common/wording";
import { log } from "../lib/log";
import { strugglingToPayEmailLines } from "#common/struggling-to-pay";
import { queueEmail } from "../lib/mail";
import { appUrl, cardWords, planOwnerAndCard } from "../payment-plans";
import { inBreathingSpace } from "../lib/breathing-space-reads";
import { isPlanAwaitingPlanAnswer, planAwaitingPlanAnswer } from "../lib/plan-request-reads";

export type InstalmentReminderRun = { londonDay: string; weekReminders: string[]; dayReminders: string[] };

export async function sendInstalmentReminders(deps: Pick<Deps, "db" | "clock">, now: Date = deps.clock.now()): Promise<InstalmentReminderRun> {
  const today = londonDate(now);
  const run: InstalmentReminderRun = { londonDay: today, weekReminders: [], dayReminders: [] };
  // Candidates only (due within the week, a reminder not yet sent): each is locked and checked again.
  const candidates = await deps.db
    .select({ id: paymentPlanInstalments.id })
    .from(paymentPlanInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.paymentPlanId))
    .where(
      and(
        eq(paymentPlanInstalments.status, "PENDING"),
        gt(paymentPlanInstalments.dueDate, today),
        lte(paymentPlanInstalments.dueDate, addCalendarDays(today, 7)),
        or(isNull(paymentPlanInstalments.reminderWeekSentAt), isNull(paymentPlanInstalments.reminderDaySentAt)),
        eq(paymentPlans.status, "ACTIVE"),
        // Not while the tenant waits for our answer to a plan for a missed instalment of it (issue 36).
        not(planAwaitingPlanAnswer(paymentPlans.id)),
      ),
    )
    .orderBy(asc(paymentPlanInstalments.dueDate), asc(paymentPlanInstalments.id));

  for (const candidate of candidates) {
    const sent = await deps.db.transaction(async (tx) => {
      const [instalment] = await tx
        .select()
        .from(paymentPlanInstalments)
        .where(and(eq(paymentPlanInstalments.id, candidate.id), eq(paymentPlanInstalments.status, "PENDING")))
        .for("update", { skipLocked: true });
      if (!instalment) return null;
      const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, instalment.paymentPlanId));
      if (!plan || plan.status !== "ACTIVE") return null;
      if (await isPlanAwaitingPlanAnswer(tx, plan.id)) return null;
      const liveAt = plan.activatedAt ?? plan.confirmedAt ?? plan.createdAt;
      const which = instalmentReminderDue(
        {
          dueDate: instalment.dueDate,
          liveDay: londonDate(liveAt),
          weekSent: instalment.reminderWeekSentAt !== null,
          daySent: instalment.reminderDaySentAt !== null,
        },
        today,
      );
      if (which === null) return null;
      const { owner, cardLast4 } = await planOwnerAndCard(tx, plan);
      // Breathing Space (issue 36, decision 0047): no reminder of a payment while it lasts. Not marked
      // sent: a moved instalment's reminders go before its new date.
      if (owner && (await inBreathingSpace(tx, owner.userId, now))) return null;
      if (owner) {
        const when = chargeWhenText(instalment.dueDate, today);
        await queueEmail(
          tx,
          {
            to: owner.email,
            userId: owner.userId,
            template: "PAYMENT_PLAN_INSTALMENT_REMINDER",
            subject: `Your payment plan instalment of ${plainPounds(instalment.amount)} is charged ${when}`,
            text: [
              `Hello ${owner.firstName},`,
              "",
              `Instalment ${instalment.instalmentNumber} of your payment plan, ${plainPounds(instalment.amount)}, will be charged ${when}, on ${formatDate(instalment.dueDate)}, to ${cardWords(cardLast4)}.`,
              "You do not need to do anything. If the payment fails, we will e-mail you a link to pay it yourself.",
              "",
              "See your payment plan:",
              `${appUrl()}/payment-plan/${plan.id}/active`,
              ...strugglingToPayEmailLines(appUrl()),
            ].join("\n"),
          },
          now,
        );
      }
      await tx
        .update(paymentPlanInstalments)
        .set(which === "week" ? { reminderWeekSentAt: now } : { reminderDaySentAt: now })
        .where(eq(paymentPlanInstalments.id, instalment.id));
      return which;
    });
    if (sent === "week") run.weekReminders.push(candidate.id);
    else if (sent === "day") run.dayReminders.push(candidate.id);
  }
  log.info("job instalment-reminders", { londonDay: today, week: run.weekReminders.length, day: run.dayReminders.length });
  return run;
}

export type { InstalmentReminder };
