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

/** The other account pages' link to Your data (issue 40): a copy of everything held, and closing the account. */
export function YourDataLink() {
  return (
    <p>
      <Link to="/account/data">Your data: download a copy, or close your account</Link>
    </p>
  );
}
