/**
 * Card payment types, the order-customer action each is paid through and the page a
 * successful payment goes to (part 1 §4.3, part 2 §4): the API decides with them and the
 * web's payment flow follows them. The card checks and card-minimum rules only the API applies
 * are in server/domain/payments.ts.
 */
import { PRODUCT_CODE, PRODUCT_NAME } from "./product";

export const PAYMENT_TYPES = [
  PRODUCT_CODE,
  "CLAIM",
  "CLAIM_REMAINING_BALANCE",
  "ARBITRATION_FEE",
  "ARBITRATION",
  "ARBITRATION_REMAINING_BALANCE",
  "TOP_UP",
  "CLAIM_PROPOSAL",
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The order-customer action that carries each payment type (one to one). */
export const ACTION_TYPE_BY_PAYMENT_TYPE = {
  KEYFREE: `${PRODUCT_CODE}_PAY`,
  CLAIM: "CLAIM_PAY",
  CLAIM_REMAINING_BALANCE: "CLAIM_PAY_REMAINING_BALANCE",
  ARBITRATION_FEE: "ARBITRATION_ADMIN_PAY",
  ARBITRATION: "ARBITRATION_PAY",
  ARBITRATION_REMAINING_BALANCE: "ARBITRATION_PAY_REMAINING_BALANCE",
  TOP_UP: "TOP_UP_PAY",
  CLAIM_PROPOSAL: "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE",
} as const satisfies Readonly<Record<PaymentType, string>>;

export type PayActionType = (typeof ACTION_TYPE_BY_PAYMENT_TYPE)[PaymentType];

export function actionTypeForPaymentType(paymentType: PaymentType): PayActionType {
  return ACTION_TYPE_BY_PAYMENT_TYPE[paymentType];
}

/** The payment type of a pay action, or null for an action that is not a payment (about you, sign...). */
export function paymentTypeForActionType(actionType: string): PaymentType | null {
  for (const type of PAYMENT_TYPES) if (ACTION_TYPE_BY_PAYMENT_TYPE[type] === actionType) return type;
  return null;
}

export interface SuccessPageContext {
  orderId: string;
  customerId: string;
  /** The order's redirectUrl: when present (not empty) the browser goes there instead. */
  redirectUrl?: string | null;
}

/**
 * The page a successful payment goes to (part 1 §4.3, part 2 §4).
 * Reading chosen for ARBITRATION_REMAINING_BALANCE, which the table leaves
 * out: /arbitrations/payment-success, the arbitration's own success page
 * (part 1 §2.5), which no other payment type reaches.
 */
export function paymentSuccessPath(paymentType: PaymentType, context: SuccessPageContext): string {
  if (context.redirectUrl != null && context.redirectUrl.trim() !== "") return context.redirectUrl;
  switch (paymentType) {
    case "KEYFREE":
      return `/checkout/${encodeURIComponent(context.orderId)}/${encodeURIComponent(context.customerId)}/finish`;
    case "CLAIM":
    case "ARBITRATION":
      return "/claims/payment-success";
    case "CLAIM_REMAINING_BALANCE":
      return "/claims/payment-success-remaining-balance";
    case "ARBITRATION_FEE":
      return "/claims/arbitration-payment-success";
    case "ARBITRATION_REMAINING_BALANCE":
      return "/arbitrations/payment-success";
    case "TOP_UP":
      return "/annual-fee/payment-success";
    case "CLAIM_PROPOSAL":
      return "/claims/proposal-payment-success";
  }
}

/** The duplicate-card check runs for the Keyfree payment only (part 1 §4.3). */
export function requiresDuplicateCardCheck(paymentType: PaymentType): boolean {
  return paymentType === PRODUCT_CODE;
}

/** What a payment was for: a card payment type, or an instalment of a payment plan (issue 27). */
export type PaymentKind = PaymentType | "PAYMENT_PLAN_INSTALMENT";

const PAYMENT_LABELS: Readonly<Record<PaymentType, string>> = {
  KEYFREE: `${PRODUCT_NAME} fee`,
  TOP_UP: "Annual fee",
  CLAIM: "Your share of the end of tenancy charges",
  CLAIM_REMAINING_BALANCE: "End of tenancy charges (the whole balance)",
  CLAIM_PROPOSAL: "Payment made with your proposal on the charges",
  ARBITRATION_FEE: "Formal dispute fee",
  ARBITRATION: "Your share of the adjudicated amount",
  ARBITRATION_REMAINING_BALANCE: "The adjudicated amount (the whole balance)",
};

/**
 * What a payment was for, in words (issues 27 and 28): the Keyfree page's list of payments, the
 * receipt to download and the receipt e-mail all say it the same way.
 */
export function paymentLabel(p: { kind: PaymentKind; instalmentNumber?: number | null }): string {
  if (p.kind === "PAYMENT_PLAN_INSTALMENT") return `Payment plan instalment ${p.instalmentNumber ?? ""}`.trim();
  return PAYMENT_LABELS[p.kind];
}
