import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeading } from "~/components/page-heading";
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

/**
 * A checkout step's h1 with its Back link shown above it: the h1 first in the document (issue 24,
 * PageHeading), the link after it. `back` names another target (Confirm's change pages).
 */
export function CheckoutHeading({ id, back, children }: { id?: string; back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <PageHeading id={id} above={<CheckoutBack {...back} />}>
      {children}
    </PageHeading>
  );
}
