/** The claim page's words for the API's codes: item types and document types (part 1 §2.5). Pure. */

/** Claim item types the spec names, in words: RENTARREARS → 'Rent Arrears'. */
const KNOWN_TYPES: Record<string, string> = {
  RENTARREARS: "Rent Arrears",
  RENT_ARREARS: "Rent Arrears",
  REDECORATION: "Redecoration",
  CLEANING: "Cleaning",
  DAMAGE: "Damage",
  GARDENING: "Gardening",
  MISSINGITEMS: "Missing Items",
  MISSING_ITEMS: "Missing Items",
  UTILITIES: "Utilities",
  OTHER: "Other",
};

/** An item's type title-cased (part 1 §2.5): the known ones mapped, any other split on '_' or spaces. */
export function itemTypeLabel(type: string): string {
  const known = KNOWN_TYPES[type.toUpperCase()];
  if (known) return known;
  return type
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(" ");
}

/** A document type in words: INVENTORY_CHECK_OUT → 'Inventory check out'. */
export function documentTypeLabel(typeId: string): string {
  const words = typeId.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
