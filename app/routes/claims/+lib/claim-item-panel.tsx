import type { EvidenceLink, ItemPanelView } from "./claim-item-view";
import { ActionButton } from "~/components/action-button";
import { ButtonGroup } from "~/components/button-group";

/**
 * One claim item (part 1 §2.5, §4.1): description, type, the amount with its label, the tick
 * and sync states in words, 'Show more' / 'Hide' with the History and Evidence tabs as links
 * (the state is the URL: works without JavaScript, can be linked), and the tenant's ways to
 * answer it — Agree (a post to the item's proposal route) and Disagree, or Edit and Back once
 * they have a proposal for it. Nothing to act on when the tenant cannot respond.
 */
export function ClaimItemPanel({ item }: { item: ItemPanelView }) {
  const headingId = `item-${item.id}-heading`;
  return (
    <li id={`item-${item.id}`} className={`claim-item${item.required ? " claim-item--required" : ""}`}>
      <div className="claim-item__summary">
        <div className="claim-item__title">
          <h3 id={headingId}>{item.description}</h3>
          <p className="claim-item__type">{item.typeLabel}</p>
        </div>
        <dl className="claim-item__amount">
          <dt>{item.amountLabel}</dt>
          <dd>{item.amount}</dd>
        </dl>
      </div>
      {item.statusText ? (
        <p className={`claim-item__status claim-item__status--${item.icon ?? "none"}`}>
          {item.icon ? (
            <span className="claim-item__icon" aria-hidden="true">
              {item.icon === "tick" ? "✓" : "⟳"}
            </span>
          ) : null}
          {item.statusText}
        </p>
      ) : null}
      {item.finalProposal ? (
        <>
          <p>
            {item.finalProposal.phrase} <strong>{item.finalProposal.amount}</strong>
          </p>
          {item.finalProposal.reasoning ? <p className="claim-final__reasoning">Reasoning: {item.finalProposal.reasoning}</p> : null}
        </>
      ) : null}
      {item.required ? <p className="claim-item__required">Response required: agree or disagree with this charge.</p> : null}
      {item.help ? (
        <p className="claim-item__help">
          <a href={item.help.href}>
            {item.help.label}
            <span className="visually-hidden"> ({item.description})</span>
          </a>
        </p>
      ) : null}

      {item.actions ? (
        <ButtonGroup className="claim-item__actions">
          {item.actions.kind === "answer" ? (
            <>
              <ActionButton action={item.actions.agreeAction} intent="agree" className="claim-item__agree" reloadDocument>
                Agree<span className="visually-hidden"> to {item.description}</span>
              </ActionButton>
              <a className="button button--secondary" href={item.actions.disagreeHref}>
                Disagree<span className="visually-hidden"> with {item.description}</span>
              </a>
            </>
          ) : (
            <>
              <a className="button" href={item.actions.editHref}>
                Edit<span className="visually-hidden"> your proposal for {item.description}</span>
              </a>
              {item.actions.backHref ? (
                <a className="button button--secondary" href={item.actions.backHref}>
                  Back<span className="visually-hidden"> to the charges</span>
                </a>
              ) : null}
            </>
          )}
        </ButtonGroup>
      ) : null}

      {item.expanded ? (
        <>
          <a className="claim-item__toggle" href={item.hideHref}>
            Hide<span className="visually-hidden"> the history and evidence of {item.description}</span>
          </a>
          <nav className="claim-tabs" aria-label={`${item.description}: history and evidence`}>
            <ul>
              {(["history", "evidence"] as const).map((tab) => (
                <li key={tab}>
                  <a className="claim-tabs__link" href={item.tabHrefs[tab]} aria-current={item.tab === tab ? "true" : undefined}>
                    {tab === "history" ? "History" : "Evidence"}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {item.tab === "history" ? <History item={item} /> : <Evidence item={item} />}
        </>
      ) : (
        <a className="claim-item__toggle" href={item.showMoreHref}>
          Show more<span className="visually-hidden"> about {item.description}</span>
        </a>
      )}
    </li>
  );
}

function History({ item }: { item: ItemPanelView }) {
  return (
    <section className="claim-history" aria-labelledby={`item-${item.id}-history`}>
      <h4 id={`item-${item.id}-history`}>History</h4>
      {item.history.length === 0 ? (
        <p>Nothing has happened on this charge yet.</p>
      ) : (
        <ol className="claim-history__list">
          {item.history.map((h) => (
            <li key={h.id} className="claim-history__entry">
              <p>
                {h.phrase} <strong>{h.amount}</strong>{" "}
                <span className="claim-history__when">
                  {h.relative} (<time dateTime={h.at}>{h.date}</time>)
                </span>
              </p>
              {h.reasoning ? (
                <div className="claim-history__reasoning">
                  <p className="claim-history__reasoning-label">Reasoning</p>
                  <p>{h.reasoning}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EvidenceColumn({ title, id, docs }: { title: string; id: string; docs: EvidenceLink[] }) {
  return (
    <div className="claim-evidence__column">
      <h5 id={id}>{title}</h5>
      {docs.length === 0 ? (
        <p>No Evidence Provided</p>
      ) : (
        <ul>
          {docs.map((d) => (
            <li key={d.id}>
              <a href={d.href} download>
                {d.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Evidence({ item }: { item: ItemPanelView }) {
  return (
    <section className="claim-evidence" aria-labelledby={`item-${item.id}-evidence`}>
      <h4 id={`item-${item.id}-evidence`}>Evidence</h4>
      <div className="claim-evidence__columns">
        <EvidenceColumn title="Landlord evidence" id={`item-${item.id}-landlord`} docs={item.landlordEvidence} />
        <EvidenceColumn title="Tenant evidence" id={`item-${item.id}-tenant`} docs={item.tenantEvidence} />
      </div>
    </section>
  );
}
