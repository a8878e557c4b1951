/**
 * Saving a new card for the signed-in customer (Update your details): checked with the provider
 * (theirs, not another tenant's), set up for off-session use (or 3-D Secure asked for first),
 * kept as their default here and with the provider, and their duplicate-card flags cleared.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { customers } from "../db/schema";
import { DUPLICATE_CARD_MESSAGE } from "../domain/payments";
import { ApiError, notFound } from "../lib/errors";
import { confirmCardSetup, ensureStripeCustomer, isDuplicateCard, recordPaymentMethod, tenantPaymentMethod } from "./service";

type CustomerRow = typeof customers.$inferSelect;

export async function addPaymentMethod(deps: Deps, customer: CustomerRow, input: { paymentMethodId: string; setupIntentId?: string }) {
  const { paymentMethodId, setupIntentId } = input;
  const pm = await tenantPaymentMethod(deps, customer, paymentMethodId);
  if (await isDuplicateCard(deps.db, customer.id, pm.card?.fingerprint)) throw new ApiError(409, DUPLICATE_CARD_MESSAGE);
  const stripeCustomerId = await ensureStripeCustomer(deps, customer);
  const { stripe } = deps.payments;
  let intent;
  if (setupIntentId) {
    intent = await stripe.setupIntents.retrieve(setupIntentId).catch(() => null);
    if (!intent || intent.customer !== stripeCustomerId) throw notFound();
  } else {
    intent = await confirmCardSetup(deps, {
      stripeCustomerId,
      paymentMethodId: pm.id,
      metadata: { customerId: customer.id, purpose: "add-payment-method" },
      idempotencyKey: `setup-${customer.id}-${pm.id}`,
    });
  }
  if (intent.status === "requires_action") {
    return { status: "requires_action" as const, setupIntentId: intent.id, clientSecret: intent.client_secret };
  }
  if (intent.status !== "succeeded") {
    throw new ApiError(400, intent.last_setup_error?.message ?? "An error has occured");
  }
  await recordPaymentMethod(deps, customer.id, pm);
  await deps.db
    .update(customers)
    .set({ hasDuplicatePaymentMethod: false, requiresNewPaymentMethod: false })
    .where(eq(customers.id, customer.id));
  await stripe.customers.update(stripeCustomerId, { invoice_settings: { default_payment_method: pm.id } });
  return { status: "succeeded" as const, setupIntentId: intent.id, clientSecret: null };
}
