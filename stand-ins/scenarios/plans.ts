/**
 * Playing the back office for payment plans (part 2 §2 payment plan screens, §4, §9):
 * offering a plan to an order customer, and standing in for the card step and for the
 * monthly charges. Used by the tests, the ops CLI and the demo. What a step or a payment
 * means (makePaymentPlanActive, recordInstalmentPaid, recordInstalmentFailed) is shared
 * with the tenant's card step and the card provider's webhook, so both paths agree.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../server/db";
import { claims, orderCustomers } from "../../server/db/schema";
import { isCalendarDate } from "../../server/domain/london-time";
import { isPaymentPlanOfferVoid, paymentPlanNextAction } from "../../server/domain/payment-plans";
import { createPaymentPlanOffer } from "../../server/payment-plans/offer-service";
import { makePaymentPlanActive, readPlan, recordInstalmentFailed, recordInstalmentPaid, type Tx } from "../../server/payment-plans/service";

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
    .select({ orderCustomerId: orderCustomers.id })
    .from(orderCustomers)
    .where(eq(orderCustomers.id, data.orderCustomerId))
    .limit(1);
  if (!owner) throw new Error(`No order customer ${data.orderCustomerId}`);
  if (data.claimId) {
    const [claim] = await db.select({ id: claims.id }).from(claims).where(eq(claims.id, data.claimId)).limit(1);
    if (!claim) throw new Error(`No claim ${data.claimId}`);
  }
  // The plan, its three steps, its instalments and the PAYMENT_PLAN_OFFERED notice: the payment
  // plans area's own, shared with a plan offered on a tenant's request (issue 36).
  return db.transaction((tx) => createPaymentPlanOffer(tx, { ...data, claimId: data.claimId ?? null }, now));
}

const PlanRef = z.object({ paymentPlanId: z.string().min(1) });


/**
 * Stands in for the card step (part 2 §2 card-details: 'Confirm my payment plan') without
 * a card (or with one already saved to the tenant's card provider customer): completes
 * CARD_DETAILS and makes the plan ACTIVE (makePaymentPlanActive).
 * CARD_DETAILS must be the plan's next action, unless `completeEarlierSteps` is set, which
 * first completes an open CONFIRM and ADDRESS (for demo data). A cancelled plan or a void
 * offer is refused.
 */
export async function activatePaymentPlan(
  db: Database,
  input: { paymentPlanId: string; completeEarlierSteps?: boolean },
  now: Date,
  card: { stripePaymentMethodId: string } | null = null,
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
    const completed = await makePaymentPlanActive(tx, plan, now, card);
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
