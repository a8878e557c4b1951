/**
 * The contact page (issue 26, scope 3): what a tenant may write to support, shared by the web's
 * form and the API's schema so both refuse the same things with the same words.
 */
import { PRODUCT_NAME } from "./product";

/** What a message is about, as the API names it, with the words the tenant chooses from. */
export const SUPPORT_TOPICS = ["CHARGES", "PAYMENT", "PAYMENT_PLAN", "KEYFREE", "OTHER"] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  CHARGES: "My charges",
  PAYMENT: "A payment",
  PAYMENT_PLAN: "My payment plan",
  KEYFREE: `My ${PRODUCT_NAME}`,
  OTHER: "Something else",
};

/** The topic's spelling in a link to the contact page (`/contact?topic=payment`). */
export const SUPPORT_TOPIC_SLUGS: Record<SupportTopic, string> = {
  CHARGES: "charges",
  PAYMENT: "payment",
  PAYMENT_PLAN: "payment-plan",
  KEYFREE: "keyfree",
  OTHER: "other",
};

export function topicFromSlug(slug: string | null | undefined): SupportTopic | null {
  if (!slug) return null;
  const found = SUPPORT_TOPICS.find((topic) => SUPPORT_TOPIC_SLUGS[topic] === slug);
  return found ?? null;
}

/** The longest message, in characters (a long text, as a proposal's reasoning). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 5_000;

export const SUPPORT_MESSAGES = {
  topic: "Choose what you need help with",
  message: "Enter your message",
  messageTooLong: `Your message must be ${SUPPORT_MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
  name: "Enter your name",
  email: "Enter your email address",
  emailShape: "Enter an email address in the correct format, like name@example.com",
} as const;

/**
 * Throttles (per hour): messages from one e-mail address, and from one client address (a
 * shared office or mobile network sends many tenants through one address, hence more).
 */
export const SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR = 5;
export const SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR = 20;
export const TOO_MANY_SUPPORT_MESSAGES_FROM_EMAIL =
  `You have sent us ${SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR} messages in the last hour. We have them all and will reply by email: please wait for our answer, or try again in an hour.`;
export const TOO_MANY_SUPPORT_MESSAGES_FROM_ADDRESS =
  "We have had too many messages from your network in the last hour. Please try again later.";
