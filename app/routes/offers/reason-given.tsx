import { pageTitle, PRODUCT } from "~/lib/product";

/** After a rejection reason is submitted (part 2 §2 post-login navigation: /{product}-offer/{id}/reason-given). */
export default function ReasonGiven() {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Thank you for your feedback")}</title>
      <h1>Thank you for your feedback</h1>
      <p>Your reason has been recorded. It helps us make {PRODUCT.name} better for tenants.</p>
    </div>
  );
}
