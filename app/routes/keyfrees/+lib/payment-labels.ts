import type { components } from "~/lib/api/schema";
import { formatPounds } from "~/lib/format";
import { PRODUCT } from "~/lib/product";

type Payment = Pick<components["schemas"]["KeyfreePayment"], "kind" | "instalmentNumber" | "refundedAmount" | "refundPending">;

const LABELS: Record<Exclude<Payment["kind"], "PAYMENT_PLAN_INSTALMENT">, string> = {
  KEYFREE: `${PRODUCT.name} fee`,
  TOP_UP: "Annual fee",
  CLAIM: "Your share of the end of tenancy charges",
  CLAIM_REMAINING_BALANCE: "End of tenancy charges (the whole balance)",
  CLAIM_PROPOSAL: "Payment made with your proposal on the charges",
  ARBITRATION_FEE: "Formal dispute fee",
  ARBITRATION: "Your share of the adjudicated amount",
  ARBITRATION_REMAINING_BALANCE: "The adjudicated amount (the whole balance)",
};

/** What a payment was for, in words (issue 27, scope 6): the Keyfree page's table and the receipt. */
export function paymentLabel(p: Payment): string {
  if (p.kind === "PAYMENT_PLAN_INSTALMENT") return `Payment plan instalment ${p.instalmentNumber ?? ""}`.trim();
  return LABELS[p.kind];
}

/** Money given back to the card for a payment, in words, or null when none was. */
export function refundNote(p: Payment): string | null {
  if (p.refundedAmount <= 0) return null;
  const amount = formatPounds(p.refundedAmount);
  return p.refundPending ? `${amount} is being given back to your card.` : `${amount} has been given back to your card.`;
}
