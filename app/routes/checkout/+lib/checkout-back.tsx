import { Link } from "react-router";
import { PRODUCT } from "~/lib/product";

/**
 * A checkout step's own Back link (part 1 §2.3, 'back navigation goes to /'): to the tenant's
 * Keyfrees on the dashboard, never to the previous step, which the checkout would send them
 * on from anyway. The browser's own back button is left alone (docs/decisions/0017).
 * `to` and `label` serve Confirm's change pages, whose Back returns to Confirm. A full page
 * load, so leaving a page that has script (referencing's uploads) leaves the script behind.
 */
export function CheckoutBack({ to = "/", label = `Back to your ${PRODUCT.name}s` }: { to?: string; label?: string }) {
  return (
    <p className="checkout-back">
      <Link to={to} className="standalone-link" reloadDocument>
        {label}
      </Link>
    </p>
  );
}
