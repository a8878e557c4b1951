import { InventoryMessage } from "./+lib/inventory-message";

/** /tenancy-inventory-previously-confirmed (part 2 §2 tenancy inventory pages). */
export default function TenancyInventoryPreviouslyConfirmed() {
  return <InventoryMessage outcome="PREVIOUSLY_CONFIRMED" />;
}
