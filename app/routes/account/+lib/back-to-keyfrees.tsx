import { Link } from "react-router";
import { PRODUCT } from "~/lib/product";

/** The account pages' way back to the dashboard, at the foot of the page. */
export function BackToKeyfrees() {
  return (
    <p>
      <Link to="/" className="standalone-link">
        Back to your {PRODUCT.name}s
      </Link>
    </p>
  );
}
