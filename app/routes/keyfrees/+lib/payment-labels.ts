import type { components } from "~/lib/api/schema";
import { formatPounds } from "#common/wording";

type Payment = Pick<components["schemas"]["KeyfreePayment"], "kind" | "instalmentNumber" | "refundedAmount" | "refundPending">;

/** Money given back to the card for a payment, in words, or null when none was. */
export function refundNote(p: Payment): string | null {
  if (p.refundedAmount <= 0) return null;
  const amount = formatPounds(p.refundedAmount);
  return p.refundPending ? `${amount} is being given back to your card.` : `${amount} has been given back to your card.`;
}
