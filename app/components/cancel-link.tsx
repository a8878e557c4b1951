import { Link } from "react-router";

/** 'Cancel' beside a confirming button (an `<ActionButton after>`): back to where the tenant came from, nothing posted. */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} className="button button--secondary">
      Cancel
    </Link>
  );
}
