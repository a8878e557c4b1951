/**
 * Support needs and someone to help (issue 36, scope 5; docs/decisions/0050): what a tenant may
 * tell us about what would help them, and the person they may ask us to copy their e-mails to.
 * Shared by the web's forms and the API's schemas, so both refuse the same things in the same words.
 */
import { PRODUCT_NAME } from "./product";

/** Where a signed-in tenant records them (the footer and "Struggling to pay?" link here). */
export const SUPPORT_NEEDS_PATH = "/account/support-needs";
/** Where they add someone to help them. */
export const SUPPORT_HELPER_PATH = "/account/support-needs/helper";

/** What can be recorded, as the API names it (the support_needs.needs codes). */
export const SUPPORT_NEED_CODES = ["MORE_TIME", "EMAIL_ONLY", "LARGE_PRINT", "EASY_READ", "HELP_FROM_SOMEONE", "HEALTH_CONDITION", "LIFE_EVENT"] as const;
export type SupportNeedCode = (typeof SUPPORT_NEED_CODES)[number];

/** Each need in the tenant's words, in the page's order. */
export const SUPPORT_NEED_LABELS: Record<SupportNeedCode, string> = {
  MORE_TIME: "More time to answer us or to do what we ask",
  EMAIL_ONLY: "Contact me by email only, with no text messages",
  LARGE_PRINT: "Letters and documents in large print",
  EASY_READ: "Letters and documents in easy read",
  HELP_FROM_SOMEONE: "Help from someone else, such as a relative, a carer or an adviser",
  HEALTH_CONDITION: "A health condition that affects how I deal with things like this",
  LIFE_EVENT: "Something that has happened in my life, such as a bereavement, losing my job or a relationship ending",
};

/** The longest free text, in characters: enough to explain, short enough that nobody is asked for a life story. */
export const SUPPORT_NEEDS_DETAILS_MAX_LENGTH = 2_000;

export const SUPPORT_NEEDS_MESSAGES = {
  consent: "To save this, tick the box to say you agree to us recording it",
  nothingChosen: "Choose at least one thing that would help, or tell us in your own words",
  detailsTooLong: `What you tell us must be ${SUPPORT_NEEDS_DETAILS_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
  unknownNeed: "Choose from the list",
} as const;

/** How the tenant knows the person who helps them. */
export const HELPER_RELATIONSHIPS = ["RELATIVE", "PARTNER", "FRIEND", "CARER", "ADVISER", "OTHER"] as const;
export type HelperRelationship = (typeof HELPER_RELATIONSHIPS)[number];

export const HELPER_RELATIONSHIP_LABELS: Record<HelperRelationship, string> = {
  RELATIVE: "A relative",
  PARTNER: "My partner",
  FRIEND: "A friend",
  CARER: "My carer",
  ADVISER: "A money or debt adviser",
  OTHER: "Someone else",
};

export const SUPPORT_HELPER_MESSAGES = {
  name: "Enter their name",
  email: "Enter their email address",
  emailShape: "Enter an email address in the correct format, like name@example.com",
  ownEmail: "Enter their email address, not yours",
  relationship: "Choose how you know them",
  agree: "Tick the box to say you want them to get copies of our emails",
  alreadyOne: "Someone already helps you. Remove them first if you want someone else to get copies instead.",
} as const;

/** How long the confirmation link e-mailed to a helper works. */
export const HELPER_LINK_DAYS = 7;

/** What the helper's confirmation page and the API say about a link that cannot be used. */
export const HELPER_LINK_MESSAGES = {
  invalid: "This link is not valid. It may have been copied wrongly, or the person who asked you to help has changed their mind.",
  used: `This link has already been used. If you confirmed, you are already getting copies of the emails we send them about their ${PRODUCT_NAME}.`,
  expired: `This link has expired. Links work for ${HELPER_LINK_DAYS} days. Ask the person who asked you to help to add you again, and we will email you a new link.`,
} as const;
