import type { ReactNode } from "react";

/** One fact: what it is, and its value; null or false for a fact the page does not show. */
export type Fact = readonly [term: ReactNode, value: ReactNode] | null | false;

/** A list of facts (a `dl`, each term and value in a `div` for the layout): totals, a card's details, a receipt. */
export function Facts({ className, facts }: { className?: string; facts: readonly Fact[] }) {
  return (
    <dl className={className}>
      {facts.map((fact, i) =>
        fact ? (
          <div key={i}>
            <dt>{fact[0]}</dt>
            <dd>{fact[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
