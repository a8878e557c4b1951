import { InventoryMessage } from "./+lib/inventory-message";

/** /tenancy-inventory-error (part 2 §2 tenancy inventory pages). */
export default function TenancyInventoryError() {
  return <InventoryMessage outcome="ERROR" />;
}
