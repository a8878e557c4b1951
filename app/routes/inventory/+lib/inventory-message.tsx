import { INVENTORY_TEXTS, type InventoryOutcome } from "./inventory";
import { Link } from "react-router";
import { contactPath } from "~/lib/contact";
import { pageTitle } from "~/lib/product";
import { ChatOffer } from "~/components/chat-offer";

/** One tenancy inventory outcome's page: its title, heading and the spec's text. */
export function InventoryMessage({ outcome }: { outcome: InventoryOutcome }) {
  const text = INVENTORY_TEXTS[outcome];
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(text.title)}</title>
      <h1>{text.heading}</h1>
      {text.paragraphs.map((p, i) =>
        typeof p === "string" ? (
          <p key={i}>{p}</p>
        ) : (
          <p key={i}>
            {p.beforeContact}
            <Link to={contactPath({ topic: "KEYFREE" })}>contact us</Link>
            <ChatOffer />
            {p.afterContact}
          </p>
        ),
      )}
    </div>
  );
}
