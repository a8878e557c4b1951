/**
 * "Struggling to pay?" on every page that asks for money (issue 36, scope 1): the link to the
 * page of free debt advice and what we can do, with one short line. Not red and not a warning:
 * a way out, shown before the card form. Pure markup, so a card page that hydrates renders it the same.
 * The path is written out (common/struggling-to-pay.ts STRUGGLING_TO_PAY_PATH; e2e/struggling-to-pay.spec.ts
 * follows the link from every payment page): the card pages' script is at its 120 KB budget.
 */
export function StrugglingToPay() {
  return (
    <p className="struggling-to-pay">
      <a href="/help/struggling-to-pay">Struggling to pay?</a> Get free debt advice, or ask us for a plan, more time or a pause.
    </p>
  );
}
