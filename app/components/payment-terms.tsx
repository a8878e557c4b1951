import type { ReactNode } from "react";

/**
 * The payment text above 'I authorise payment to be taken' (part 1 §2.4): what the card is
 * charged for (children, the page's own sentence), then the cardholder-authority warranty.
 */
export function PaymentTerms({ children }: { children: ReactNode }) {
  return (
    <div className="payment-terms">
      {children}
      <p>
        If you are not a named cardholder on this card, you confirm that you have the authority of the named cardholder to make this
        payment.
      </p>
    </div>
  );
}
