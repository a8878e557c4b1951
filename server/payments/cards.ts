import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { paymentMethods } from "../db/schema";
import { newId } from "../lib/tokens";

/** Keeps a card the customer used or saved as their default, inside the caller's transaction (recordPaymentMethod in service.ts runs it in its own). */
export async function saveCard(tx: DbOrTx, customerId: string, pm: Stripe.PaymentMethod) {
  await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.customerId, customerId));
  await tx
    .insert(paymentMethods)
    .values({
      id: newId(),
      customerId,
      stripePaymentMethodId: pm.id,
      fingerprint: pm.card?.fingerprint ?? null,
      brand: pm.card?.brand ?? null,
      last4: pm.card?.last4 ?? null,
      isDefault: true,
    })
    .onConflictDoUpdate({ target: paymentMethods.stripePaymentMethodId, set: { isDefault: true, customerId } });
}

