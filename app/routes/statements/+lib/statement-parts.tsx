import type { ReactNode } from "react";
import { pageTitle } from "~/lib/product";

/** A statement page (the privacy notice, the accessibility statement): its title, its h1, then its sections. */
export function StatementPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="panel guide">
      <title>{pageTitle(title)}</title>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A list of named terms, each "<strong>term</strong>: words" (the lawful bases, who we share with, the rights). */
export function TermList({ terms }: { terms: ReadonlyArray<readonly [string, string]> }) {
  return (
    <ul>
      {terms.map(([term, words]) => (
        <li key={term}>
          <strong>{term}</strong>: {words}
        </li>
      ))}
    </ul>
  );
}
