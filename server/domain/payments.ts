/**
 * Card payments: payment types, their success pages and order-customer
 * actions, and card-check messages (part 1 §4.3, §5, §8; part 2 §4, §5).
 */
import { PAYMENT_TYPES, type PayActionType } from "#common/payments";
import { createSpellingNormaliser } from "./spelling.js";
import { PRODUCT_CODE, PRODUCT_NAME } from "#common/product";
import type { PaymentActionType } from "./statuses.js";

export const normalisePaymentType = createSpellingNormaliser(PAYMENT_TYPES);

/** Every pay action the shared table names is one of the domain's order-customer actions. */
type Assert<T extends true> = T;
type PayActionTypesAreKnown = Assert<PayActionType extends PaymentActionType | `${typeof PRODUCT_CODE}_PAY` ? true : false>;

/** Asking to pay again while a payment made is still on its way (its webhook not yet here). */
export const PAYMENT_RECEIVED_MESSAGE =
  "We have received your payment and are still processing it. You do not need to pay again.";

/** The card provider takes no card payment below £0.30 (Stripe's minimum charge in GBP). */
export const MINIMUM_CARD_PAYMENT_PENCE = 30;
export const BELOW_CARD_MINIMUM_MESSAGE =
  "This amount is too small to pay by card (the minimum is £0.30). Please contact us via live chat and we will help you settle it.";

export const DUPLICATE_CARD_MESSAGE = `The card you have used is shared with another tenant. To pay for ${PRODUCT_NAME} you must use your own card that has not already been used.`;
export const CARD_CHECK_FAILED_MESSAGE = "Card check failed";

/** Card check names and their failure messages (part 1 §8), in the order they are listed. */
export const CARD_CHECK_MESSAGES = {
  nameMatch:
    "The cardholder's name does not match the name you provided during registration. Your payment card must be in your own name.",
  cvc: "The security code check failed. Please ensure you've entered the correct security code for this card.",
  funding: "We are unable to accept prepaid cards. Please try again with a credit or debit card.",
  postcode: "The postal code check failed. Please ensure you've entered the correct billing address.",
} as const;
export type CardCheckName = keyof typeof CARD_CHECK_MESSAGES;

/** Card check results: check name → result; 'fail' marks a failure (part 2 §3). */
export type CardCheckResults = Readonly<Record<string, string | null | undefined>>;

/**
 * The messages of the checks whose result is 'fail', in the spec's order.
 * A failing check the spec does not name still blocks the payment and is
 * listed once as 'Card check failed'.
 */
export function failedCardChecks(results: CardCheckResults): string[] {
  const messages: string[] = [];
  for (const name of Object.keys(CARD_CHECK_MESSAGES) as CardCheckName[]) {
    if (results[name] === "fail") messages.push(CARD_CHECK_MESSAGES[name]);
  }
  const unknownFailed = Object.entries(results).some(([name, result]) => result === "fail" && !Object.hasOwn(CARD_CHECK_MESSAGES, name));
  if (unknownFailed) messages.push(CARD_CHECK_FAILED_MESSAGE);
  return messages;
}

/** True when no check result is 'fail' (any 'fail' blocks the payment, part 1 §5). */
export function cardChecksPassed(results: CardCheckResults): boolean {
  return !Object.values(results).some((result) => result === "fail");
}
