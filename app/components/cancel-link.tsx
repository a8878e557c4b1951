import { Link } from "react-router";

/**
 * 'Cancel' beside a confirming button, both in a <ButtonGroup> (button-group.tsx): back to where
 * the tenant came from, nothing posted.
 */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} className="button button--secondary">
      Cancel
    </Link>
  );
}
