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
  /** Whose answer binds the claim and when it was given (claims only). */
  binding: string | null;
  rows: {
    id: string;
    name: string;
    done: string[];
    waiting: string | null;
    remind: { label: string; fields: Record<string, string> } | null;
  }[];
};

export function CoTenantsPanel({ panel }: { panel: CoTenantsPanelView | null }) {
  if (!panel) return null;
  return (
    <section className="cotenants" aria-labelledby="cotenants-title">
      <h2 id="cotenants-title">Your co-tenants</h2>
      {panel.binding ? <p className="cotenants__binding">{panel.binding}</p> : null}
      <ul className="cotenants__list">
        {panel.rows.map((row) => (
          <li key={row.id} className="cotenants__tenant">
            <h3 className="cotenants__name">{row.name}</h3>
            {row.done.length > 0 ? (
              <ul className="cotenants__done">
                {row.done.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            {row.waiting ? <p className="cotenants__waiting">{row.waiting}</p> : null}
            {row.remind ? (
              <ActionButton action={panel.action} fields={row.remind.fields} buttonClassName="button button--secondary button--small">
                {row.remind.label}
              </ActionButton>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="cotenants__note">Times are UK time. A reminder is an e-mail from us; you can send each co-tenant one a day.</p>
    </section>
  );
}
