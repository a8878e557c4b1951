import type { ReactNode } from "react";

// The words every card page shows about its payment. They live in this small module, which each
// card page loads already, so that no shared module joins the card pages' script (decision 0051).

/** What is paid on a card page (part 1 §2.4 summary card): what for, how much, and when ('payable today'). */
export function AmountDue({
  title,
  amountText,
  payableToday = true,
  children,
}: {
  title: ReactNode;
  amountText: string;
  payableToday?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="summary-card">
      <h2 className="summary-card__title">{title}</h2>
      <p className="summary-card__amount">{amountText}</p>
      {payableToday ? <p>payable today</p> : null}
      {children}
    </div>
  );
}

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
