import type { components } from "~/lib/api/schema";

export type InventoryOutcome = components["schemas"]["TenancyInventoryOutcome"]["outcome"];

/** The answers an e-mail link may carry (part 2 §2: any other value shows the error page). */
export const INVENTORY_ANSWERS = ["CONFIRMED", "UNCONFIRMED"] as const;
export type InventoryAnswer = (typeof INVENTORY_ANSWERS)[number];

export function inventoryAnswer(value: string | null): InventoryAnswer | null {
  return (INVENTORY_ANSWERS as readonly string[]).includes(value ?? "") ? (value as InventoryAnswer) : null;
}

/** The pages of the outcomes that have their own route (part 2 §2 route table). */
export const INVENTORY_PAGES = {
  ERROR: "/tenancy-inventory-error",
  ALREADY_RESPONDED: "/tenancy-inventory-already-responded",
  PREVIOUSLY_CONFIRMED: "/tenancy-inventory-previously-confirmed",
} as const satisfies Partial<Record<InventoryOutcome, string>>;

/** A paragraph, or one whose words `contact us` link to the contact page, followed by the chat's offer where the chat is on (ChatOffer). */
export type InventoryParagraph = string | { beforeContact: string; afterContact: string };

/** Each outcome's page: its title and the spec's exact text (part 2 §2 tenancy inventory pages). */
export const INVENTORY_TEXTS: Record<InventoryOutcome, { title: string; heading: string; paragraphs: InventoryParagraph[] }> = {
  CONFIRMED: {
    title: "Tenancy inventory received",
    heading: "Tenancy inventory",
    paragraphs: ["Thank you for confirming you have received your tenancy inventory."],
  },
  UNCONFIRMED: {
    title: "Tenancy inventory not received",
    heading: "Tenancy inventory",
    paragraphs: [
      "You have confirmed that you have not received your tenancy inventory.",
      "We will contact your agent/landlord to request they send your tenancy inventory over to you for your review.",
    ],
  },
  ALREADY_RESPONDED: {
    title: "Response already logged",
    heading: "Tenancy inventory",
    paragraphs: ["We have already logged a response from you."],
  },
  PREVIOUSLY_CONFIRMED: {
    title: "Already confirmed by a co-tenant",
    heading: "Tenancy inventory",
    paragraphs: ["We have already received confirmation of a co-tenant receiving your tenancy inventory."],
  },
  ERROR: {
    title: "Something has gone wrong",
    heading: "Something has gone wrong",
    // The spec's 'contact us via live chat': the contact page's link, and "or chat with us" where the live chat is on (ChatOffer).
    paragraphs: [{ beforeContact: "Please ", afterContact: " and we'll get this sorted for you." }],
  },
};

/**
 * Requests that are not a person opening the link: link previews, mail scanners and other
 * bots (by user agent), HEAD requests and browser prefetches. Opening the link records the
 * answer (the spec's one-click e-mail link); for these the page asks for a click instead.
 */
export function isAutomatedVisit(request: Request, isBot: (userAgent: string) => boolean): boolean {
  if (request.method === "HEAD") return true;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""} ${request.headers.get("x-moz") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return true;
  const userAgent = request.headers.get("user-agent") ?? "";
  return userAgent === "" || isBot(userAgent);
}
