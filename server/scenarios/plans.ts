/**
 * Playing the back office for payment plans (part 2 §2 payment plan screens, §4, §9):
 * offering a plan to an order customer, and standing in for the card step and for the
 * monthly charges. Used by the tests, the ops CLI and the demo. What a step or a payment
 * means (makePaymentPlanActive, recordInstalmentPaid, recordInstalmentFailed) is shared
 * with the tenant's card step and the card provider's webhook, so both paths agree.
 */
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db";
import {
  claims,
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  paymentPlanActions,
  paymentPlanInstalments,
  paymentPlans,
  users,
} from "../db/schema";
import { paymentPlanOfferExpiresAt } from "../domain/deadlines";
import { isCalendarDate } from "../domain/london-time";
import { isPaymentPlanOfferVoid, paymentPlanNextAction, type PaymentPlan } from "../domain/payment-plans";
import { claimActionPaidByPaymentPlan, instalmentSchedule } from "../domain/payment-plans-rules";
import { PAYMENT_PLAN_ACTION_TYPES, type PaymentPlanActionType, type PaymentPlanStatus } from "../domain/statuses";
import { queueEmail } from "../lib/mail";
import { newId } from "../lib/tokens";
import { completePaymentAction, type PaymentOutcome } from "../claims/money";

/**
 * The web app's address, for links in e-mails. Read from APP_URL (default
 * http://localhost:3000) without a trailing slash.
 */
export function appUrl(): string {
  return (process.env.APP_URL ?? "http://localhost:3000").replace(/\/+$/, "");
}

/** Pounds with two decimals, for e-mail text (the web formats its own). */
export function pounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A plan row with its actions and instalments, in the shape the domain rules read. */
async function readPlan(db: Database | Tx, paymentPlanId: string, forUpdate: boolean) {
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

const OfferPaymentPlanInput = z
  .object({
    orderCustomerId: z.string().min(1),
    claimId: z.string().min(1).nullish(),
    amount: z.number().int().positive(),
    instalments: z.number().int().min(1).max(120),
    firstDueDate: z.string().refine(isCalendarDate, "firstDueDate must be a YYYY-MM-DD date"),
    interestAmount: z.number().int().min(0).default(0),
  })
  .refine((v) => v.interestAmount <= v.amount, {
    message: "interestAmount is part of the amount spread over the instalments, so it cannot exceed it",
    path: ["interestAmount"],
  });
export type OfferPaymentPlanInput = z.input<typeof OfferPaymentPlanInput>;

/**
 * Offers a payment plan for an outstanding balance to one order customer
 * (part 2 §3 PaymentPlan; §4 "the tenant must do actions in order confirm,
 * address, card-details"; §9 "Payment plan offer window: 48 hours for three
 * steps"): a PENDING plan whose offer expires 48 hours from now, its three
 * actions CONFIRM, ADDRESS, CARD_DETAILS, and N instalments that split the
 * amount exactly (remainder pennies on the first), due monthly from
 * firstDueDate. The tenant is told by e-mail.
 * Reading chosen: `amount` is the balance spread over the instalments and
 * includes `interestAmount`, which is shown for information.
 */
export async function offerPaymentPlan(db: Database, input: OfferPaymentPlanInput, now: Date) {
  const data = OfferPaymentPlanInput.parse(input);
  const [owner] = await db
    .select({ orderCustomerId: orderCustomers.id, userId: users.id, email: users.email, firstName: users.firstName })
    .from(orderCustomers)
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(orderCustomers.id, data.orderCustomerId))
    .limit(1);
  if (!owner) throw new Error(`No order customer ${data.orderCustomerId}`);
  if (data.claimId) {
    const [claim] = await db.select({ id: claims.id }).from(claims).where(eq(claims.id, data.claimId)).limit(1);
    if (!claim) throw new Error(`No claim ${data.claimId}`);
  }

  const paymentPlanId = newId();
  const actionIds = Object.fromEntries(PAYMENT_PLAN_ACTION_TYPES.map((t) => [t, newId()])) as Record<PaymentPlanActionType, string>;
  const schedule = instalmentSchedule(data.amount, data.instalments, data.firstDueDate);
  const instalments = schedule.map((s) => ({ ...s, id: newId() }));
  const offerExpiresAt = paymentPlanOfferExpiresAt(now);

  await db.transaction(async (tx) => {
    await tx.insert(paymentPlans).values({
      id: paymentPlanId,
      orderCustomerId: data.orderCustomerId,
      claimId: data.claimId ?? null,
      status: "PENDING",
      amount: data.amount,
      interestAmount: data.interestAmount,
      offerExpiresAt,
      createdAt: now,
    });
    await tx.insert(paymentPlanActions).values(
      PAYMENT_PLAN_ACTION_TYPES.map((typeId, position) => ({
        id: actionIds[typeId],
        paymentPlanId,
        typeId,
        position,
        createdAt: now,
      })),
    );
    await tx.insert(paymentPlanInstalments).values(
      instalments.map((i) => ({
        id: i.id,
        paymentPlanId,
        instalmentNumber: i.instalmentNumber,
        dueDate: i.dueDate,
        amount: i.amount,
        status: "PENDING",
        createdAt: now,
      })),
    );
    await queueEmail(
      tx,
      {
        to: owner.email,
        userId: owner.userId,
        template: "PAYMENT_PLAN_OFFERED",
        subject: "Your payment plan offer",
        text: [
          `Hello ${owner.firstName},`,
          "",
          `Your outstanding balance of ${pounds(data.amount)} can be spread over ${data.instalments} monthly instalments.`,
          "To set up your payment plan, confirm the plan, your address and your payment details within 48 hours:",
          `${appUrl()}/payment-plan/${paymentPlanId}`,
          "",
          "If the three steps are not done within 48 hours the offer will no longer be available.",
        ].join("\n"),
      },
      now,
    );
  });

  return { paymentPlanId, offerExpiresAt, actionIds, instalmentIds: instalments.map((i) => i.id) };
}

const PlanRef = z.object({ paymentPlanId: z.string().min(1) });

/**
 * What the card step's success means (part 2 §4 "Card-details success sets nextAction to
 * none"): every step still open is completed and the plan is ACTIVE (confirmedAt kept, or
 * now), with its card when one is given. Inside the caller's transaction, which holds the
 * plan's row.
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
    .set({ status: "ACTIVE", confirmedAt: plan.confirmedAt ?? now, ...(card ? { stripePaymentMethodId: card.stripePaymentMethodId } : {}) })
    .where(eq(paymentPlans.id, plan.id));
  return completed.map((a) => a.id);
}

/**
 * Stands in for the card step (part 2 §2 card-details: 'Confirm my payment plan') without
 * a card: completes CARD_DETAILS and makes the plan ACTIVE (makePaymentPlanActive).
 * CARD_DETAILS must be the plan's next action, unless `completeEarlierSteps` is set, which
 * first completes an open CONFIRM and ADDRESS (for demo data). A cancelled plan or a void
 * offer is refused.
 */
export async function activatePaymentPlan(
  db: Database,
  input: { paymentPlanId: string; completeEarlierSteps?: boolean },
  now: Date,
) {
  const { paymentPlanId } = PlanRef.parse(input);
  return db.transaction(async (tx) => {
    const { plan, actions, domain } = await readPlan(tx, paymentPlanId, true);
    if (plan.status !== "PENDING") throw new Error(`Payment plan ${plan.id} is ${plan.status}, not PENDING`);
    if (isPaymentPlanOfferVoid(domain, now)) throw new Error(`Payment plan ${plan.id}'s offer has expired (48 hours)`);
    const next = paymentPlanNextAction(domain.actions);
    if (next?.typeId !== "CARD_DETAILS" && !input.completeEarlierSteps) {
      throw new Error(`Payment plan ${plan.id}'s next step is ${next?.typeId ?? "none"}, not CARD_DETAILS`);
    }
    const completed = await makePaymentPlanActive(tx, plan, now);
    const order = new Map(actions.map((a, i) => [a.id, i]));
    return { paymentPlanId: plan.id, completedActionIds: completed.sort((a, b) => order.get(a)! - order.get(b)!) };
  });
}

const InstalmentRef = z.object({ paymentPlanId: z.string().min(1), instalmentNumber: z.number().int().min(1) });

async function instalmentForChange(tx: Tx, input: z.infer<typeof InstalmentRef>) {
  const { plan, instalments } = await readPlan(tx, input.paymentPlanId, true);
  const instalment = instalments.find((i) => i.instalmentNumber === input.instalmentNumber);
  if (!instalment) throw new Error(`Payment plan ${plan.id} has no instalment ${input.instalmentNumber}`);
  return { plan, instalment };
}

type PlanRow = typeof paymentPlans.$inferSelect;
type InstalmentRow = typeof paymentPlanInstalments.$inferSelect;

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
          `We could not take instalment ${instalment.instalmentNumber} of ${pounds(instalment.amount)} from your card.`,
          "Please make the payment here:",
          `${appUrl()}/payment-plan/${plan.id}/manual-payment`,
        ].join("\n"),
      },
      now,
    );
  }
  return true;
}

/**
 * An instalment's automatic charge failed (recordInstalmentFailed). Only an ACTIVE plan is
 * charged, and a PAID instalment cannot fail.
 */
export async function failInstalment(db: Database, input: { paymentPlanId: string; instalmentNumber: number }, now: Date) {
  const ref = InstalmentRef.parse(input);
  return db.transaction(async (tx) => {
    const { plan, instalment } = await instalmentForChange(tx, ref);
    if (plan.status !== "ACTIVE") throw new Error(`Payment plan ${plan.id} is ${plan.status}; only an ACTIVE plan is charged`);
    if (instalment.status === "PAID") throw new Error(`Instalment ${ref.instalmentNumber} is already paid`);
    await recordInstalmentFailed(tx, plan, instalment, now);
    return { paymentPlanId: plan.id, instalmentId: instalment.id };
  });
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

/** A paid-off plan's balance, on a claim order: completes the claim payment action it stands for. */
async function payPlanBalance(tx: Database | Tx, plan: PlanRow, now: Date): Promise<PaymentOutcome | null> {
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
  return actionId === null ? null : completePaymentAction(tx, actionId, now);
}

/**
 * The back office records an instalment as paid (recordInstalmentPaid), by the monthly
 * charge or a manual payment of a failed one. The plan must be ACTIVE or in DEFAULT;
 * paying twice is refused.
 */
export async function markInstalmentPaid(
  db: Database,
  input: { paymentPlanId: string; instalmentNumber: number },
  now: Date,
) {
  const ref = InstalmentRef.parse(input);
  return db.transaction(async (tx) => {
    const { plan, instalment } = await instalmentForChange(tx, ref);
    if (plan.status !== "ACTIVE" && plan.status !== "DEFAULT") {
      throw new Error(`Payment plan ${plan.id} is ${plan.status}; only a live plan's instalments are paid`);
    }
    if (instalment.status === "PAID") throw new Error(`Instalment ${ref.instalmentNumber} is already paid`);
    return (await recordInstalmentPaid(tx, plan, instalment.id, now))!;
  });
}
