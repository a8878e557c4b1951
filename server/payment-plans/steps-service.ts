/**
 * The tenant's steps on a payment plan (part 2 §2 payment plan screens, §4, §5): confirm, the
 * postal address and the card, each in a transaction that holds the plan's row, and paying an
 * instalment by card. The card provider is called through the payments module, never inside a
 * transaction. What the card step's success means is service.ts's (makePaymentPlanActive).
 *
 * Apart from service.ts while the payments module imports service.ts (for what an instalment's
 * payment means): these steps call the payments module, and one module would make a cycle.
 */
import type Stripe from "stripe";
import type { z } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../context";
import { addresses, customers, paymentPlanActions, paymentPlanInstalments, paymentPlans } from "../db/schema";
import { instalmentPaymentRefusal, PAYMENT_PLAN_STEP_MESSAGES, paymentPlanStepRefusal } from "../domain/payment-plans-rules";
import { BELOW_CARD_MINIMUM_MESSAGE, MINIMUM_CARD_PAYMENT_PENCE } from "../domain/payments";
import type { PaymentPlanActionType } from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { describeError, log } from "../lib/log";
import { newId } from "../lib/tokens";
import { confirmCardSetup, createPaymentIntent, ensureStripeCustomer, recordPaymentMethod, reusablePaymentIntent, tenantPaymentMethod } from "../payments";
import type { UpdateAddressBody } from "./schemas";
import { makePaymentPlanActive, type Tx } from "./service";
import { loadOwnedPlan, planView, refuseStep, type LoadedPlan } from "./views";

type CustomerRow = typeof customers.$inferSelect;

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** A setup intent in these states can still be confirmed by the card form. */
const OPEN_SETUP_STATUSES = new Set<Stripe.SetupIntent.Status>(["requires_payment_method", "requires_confirmation", "requires_action"]);

/**
 * Completes a step of the plan in a transaction that holds the plan's row: refused
 * (409) unless it is the plan's next step, on a live offer. A second identical
 * request finds the step done and gets 409, never a second effect.
 */
export async function completeStep(
  deps: Deps,
  paymentPlanId: string,
  customerId: string,
  step: PaymentPlanActionType,
  write: (tx: Tx, loaded: LoadedPlan, now: Date) => Promise<void>,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const loaded = await loadOwnedPlan(tx, paymentPlanId, customerId, true);
    const refusal = paymentPlanStepRefusal(loaded.domain, step, now);
    if (refusal !== null) throw new ApiError(409, refusal);
    const action = loaded.actions.find((a) => a.typeId === step)!;
    const done = await tx
      .update(paymentPlanActions)
      .set({ completedAt: now })
      .where(and(eq(paymentPlanActions.id, action.id), isNull(paymentPlanActions.completedAt)))
      .returning({ id: paymentPlanActions.id });
    if (done.length === 0) throw new ApiError(409, PAYMENT_PLAN_STEP_MESSAGES.done);
    await write(tx, loaded, now);
  });
  return planView(deps.db, await loadOwnedPlan(deps.db, paymentPlanId, customerId), now);
}

/** The confirm step: the plan's terms confirmed. */
export function confirmPlan(deps: Deps, paymentPlanId: string, customerId: string) {
  return completeStep(deps, paymentPlanId, customerId, "CONFIRM", async (tx, loaded, now) => {
    await tx.update(paymentPlans).set({ confirmedAt: now }).where(eq(paymentPlans.id, loaded.plan.id));
  });
}

/**
 * The address step: the form sends the address history list; the plan's postal address is the
 * first current one, stored as the plan's own (not added to the tenant's address history).
 */
export function updatePlanAddress(
  deps: Deps,
  paymentPlanId: string,
  customerId: string,
  body: z.infer<typeof UpdateAddressBody>,
) {
  const current = body.addresses.find((a) => a.currentlyAtAddress)!;
  return completeStep(deps, paymentPlanId, customerId, "ADDRESS", async (tx, loaded, now) => {
    const addressId = newId();
    const text = (value: string | null | undefined) => (value == null || value === "" ? null : value);
    await tx.insert(addresses).values({
      id: addressId,
      // The plan's own postal address: not added to the tenant's address history.
      userId: null,
      externalId: text(current.externalId),
      buildingName: text(current.buildingName),
      roomNumber: text(current.roomNumber),
      flatNumber: text(current.flatNumber),
      buildingNumber: text(current.buildingNumber),
      street: current.street!,
      subStreet: text(current.subStreet),
      town: text(current.town),
      county: text(current.county),
      postcode: current.postcode!.toUpperCase(),
      country: current.country!.toUpperCase(),
      startDate: current.startDate ?? null,
      endDate: current.endDate ?? null,
      currentlyAtAddress: true,
      organizationId: text(current.organizationId),
      createdAt: now,
    });
    await tx.update(paymentPlans).set({ addressId }).where(eq(paymentPlans.id, loaded.plan.id));
  });
}

/**
 * The card step's setup intent, for the card form: the plan's own intent is used again while the
 * card form can still confirm it; otherwise a new one, named by our own ids (the same plan, and
 * the intent it replaces, always name the same intent).
 */
export async function planSetupIntent(deps: Deps, customer: CustomerRow, paymentPlanId: string) {
  const loaded = await loadOwnedPlan(deps.db, paymentPlanId, customer.id);
  refuseStep(loaded, "CARD_DETAILS", deps.clock.now());
  const stripeCustomerId = await ensureStripeCustomer(deps, customer);
  const { stripe } = deps.payments;
  const { plan } = loaded;
  // The plan's setup intent is used again while the card form can still confirm it.
  const previousId = plan.stripeSetupIntentId;
  if (previousId) {
    const previous = await stripe.setupIntents.retrieve(previousId).catch(() => null);
    if (previous && OPEN_SETUP_STATUSES.has(previous.status) && idOf(previous.customer) === stripeCustomerId) {
      return { clientSecret: previous.client_secret!, setupIntentId: previous.id };
    }
  }
  const intent = await stripe.setupIntents.create(
    {
      customer: stripeCustomerId,
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: { customerId: customer.id, paymentPlanId: plan.id, purpose: "payment-plan-card" },
    },
    // Our own ids: the same plan (and the intent it replaces) always names the same intent.
    { idempotencyKey: previousId ? `plan-setup-${plan.id}-after-${previousId}` : `plan-setup-${plan.id}` },
  );
  await deps.db.update(paymentPlans).set({ stripeSetupIntentId: intent.id }).where(eq(paymentPlans.id, plan.id));
  return { clientSecret: intent.client_secret!, setupIntentId: intent.id };
}

/**
 * The card step (updateCardDetails): the card checked with the provider (savedPlanCard), kept as
 * the customer's default and the plan's card, and the plan made ACTIVE; then the provider's
 * default card too, as addPaymentMethod does (a failure there is only logged).
 */
export async function updatePlanCard(deps: Deps, customer: CustomerRow, paymentPlanId: string, paymentMethodId: string) {
  refuseStep(await loadOwnedPlan(deps.db, paymentPlanId, customer.id), "CARD_DETAILS", deps.clock.now());
  const { pm, stripeCustomerId } = await savedPlanCard(deps, customer, paymentPlanId, paymentMethodId);
  const view = await completeStep(deps, paymentPlanId, customer.id, "CARD_DETAILS", async (tx, loaded, now) => {
    await recordPaymentMethod({ db: tx }, customer.id, pm);
    await makePaymentPlanActive(tx, loaded.plan, now, { stripePaymentMethodId: pm.id });
  });
  // The provider's default card too, as addPaymentMethod does; the plan has its own already.
  try {
    await deps.payments.stripe.customers.update(stripeCustomerId, { invoice_settings: { default_payment_method: pm.id } });
  } catch (error) {
    log.warn("could not set the default payment method", { customerId: customer.id, ...describeError(error) });
  }
  return view;
}

/**
 * The payment intent for paying an instalment by card (manual payment): refused (409) when the
 * instalment may not be paid now or is below the card minimum. An intent already made for this
 * instalment and amount is used again: a double submit or a retry after a declined card never
 * makes a second one (and so never charges twice).
 */
export async function instalmentPaymentIntent(deps: Deps, customer: CustomerRow, paymentPlanId: string, instalmentId: string) {
  const loaded = await loadOwnedPlan(deps.db, paymentPlanId, customer.id);
  const instalment = loaded.instalments.find((i) => i.id === instalmentId);
  if (!instalment) throw notFound();
  const refusal = instalmentPaymentRefusal(loaded.domain, instalment);
  if (refusal !== null) throw new ApiError(409, refusal);
  if (instalment.amount < MINIMUM_CARD_PAYMENT_PENCE) throw new ApiError(409, BELOW_CARD_MINIMUM_MESSAGE);
  const stripeCustomerId = await ensureStripeCustomer(deps, customer);
  const amount = instalment.amount;
  const answer = (intent: Stripe.PaymentIntent) => ({
    paymentIntentSecret: intent.client_secret!,
    paymentIntentId: intent.id,
    amount,
    currency: "gbp" as const,
    paymentPlanId: loaded.plan.id,
    paymentPlanInstalmentId: instalment.id,
  });
  const existingId = instalment.stripePaymentIntentId;
  const existing = await reusablePaymentIntent(deps, existingId, amount);
  if (existing) return answer(existing);
  const intent = await createPaymentIntent(deps, {
    stripeCustomerId,
    amount,
    purpose: `instalment-${instalment.id}`,
    replacesIntentId: existingId,
    metadata: {
      orderId: loaded.orderCustomer.orderId,
      customerId: customer.id,
      paymentPlanId: loaded.plan.id,
      paymentPlanInstalmentId: instalment.id,
    },
  });
  await deps.db
    .update(paymentPlanInstalments)
    .set({ stripePaymentIntentId: intent.id })
    .where(eq(paymentPlanInstalments.id, instalment.id));
  return answer(intent);
}

export const CARD_NEEDS_AUTHENTICATION = "Your bank needs you to confirm this card. Please enter your card details again.";

/**
 * The card the tenant gave at the card step, checked with the card provider: it must be
 * theirs (tenantPaymentMethod, else 404). A card saved to their provider customer has been
 * set up for off-session use (confirming the card step's setup intent saves it there); one
 * not saved yet is saved as addPaymentMethod does, with a setup intent confirmed here.
 */
export async function savedPlanCard(deps: Deps, customer: CustomerRow, paymentPlanId: string, paymentMethodId: string) {
  const pm = await tenantPaymentMethod(deps, customer, paymentMethodId);
  const stripeCustomerId = await ensureStripeCustomer(deps, customer);
  if (idOf(pm.customer) === stripeCustomerId) return { pm, stripeCustomerId };
  const intent = await confirmCardSetup(deps, {
    stripeCustomerId,
    paymentMethodId: pm.id,
    metadata: { customerId: customer.id, paymentPlanId, purpose: "payment-plan-card" },
    idempotencyKey: `plan-card-${paymentPlanId}-${pm.id}`,
  });
  if (intent.status === "requires_action") throw new ApiError(400, CARD_NEEDS_AUTHENTICATION);
  if (intent.status !== "succeeded") throw new ApiError(400, intent.last_setup_error?.message ?? "An error has occured");
  return { pm: await deps.payments.stripe.paymentMethods.retrieve(pm.id), stripeCustomerId };
}
