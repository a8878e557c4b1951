import { pageTitle, PRODUCT } from "~/lib/product";

/** After confirming Keyfree (part 2 §2 post-login navigation: /{product}-offer/{id}/accepted). Reveals nothing of the offer. */
export default function OfferAccepted() {
  const heading = `Thanks for choosing ${PRODUCT.name}!`;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(heading)}</title>
      <h1>{heading}</h1>
      <p>Your choice has been recorded. It is final for your tenancy and cannot be changed by your co-tenants.</p>
    </div>
  );
}
