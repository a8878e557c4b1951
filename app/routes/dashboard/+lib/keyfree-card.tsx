import { Link } from "react-router";
import { Facts } from "~/components/facts";
import { PRODUCT } from "~/lib/product";
import { DownloadList } from "~/components/download-list";

/** One Keyfree on the dashboard (part 2 §2), as the dashboard's loader prepares it: every string ready to show. */
export type KeyfreeCardData = {
  orderId: string;
  /** The card's link: /checkout/{orderId}/{customerId} while the Keyfree is at checkout, else its page /keyfrees/{orderId} (issue 27). */
  href: string;
  /** /checkout/{orderId}/{customerId}: the Continue link of an actionable card. */
  continueHref: string;
  address: string;
  postcode: string;
  rent: string;
  termLabel: string;
  term: string;
  /** Names, or e-mails when a name is missing. */
  tenants: string[];
  statusLine: string;
  /** The tenant can do the next action now: 'Please press continue to complete your Keyfree'. */
  actionable: boolean;
  /** Signed documents, once the Keyfree is complete. */
  documents: { id: string; name: string; url: string }[];
  /** Shown when the claim is resolved. */
  totalChargesSettled: string | null;
};

export function KeyfreeCard({ card }: { card: KeyfreeCardData }) {
  const titleId = `keyfree-${card.orderId}`;
  return (
    <li className="card">
      <h3 className="card__title" id={titleId}>
        <Link to={card.href}>{card.address}</Link>
      </h3>
      {card.actionable ? (
        <div className="card__banner">
          <p>Please press continue to complete your {PRODUCT.name}</p>
          <Link className="button button--small" to={card.continueHref} aria-describedby={titleId}>
            Continue
          </Link>
        </div>
      ) : null}
      <Facts
        className="card__facts"
        facts={[
          ["Postcode", card.postcode],
          ["Rent per month", card.rent],
          [card.termLabel, card.term],
          [
            card.tenants.length === 1 ? "Tenant" : "Tenants",
            <ul className="card__tenants">
              {card.tenants.map((name, i) => (
                <li key={i}>{name}</li>
              ))}
            </ul>,
          ],
          card.totalChargesSettled !== null ? ["Total charges settled", card.totalChargesSettled] : null,
        ]}
      />
      {card.documents.length > 0 ? (
        <div className="card__documents">
          <h4>Signed documents</h4>
          <DownloadList files={card.documents} />
        </div>
      ) : null}
      <p className="card__status">{card.statusLine}</p>
    </li>
  );
}
