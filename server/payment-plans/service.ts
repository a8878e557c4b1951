/**
 * Payment plans (part 2 §2, §4, §9): what a step or a payment means (makePaymentPlanActive,
 * recordInstalmentPaid, recordInstalmentFailed), shared by the tenant's card step
 * (steps-service.ts), the card provider's webhook and the back office's scenarios
 * (server/scenarios/plans.ts), so all agree.
 */
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { completePaymentAction, type PaymentOutcome } from "../claim-payments";
import type { Database } from "../db";
import {
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  paymentMethods,
  paymentPlanActions,
  paymentPlanInstalments,
  paymentPlans,
  users
} from "../db/schema";
import { type PaymentPlan } from "../domain/payment-plans";
import { claimActionPaidByPaymentPlan } from "../domain/payment-plans-rules";
import { type PaymentPlanActionType, type PaymentPlanStatus } from "../domain/statuses";
import { appUrl } from "../lib/app-url";
import { queueEmail } from "../lib/mail";
import { instalmentReplacedByPlan } from "../lib/plan-request-reads";
import { paymentPlanScheduleCalendar } from "#common/payment-plan-calendar";
import { strugglingToPayEmailLines } from "#common/struggling-to-pay";
import { breathingSpacesInForce, statusOf } from "../lib/breathing-space-reads";
import { formatDate, longLondonDate, plainPounds } from "#common/wording";
import { startOfLondonDay } from "../domain/london-time";

/**
 * The web app's address, for links in e-mails. Read from APP_URL (default
 * http://localhost:3000) without a trailing slash.
 */
export { appUrl };

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A plan row with its actions and instalments, in the shape the domain rules read. */
export async function readPlan(db: Database | Tx, paymentPlanId: string, forUpdate: boolean) {
  const query = db.select().from(paymentPlans).where(eq(paymentPlans.id, paymentPlanId)).limit(1);
  const [plan] = forUpdate ? await query.for("update") : await query;
  if (!plan) throw new Error(`No payment plan ${paymentPlanId}`);
  const actions = await db
    .select()
    .from(paymentPlanActions)
    .where(eq(paymentPlanActions.paymentPlanId, plan.id))
    .orderBy(asc(paymentPlanActions.position));
  const instalments = await db
    .select()
    .from(paymentPlanInstalments)
    .where(eq(paymentPlanInstalments.paymentPlanId, plan.id))
    .orderBy(asc(paymentPlanInstalments.instalmentNumber));
  const domain: PaymentPlan = {
    id: plan.id,
    status: plan.status as PaymentPlanStatus,
    createdAt: plan.createdAt,
    actions: actions.map((a) => ({ id: a.id, typeId: a.typeId as PaymentPlanActionType, completedAt: a.completedAt })),
    instalments: instalments.map((i) => ({ id: i.id, status: i.status })),
  };
  return { plan, actions, instalments, domain };
}

/**
 * What the card step's success means (part 2 §4 "Card-details success sets nextAction to
 * none"): every step still open is completed and the plan is ACTIVE (confirmedAt kept, or
 * now; activatedAt now), with its card when one is given, and the tenant is e-mailed that it
 * is live, with its schedule (PAYMENT_PLAN_LIVE). Inside the caller's transaction, which
 * holds the plan's row.
 */
export async function makePaymentPlanActive(
  tx: Database | Tx,
  plan: { id: string; confirmedAt: Date | null },
  now: Date,
  card: { stripePaymentMethodId: string } | null = null,
) {
  const completed = await tx
    .update(paymentPlanActions)
    .set({ completedAt: now })
    .where(and(eq(paymentPlanActions.paymentPlanId, plan.id), isNull(paymentPlanActions.completedAt)))
    .returning({ id: paymentPlanActions.id });
  await tx
    .update(paymentPlans)
    .set({
      status: "ACTIVE",
      confirmedAt: plan.confirmedAt ?? now,
      activatedAt: now,
      ...(card ? { stripePaymentMethodId: card.stripePaymentMethodId } : {}),
    })
    .where(eq(paymentPlans.id, plan.id));
  await queuePaymentPlanLiveEmail(tx, plan.id, now);
  return completed.map((a) => a.id);
}

/** The plan's owner (to e-mail) and the last four digits of the plan's card (null when none is known). */
export async function planOwnerAndCard(db: Database | Tx, plan: Pick<PlanRow, "orderCustomerId" | "stripePaymentMethodId">) {
  const [owner] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(orderCustomers.id, plan.orderCustomerId))
    .limit(1);
  let cardLast4: string | null = null;
  if (plan.stripePaymentMethodId) {
    const [card] = await db
      .select({ last4: paymentMethods.last4 })
      .from(paymentMethods)
      .where(eq(paymentMethods.stripePaymentMethodId, plan.stripePaymentMethodId))
      .limit(1);
    cardLast4 = card?.last4 ?? null;
  }
  return { owner: owner ?? null, cardLast4 };
}

/** "your card ending 4242", or "your saved card" when its digits are not known. */
export function cardWords(cardLast4: string | null): string {
  return cardLast4 ? `your card ending ${cardLast4}` : "your saved card";
}

/**
 * The e-mail that the plan is live (part 2 §2 payment-plan-live, 'Your Payment Plan is Live!'):
 * the schedule, charged automatically each month to the plan's card, the reminder e-mails one
 * week and one day before each charge, the link to the plan's active page, and the schedule as
 * an .ics attachment (common/payment-plan-calendar.ts, the same file as the active page's download).
 */
export async function queuePaymentPlanLiveEmail(tx: Database | Tx, paymentPlanId: string, now: Date) {
  const { plan, instalments } = await readPlan(tx, paymentPlanId, false);
  const { owner, cardLast4 } = await planOwnerAndCard(tx, plan);
  if (!owner) return null;
  const origin = appUrl();
  const ics = paymentPlanScheduleCalendar(
    {
      paymentPlanId: plan.id,
      instalments: instalments.map((i) => ({ id: i.id, instalmentNumber: i.instalmentNumber, dueDate: i.dueDate, amount: i.amount })),
      cardLast4,
      origin,
    },
    now,
  );
  return queueEmail(
    tx,
    {
      to: owner.email,
      userId: owner.userId,
      template: "PAYMENT_PLAN_LIVE",
      subject: "Your Payment Plan is Live!",
      text: [
        `Hello ${owner.firstName},`,
        "",
        "Your Payment Plan is Live!",
        "",
        `Your instalments are charged automatically each month to ${cardWords(cardLast4)}:`,
        ...instalments.map((i) => `- ${formatDate(i.dueDate)}: ${plainPounds(i.amount)}${i.status === "PAID" ? " (paid)" : ""}`),
        "",
        "We will e-mail you one week and one day before each charge.",
        "The schedule is attached as a calendar file, to add the dates to your calendar.",
        "",
        "See your payment plan:",
        `${origin}/payment-plan/${plan.id}/active`,
      ].join("\n"),
      attachments: [{ filename: "payment-plan-schedule.ics", contentType: "text/calendar; charset=utf-8", content: ics }],
    },
    now,
  );
}

export type PlanRow = typeof paymentPlans.$inferSelect;
export type InstalmentRow = typeof paymentPlanInstalments.$inferSelect;

/**
 * An instalment's payment failed (part 2 §4: "a plan with a failed instalment goes to
 * manual-payment"): it becomes FAILED, unless it is PAID, and the tenant is e-mailed the
 * manual-payment link. Inside the caller's transaction, which holds the plan's row.
 */
export async function recordInstalmentFailed(
  tx: Database | Tx,
  plan: Pick<PlanRow, "id" | "orderCustomerId">,
  instalment: Pick<InstalmentRow, "id" | "instalmentNumber" | "amount">,
  now: Date,
) {
  const failed = await tx
    .update(paymentPlanInstalments)
    .set({ status: "FAILED" })
    .where(and(eq(paymentPlanInstalments.id, instalment.id), ne(paymentPlanInstalments.status, "PAID")))
    .returning({ id: paymentPlanInstalments.id });
  if (failed.length === 0) return false;
  const [owner] = await tx
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(orderCustomers.id, plan.orderCustomerId))
    .limit(1);
  if (owner) {
    // Breathing Space (issue 36, decision 0047): what happened is said, but no payment is asked for.
    const breathingSpace = (await breathingSpacesInForce(tx, [owner.userId], now)).get(owner.userId);
    const until = breathingSpace ? statusOf(breathingSpace).until : null;
    await queueEmail(
      tx,
      {
        to: owner.email,
        userId: owner.userId,
        template: "PAYMENT_PLAN_INSTALMENT_FAILED",
        subject: "Your payment plan instalment could not be taken",
        text: [
          `Hello ${owner.firstName},`,
          "",
          `We could not take instalment ${instalment.instalmentNumber} of ${plainPounds(instalment.amount)} from your card.`,
          ...(breathingSpace
            ? [
                `You are in Breathing Space${until ? ` until ${longLondonDate(startOfLondonDay(until))}` : ""}, so you do not need to pay it now, and we will not ask you to until it has ended.`,
                "If you choose to pay it anyway, you can do it here:",
              ]
            : ["Please make the payment here:"]),
          `${appUrl()}/payment-plan/${plan.id}/manual-payment`,
          ...strugglingToPayEmailLines(appUrl()),
        ].join("\n"),
      },
      now,
    );
  }
  return true;
}

export type InstalmentPaid = {
  paymentPlanId: string;
  instalmentId: string;
  /** No instalment is left unpaid. */
  paidOff: boolean;
  /** What paying off the plan did to the claim it was for (null when nothing). */
  claimPayment: PaymentOutcome | null;
};

/**
 * An instalment was paid (part 2 §4: "An instalment changes to PAID when payment polling
 * succeeds"): it becomes PAID, once (null when it already was), with the card payment that
 * paid it, whose card becomes the plan's. When no instalment is left unpaid, the balance the
 * plan spreads is paid: on a claim order, the claim payment action it stands for
 * (claimActionPaidByPaymentPlan) is completed through the claim money model
 * (completePaymentAction), which lowers or settles the balances and may resolve the claim.
 * Reading chosen: the plan keeps its status, as the spec names none for a paid-off plan.
 * Inside the caller's transaction, which holds the plan's row.
 */
export async function recordInstalmentPaid(
  tx: Database | Tx,
  plan: PlanRow,
  instalmentId: string,
  now: Date,
  payment: { stripePaymentIntentId: string; stripePaymentMethodId: string | null } | null = null,
): Promise<InstalmentPaid | null> {
  const paid = await tx
    .update(paymentPlanInstalments)
    // The intent that paid it, or none when paid another way (a card payment arriving later is then refunded).
    .set({ status: "PAID", paidAt: now, stripePaymentIntentId: payment ? payment.stripePaymentIntentId : null })
    .where(
      and(
        eq(paymentPlanInstalments.id, instalmentId),
        eq(paymentPlanInstalments.paymentPlanId, plan.id),
        ne(paymentPlanInstalments.status, "PAID"),
      ),
    )
    .returning({ id: paymentPlanInstalments.id });
  if (paid.length === 0) return null;
  if (payment?.stripePaymentMethodId) {
    await tx.update(paymentPlans).set({ stripePaymentMethodId: payment.stripePaymentMethodId }).where(eq(paymentPlans.id, plan.id));
  }
  const [unpaid] = await tx
    .select({ id: paymentPlanInstalments.id })
    .from(paymentPlanInstalments)
    .where(and(eq(paymentPlanInstalments.paymentPlanId, plan.id), ne(paymentPlanInstalments.status, "PAID")))
    .limit(1);
  const result = { paymentPlanId: plan.id, instalmentId };
  if (unpaid) return { ...result, paidOff: false, claimPayment: null };
  return { ...result, paidOff: true, claimPayment: await payPlanBalance(tx, plan, now) };
}

/**
 * A paid-off plan's balance: a plan offered for a missed instalment (on the tenant's request, issue
 * 36) pays that instalment of its own plan (which may pay that plan off in turn); otherwise, on a
 * claim order, it completes the claim payment action it stands for.
 */
async function payPlanBalance(tx: Database | Tx, plan: PlanRow, now: Date): Promise<PaymentOutcome | null> {
  const replaced = await instalmentReplacedByPlan(tx, plan.id);
  if (replaced) {
    const [missedPlan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, replaced.paymentPlanId)).for("update");
    if (!missedPlan) return null;
    return (await recordInstalmentPaid(tx, missedPlan, replaced.instalmentId, now))?.claimPayment ?? null;
  }
  const [owner] = await tx
    .select({ productId: orders.productId })
    .from(orderCustomers)
    .innerJoin(orders, eq(orders.id, orderCustomers.orderId))
    .where(eq(orderCustomers.id, plan.orderCustomerId))
    .limit(1);
  if (owner?.productId !== "CLAIM") return null;
  const open = await tx
    .select()
    .from(orderCustomerActions)
    .where(and(eq(orderCustomerActions.orderCustomerId, plan.orderCustomerId), isNull(orderCustomerActions.completedAt)));
  const actionId = claimActionPaidByPaymentPlan(
    plan.amount - plan.interestAmount,
    open.map((a) => ({ id: a.id, typeId: a.typeId, amountRemaining: Number(a.details.amountRemaining ?? 0) })),
  );
  if (actionId === null) return null;
  const outcome = await completePaymentAction(tx, actionId, now);
  // Paid by the plan's instalments, each already a payment (and a receipt) of its own: the action
  // says so, so the Keyfree page and its receipts do not count the same money twice.
  const [done] = await tx.select({ details: orderCustomerActions.details }).from(orderCustomerActions).where(eq(orderCustomerActions.id, actionId));
  await tx
    .update(orderCustomerActions)
    .set({ details: { ...(done?.details ?? {}), paidByPaymentPlanId: plan.id } })
    .where(eq(orderCustomerActions.id, actionId));
  return outcome;
}
