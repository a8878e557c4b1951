/**
 * The orders area's service: paying an order's action by card (what the payment is for: which
 * action, how much; the payments module makes the intent with the provider), the card checks
 * before a payment. The order reads, the area's own and the ones checkout and references build
 * on, are in reads-service.ts.
 */
import type Stripe from "stripe";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../context";
import { customers, orderCustomerActions, orderCustomers, users } from "../db/schema";
import { cardCheckResults } from "../domain/card-checks";
import { paymentTypeForActionType, type PaymentType } from "#common/payments";
import { BELOW_CARD_MINIMUM_MESSAGE, failedCardChecks, MINIMUM_CARD_PAYMENT_PENCE } from "../domain/payments";
import { normaliseOrderCustomerActionType } from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { createPaymentIntent, ensureStripeCustomer, isDuplicateCard, reusablePaymentIntent, tenantPaymentMethod } from "../payments";
import { loadOrderCustomers, nextActionOf, ownOrderCustomer } from "./reads-service";

type OrderCustomerAddress = { orderId: string; customerId: string; userId: string };
type CustomerRow = Parameters<typeof tenantPaymentMethod>[1];

/** A pay action's amount: the Keyfree fee, or what the action still holds. */
function amountOf(typeId: string, details: Record<string, unknown>, fee: number): number {
  const stored = details.amountRemaining;
  if (typeof stored === "number" && Number.isSafeInteger(stored)) return stored;
  return typeId === "KEYFREE_PAY" ? fee : 0;
}

/**
 * The payment intent for one of the tenant's pay actions on their order (part 1 §7 'get payment
 * intent'): the action of the payment type asked for, else the next one; refused (409) when there
 * is nothing to pay, it is paid, the Keyfree payment waits for earlier steps or other tenants, or
 * the amount is below the card minimum. A double submit or a retry gets the intent already made
 * (kept on the action), so it never charges twice.
 */
export async function payOrderAction(deps: Deps, address: OrderCustomerAddress, wanted: PaymentType | null) {
  const { orderId, customerId } = address;
  const own = await ownOrderCustomer(deps.db, address);
  const all = (await loadOrderCustomers(deps.db, [orderId])).get(orderId) ?? [];
  const oc = all.find((o) => o.id === own.orderCustomer.id)!;
  const next = nextActionOf(oc, all);
  const payActions = oc.actions.filter((a) => paymentTypeForActionType(normaliseOrderCustomerActionType(a.typeId) ?? "") !== null);
  const action = wanted
    ? payActions.find((a) => paymentTypeForActionType(normaliseOrderCustomerActionType(a.typeId) ?? "") === wanted)
    : (payActions.find((a) => next?.orderCustomerActionIds.includes(a.id)) ?? payActions.find((a) => a.completedAt === null));
  if (!action) throw new ApiError(409, "There is nothing to pay here.");
  if (action.completedAt) throw new ApiError(409, "This payment has already been made.");
  if (action.typeId === "KEYFREE_PAY" && (next?.typeId !== "KEYFREE_PAY" || !next.actionable)) {
    throw new ApiError(409, next?.typeId === "KEYFREE_PAY" ? "Waiting for other tenants..." : "Complete the earlier steps of your checkout first.");
  }
  const amount = amountOf(action.typeId, action.details, oc.fee);
  if (!(amount > 0)) throw new ApiError(409, "There is nothing to pay here.");
  if (amount < MINIMUM_CARD_PAYMENT_PENCE) throw new ApiError(409, BELOW_CARD_MINIMUM_MESSAGE);
  const paymentType = paymentTypeForActionType(normaliseOrderCustomerActionType(action.typeId)!)!;

  const [customer] = await deps.db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  const stripeCustomerId = await ensureStripeCustomer(deps, customer!);

  const answer = (intent: Stripe.PaymentIntent) => ({
    paymentIntentSecret: intent.client_secret!,
    paymentIntentId: intent.id,
    amount,
    currency: "gbp" as const,
    paymentType,
    orderCustomerActionId: action.id,
    publishableKey: deps.payments.publishableKey,
  });
  const existingId = action.details.stripePaymentIntentId;
  const existing = await reusablePaymentIntent(deps, existingId, amount);
  if (existing) return answer(existing);
  const intent = await createPaymentIntent(deps, {
    stripeCustomerId,
    amount,
    purpose: `pay-${action.id}`,
    replacesIntentId: existingId,
    metadata: { orderId, customerId, orderCustomerActionId: action.id, paymentType },
  });
  await deps.db
    .update(orderCustomerActions)
    .set({ details: { ...action.details, stripePaymentIntentId: intent.id, stripePaymentIntentAmount: amount } })
    .where(eq(orderCustomerActions.id, action.id));
  return answer(intent);
}

/** Whether the card the tenant gave on their order is one another tenant has used (404 unless the order is theirs). */
export async function isDuplicateOrderCard(deps: Deps, customer: CustomerRow, orderId: string, paymentMethodId: string) {
  const [mine] = await deps.db
    .select({ id: orderCustomers.id })
    .from(orderCustomers)
    .where(and(eq(orderCustomers.orderId, orderId), eq(orderCustomers.customerId, customer.id)))
    .limit(1);
  if (!mine) throw notFound();
  const pm = await tenantPaymentMethod(deps, customer, paymentMethodId);
  return isDuplicateCard(deps.db, customer.id, pm.card?.fingerprint);
}

/** The card checks (name, security code, funding, postcode) of the card the tenant gave on their order. */
export async function orderCardChecks(deps: Deps, address: OrderCustomerAddress, paymentMethodId: string) {
  const { customerId, userId } = address;
  await ownOrderCustomer(deps.db, address);
  const [customer] = await deps.db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  const pm = await tenantPaymentMethod(deps, customer!, paymentMethodId);
  const checks = cardCheckResults(
    {
      cardholderName: pm.billing_details?.name,
      cvcCheck: pm.card?.checks?.cvc_check,
      postcodeCheck: pm.card?.checks?.address_postal_code_check,
      funding: pm.card?.funding,
    },
    { firstName: user!.firstName, lastName: user!.lastName },
  );
  return { checks, failed: failedCardChecks(checks) };
}
