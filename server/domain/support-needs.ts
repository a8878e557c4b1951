/**
 * Support needs and someone to help (issue 36, scope 5; docs/decisions/0050): the rules, pure.
 *
 * - A tenant who asked to be contacted by e-mail only gets no text message, whatever "How we
 *   contact you" says (textMessagesWanted).
 * - A confirmed helper gets a copy of every e-mail to the tenant about their Keyfree, claims and
 *   payments, except the ones listed in NEVER_COPIED (copiedToHelper); a copy says at the top
 *   whose e-mail it is, that the tenant asked for copies, and how the tenant stops them (helperCopy).
 * - The helper's confirmation link works once, for HELPER_LINK_DAYS days, and not once the tenant
 *   has removed them (helperLinkState).
 */
import { PRODUCT_NAME } from "#common/product";
import { HELPER_LINK_DAYS, type SupportNeedCode } from "#common/support-needs";
import { longLondonDate, londonTimeOfDay } from "#common/wording";

export const HELPER_LINK_TTL_MS = HELPER_LINK_DAYS * 24 * 60 * 60 * 1000;

/** Whether a tenant is sent text messages: they have them on ("How we contact you") and did not ask for e-mail only. */
export function textMessagesWanted(smsNotices: boolean, needs: readonly string[] | null | undefined): boolean {
  return smsNotices && !(needs ?? []).includes("EMAIL_ONLY" satisfies SupportNeedCode);
}

/**
 * The e-mails a helper never gets a copy of, and why. Every other e-mail queued to a tenant (one
 * with the tenant's user id: the notices, receipts, payment plan and annual fee e-mails, and any
 * kind added later) is copied.
 */
export const NEVER_COPIED: Readonly<Record<string, string>> = {
  RESET_PASSWORD: "Signs the tenant in: its link sets a new password for their account.",
  SET_PASSWORD: "Signs the tenant in: its link sets the first password of their account.",
  TENANCY_INVENTORY_REQUEST: "Its links answer for the tenant without signing in: whoever holds them acts in the tenant's name.",
  SUPPORT_MESSAGE_RECEIPT: "Repeats, word for word, what the tenant wrote to us, which may be about the helper themself.",
  SUPPORT_HELPER_CONFIRM: "The helper's own confirmation: sent to the helper, not the tenant.",
  SUPPORT_HELPER_REMOVED: "Tells the helper they no longer get copies: sent to the helper, not the tenant.",
};

/** Whether an e-mail of this kind, queued to a tenant, is copied to their confirmed helper. */
export function copiedToHelper(template: string): boolean {
  return !Object.hasOwn(NEVER_COPIED, template);
}

/**
 * The copy a helper gets: the tenant's e-mail with, at the top, whose it is (first name only),
 * that the tenant asked for copies, and how the tenant can stop them.
 */
export function helperCopy(original: { subject: string; text: string }, tenant: { firstName: string }, stopLink: string): { subject: string; text: string } {
  const name = tenant.firstName.trim() || "the tenant";
  return {
    subject: `Copy for you: ${original.subject}`,
    text: [
      `This is a copy of an email we sent to ${name}. ${name} asked us to send you a copy of the emails we send them about their ${PRODUCT_NAME}, their claims and their payments.`,
      `${name} can stop these copies at any time, on the "Your support needs" page of their ${PRODUCT_NAME} account: ${stopLink}`,
      "",
      "----- The email we sent -----",
      "",
      original.text,
    ].join("\n"),
  };
}

export type HelperRecord = {
  tokenExpiresAt: Date | null;
  confirmedAt: Date | null;
  removedAt: Date | null;
};

/** Where a helper stands: waiting for them to confirm, their link run out, confirmed, or removed. */
export type HelperStatus = "PENDING" | "EXPIRED" | "CONFIRMED" | "REMOVED";

export function helperStatus(helper: HelperRecord, now: Date): HelperStatus {
  if (helper.removedAt) return "REMOVED";
  if (helper.confirmedAt) return "CONFIRMED";
  if (!helper.tokenExpiresAt || helper.tokenExpiresAt.getTime() <= now.getTime()) return "EXPIRED";
  return "PENDING";
}

/** What a confirmation link is: usable, or why not (an unknown token, or a removed helper's, is INVALID). */
export type HelperLinkState = "USABLE" | "USED" | "EXPIRED" | "INVALID";

export function helperLinkState(helper: HelperRecord | null | undefined, now: Date): HelperLinkState {
  if (!helper) return "INVALID";
  const status = helperStatus(helper, now);
  return status === "REMOVED" ? "INVALID" : status === "CONFIRMED" ? "USED" : status === "EXPIRED" ? "EXPIRED" : "USABLE";
}

type Helper = { name: string };
type Tenant = { firstName: string; lastName: string };

/** The e-mail asking the helper to confirm (SUPPORT_HELPER_CONFIRM). */
export function helperConfirmEmail(helper: Helper, tenant: Tenant, link: string, expiresAt: Date): { subject: string; text: string } {
  const full = `${tenant.firstName} ${tenant.lastName}`.trim();
  return {
    subject: `${tenant.firstName} has asked you to help with their ${PRODUCT_NAME}`,
    text: [
      `Hello ${helper.name},`,
      "",
      `${full} has asked us to send you a copy of the emails we send them about their ${PRODUCT_NAME}, their claims and their payments, so that you can help them.`,
      "The copies may show amounts of money they owe and dates by which they need to act. We never send you their password or sign-in emails, and you cannot sign in to their account.",
      "",
      "If you agree, confirm here:",
      link,
      "",
      `The link works once, until ${londonTimeOfDay(expiresAt)} on ${longLondonDate(expiresAt)} (UK time). If you do not confirm, you will not get any copies.`,
      `${tenant.firstName} can stop the copies at any time, and we will email you if they do.`,
      "",
      `If you do not know ${tenant.firstName} or do not want to help, you can ignore this email.`,
      "",
      `The ${PRODUCT_NAME} team`,
    ].join("\n"),
  };
}

/** The e-mail telling a confirmed helper they will get no more copies (SUPPORT_HELPER_REMOVED). */
export function helperRemovedEmail(helper: Helper, tenant: Tenant): { subject: string; text: string } {
  return {
    subject: `You will no longer get copies of ${tenant.firstName}'s ${PRODUCT_NAME} emails`,
    text: [
      `Hello ${helper.name},`,
      "",
      `${tenant.firstName} has asked us to stop sending you copies of the emails we send them about their ${PRODUCT_NAME}.`,
      "From now on you will not get any more copies, including of emails we had not yet sent.",
      "",
      "You do not need to do anything. Thank you for helping them.",
      "",
      `The ${PRODUCT_NAME} team`,
    ].join("\n"),
  };
}
