import type { ReactNode } from "react";

/**
 * The claim item a page is about, under the page's title (the proposal, its evidence, the
 * item's help): its description, its type, and its charge when it has one.
 */
export function ClaimItemSummary({
  id,
  description,
  type,
  charge,
  children,
}: {
  id: string;
  description: string;
  type: string;
  charge: string | null;
  children?: ReactNode;
}) {
  return (
    <section className="claim-proposal__item" aria-labelledby={id}>
      <h2 id={id}>{description}</h2>
      <p className="claim-proposal__type">{type}</p>
      {charge ? (
        <p className="claim-proposal__charge">
          Item charges <strong>{charge}</strong>
        </p>
      ) : null}
      {children}
    </section>
  );
}
