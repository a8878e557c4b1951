/**
 * What helps for a charge (issue 27 scope 4): for each kind of end-of-tenancy charge a claim item
 * can be (its `type`: part 1 §3 names RENTARREARS; the landlord's system also uses CLEANING,
 * DAMAGE, REDECORATION, GARDENING, MISSING_ITEMS, UTILITIES and OTHER), a short list of what a
 * tenant can show, in plain words, and whether the charge is for replacing or renewing something
 * (then the wear-and-tear note and calculator apply: ./wear-and-tear.ts). An unknown type reads
 * as OTHER. In the shared rule book so the item's help page and the guide say the same.
 */

export type ChargeKind = "CLEANING" | "DAMAGE" | "REDECORATION" | "RENT_ARREARS" | "MISSING_ITEMS" | "GARDENING" | "UTILITIES" | "OTHER";

/** A claim item's type (as the API sends it: any case, with or without underscores) → its kind. */
export function chargeKindOf(type: string): ChargeKind {
  switch (type.toUpperCase().replace(/[\s_-]+/g, "")) {
    case "CLEANING":
      return "CLEANING";
    case "DAMAGE":
    case "DAMAGES":
      return "DAMAGE";
    case "REDECORATION":
    case "DECORATION":
      return "REDECORATION";
    case "RENTARREARS":
      return "RENT_ARREARS";
    case "MISSINGITEMS":
    case "MISSINGITEM":
      return "MISSING_ITEMS";
    case "GARDENING":
    case "GARDEN":
      return "GARDENING";
    case "UTILITIES":
      return "UTILITIES";
    default:
      return "OTHER";
  }
}

export interface ChargeEvidence {
  /** "a cleaning charge" — for headings and links. */
  name: string;
  /** What a tenant can show, each a short line. */
  checklist: string[];
  /** The charge is for replacing or renewing something: fair wear and tear and betterment apply (the calculator). */
  replacement: boolean;
}

const CHECK_IN = "The check-in report pages that describe it at the start of your tenancy";
const CHECK_OUT = "The check-out report pages that describe it at the end";
const DATED_PHOTOS = "Dated photos or video from the day you moved in and the day you moved out";
const MESSAGES = "Messages or e-mails with your landlord or agent about it";

export const CHARGE_EVIDENCE: Record<ChargeKind, ChargeEvidence> = {
  CLEANING: {
    name: "a cleaning charge",
    checklist: [
      `${CHECK_IN}: how clean it was then is the standard, not better`,
      CHECK_OUT,
      DATED_PHOTOS,
      "Receipts or invoices for any cleaning you paid for before you left",
      MESSAGES,
    ],
    replacement: false,
  },
  DAMAGE: {
    name: "a damage charge",
    checklist: [
      `${CHECK_IN}, including its age or condition if the report gives them`,
      CHECK_OUT,
      DATED_PHOTOS,
      "Messages where you reported the problem or asked for a repair during the tenancy",
      "Anything that shows the item's age, such as a receipt or the inventory: an older item is worth less",
    ],
    replacement: true,
  },
  REDECORATION: {
    name: "a redecoration charge",
    checklist: [
      `${CHECK_IN}: the walls' condition, and when they were last painted if it says`,
      CHECK_OUT,
      DATED_PHOTOS,
      "How long you lived there: paint and wallpaper wear with ordinary living",
      "Any permission you had to hang pictures or to decorate",
    ],
    replacement: true,
  },
  RENT_ARREARS: {
    name: "a rent arrears charge",
    checklist: [
      "Bank statements that show each rent payment and its date",
      "Your tenancy agreement: the rent and the day it was due",
      "Rent statements or receipts from your landlord or agent",
      "Messages agreeing any change to the rent or to when it was paid",
    ],
    replacement: false,
  },
  MISSING_ITEMS: {
    name: "a missing items charge",
    checklist: [
      "The check-in inventory pages: whether the item is listed at all, and its condition",
      CHECK_OUT,
      "Dated photos that show the item when you moved out",
      "Messages about the item being broken, taken away or replaced",
      "Receipts if you replaced it yourself",
    ],
    replacement: true,
  },
  GARDENING: {
    name: "a gardening charge",
    checklist: [
      `${CHECK_IN}, and photos of the garden then`,
      "Dated photos of the garden when you moved out (gardens change with the seasons)",
      "Your tenancy agreement: what it asks you to do in the garden",
      "Receipts for any gardening you paid for",
      MESSAGES,
    ],
    replacement: false,
  },
  UTILITIES: {
    name: "a utilities charge",
    checklist: [
      "Dated photos of the meter readings when you moved in and out",
      "Your final bills and proof that you paid them",
      "Your tenancy agreement: which bills were yours to pay",
      MESSAGES,
    ],
    replacement: false,
  },
  OTHER: {
    name: "this charge",
    checklist: [
      "The part of your tenancy agreement the charge relies on",
      `${CHECK_IN}, and ${CHECK_OUT.charAt(0).toLowerCase()}${CHECK_OUT.slice(1)}`,
      DATED_PHOTOS,
      "Receipts for anything you paid for yourself",
      MESSAGES,
    ],
    replacement: false,
  },
};

/** What helps for a claim item's type. */
export function chargeEvidence(type: string): ChargeEvidence & { kind: ChargeKind } {
  const kind = chargeKindOf(type);
  return { kind, ...CHARGE_EVIDENCE[kind] };
}
