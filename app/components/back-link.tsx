import type { ReactNode } from "react";
import { Link } from "react-router";

// Apart from PageHeading (page-heading.tsx), so a card page that shows a heading and no Back link
// does not carry this in its script (the card pages are held to 120 KB: e2e/delivery.spec.ts).
/** The Back link a page shows above its title (`above` of PageHeading). */
export function BackLink({ to, reloadDocument, children }: { to: string; reloadDocument?: boolean; children: ReactNode }) {
  return (
    <p>
      <Link to={to} reloadDocument={reloadDocument} className="back-link">
        {children}
      </Link>
    </p>
  );
}
