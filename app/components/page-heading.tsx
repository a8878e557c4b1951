import type { ReactNode } from "react";

/**
 * A page's h1 with what the design shows just above it (a Back link, the payment plan's
 * Repayment Summary), issue 24: the h1 comes first in the document, so it is the first heading
 * in `main` and nothing to press comes before it, and a text browser or a screen reader reads
 * the title, then the rest; the stylesheet shows `above` over it, as designed
 * (`.page-heading`: a column in reverse). `above` is one element; a page with nothing above its
 * title writes a plain h1.
 */
export function PageHeading({ id, above, children }: { id?: string; above: ReactNode; children: ReactNode }) {
  return (
    <div className="page-heading">
      <h1 id={id}>{children}</h1>
      {above}
    </div>
  );
}
