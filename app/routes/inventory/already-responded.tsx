import { InventoryMessage } from "./+lib/inventory-message";

/** /tenancy-inventory-already-responded (part 2 §2 tenancy inventory pages). */
export default function TenancyInventoryAlreadyResponded() {
  return <InventoryMessage outcome="ALREADY_RESPONDED" />;
}
