import { SUPPORT_TOPIC_SLUGS, type SupportTopic } from "#common/support-messages";

/** What a link to the contact page says the message is about (issue 26): the topic, and the claim or Keyfree it came from. */
export type ContactAbout = {
  topic?: SupportTopic;
  claimId?: string | null;
  /** An order the tenant is on, with their customer id on it (the contact page checks it is theirs). */
  order?: { orderId: string; customerId: string } | null;
};

/** `/contact`, pre-filled for where the tenant is: `/contact?topic=payment&orderId=…&customerId=…`. */
export function contactPath(about: ContactAbout = {}): string {
  const query = new URLSearchParams();
  if (about.topic) query.set("topic", SUPPORT_TOPIC_SLUGS[about.topic]);
  if (about.claimId) query.set("claimId", about.claimId);
  if (about.order) {
    query.set("orderId", about.order.orderId);
    query.set("customerId", about.order.customerId);
  }
  const search = query.toString();
  return search ? `/contact?${search}` : "/contact";
}

export const CONTACT_SENT_PATH = "/contact/sent";
