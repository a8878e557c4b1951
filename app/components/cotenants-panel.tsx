import { ActionButton } from "~/components/action-button";

/**
 * Your co-tenants (issue 38, decision 0061): each co-tenant by name, what they have done and
 * when, what they still have to do, and "Remind {first name}" (a one-button form: it works
 * without script). Its words come ready from the loader (app/lib/cotenants.server.ts): this
 * module imports nothing else, so the card pages that show it stay within their script budget.
 */
export type CoTenantsPanelView = {
  /** Where "Remind {first name}" posts. */
  action: string;
  /** Before the list: whose answer binds the claim and when it was given (claims only). */
  lead: string[];
  /** After the list: times are UK time, and what a reminder is. */
  note: string;
  rows: {
    id: string;
    name: string;
    /** What they did and when, then what they still have to do. */
    lines: string[];
    remind: { label: string; fields: Record<string, string> } | null;
  }[];
};

export function CoTenantsPanel({ panel }: { panel: CoTenantsPanelView | null }) {
  if (!panel) return null;
  return (
    <section className="cotenants">
      <h2>Your co-tenants</h2>
      {panel.lead.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <ul>
        {panel.rows.map((row) => (
          <li key={row.id}>
            <h3>{row.name}</h3>
            <ul>
              {row.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {row.remind ? (
              <ActionButton action={panel.action} fields={row.remind.fields} buttonClassName="button button--small">
                {row.remind.label}
              </ActionButton>
            ) : null}
          </li>
        ))}
      </ul>
      <p>{panel.note}</p>
    </section>
  );
}
