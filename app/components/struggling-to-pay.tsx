import { STRUGGLING_TO_PAY_PATH } from "../../common/struggling-to-pay";

/**
 * "Struggling to pay?" on every page that asks for money (issue 36, scope 1): the link to the
 * page of free debt advice and what we can do, with one short line. Not red and not a warning:
 * a way out, shown before the card form. Pure markup, so a card page that hydrates renders it the same.
 */
export function StrugglingToPay() {
  return (
    <p className="struggling-to-pay">
      <a href={STRUGGLING_TO_PAY_PATH}>Struggling to pay?</a> Get free debt advice, or ask us for a plan, more time or a pause.
    </p>
  );
}
