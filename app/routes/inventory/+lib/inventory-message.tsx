import { INVENTORY_TEXTS, type InventoryOutcome } from "./inventory";
import { pageTitle } from "~/lib/product";

/** One tenancy inventory outcome's page: its title, heading and the spec's text. */
export function InventoryMessage({ outcome }: { outcome: InventoryOutcome }) {
  const text = INVENTORY_TEXTS[outcome];
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(text.title)}</title>
      <h1>{text.heading}</h1>
      {text.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}
