/**
 * Complaints (issue 40, decision 0066): what a tenant may complain about and the words the web's
 * form and the API's schema both refuse with, and the clock a complaint runs on.
 */
import { PRODUCT_NAME } from "./product";

/** What a complaint is about, as the API names it, with the words the tenant chooses from. */
export const COMPLAINT_TOPICS = ["CHARGE", "PAYMENT", "SERVICE", "DATA", "OTHER"] as const;
export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];

export const COMPLAINT_TOPIC_LABELS: Record<ComplaintTopic, string> = {
  CHARGE: "A charge",
  PAYMENT: "A payment",
  SERVICE: `The ${PRODUCT_NAME} service`,
  DATA: "Your data",
  OTHER: "Something else",
};

/** The longest answer to "what happened" and "what would put it right", in characters. */
export const COMPLAINT_TEXT_MAX_LENGTH = 5_000;

export const COMPLAINT_MESSAGES = {
  topic: "Choose what your complaint is about",
  whatHappened: "Tell us what happened",
  whatHappenedTooLong: `What happened must be ${COMPLAINT_TEXT_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
  putRight: "Tell us what would put it right",
  putRightTooLong: `What would put it right must be ${COMPLAINT_TEXT_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
  name: "Enter your name",
  email: "Enter your email address",
  signInForReference: "Sign in to tell us which claim or Keyfree your complaint is about, or describe it in what happened.",
} as const;

/** We acknowledge a complaint within 5 working days, and give our final response within 8 weeks. */
export const COMPLAINT_ACKNOWLEDGE_WORKING_DAYS = 5;
export const COMPLAINT_FINAL_RESPONSE_WEEKS = 8;
/** After our final response (or 8 weeks without one) the tenant has 6 months to refer it to the ombudsman. */
export const OMBUDSMAN_REFERRAL_MONTHS = 6;

/** A complaint's reference: "C-" and 8 capital letters or digits. */
export const COMPLAINT_REFERENCE_PATTERN = /^C-[A-Z0-9]{8}$/;
