/** Rendering a notice: its e-mail and text message, and what Breathing Space changes (see ./index.ts). */
import { PRODUCT_NAME } from "#common/product";
import { strugglingToPayEmailLines } from "#common/struggling-to-pay";
import { longLondonDate } from "#common/wording";
import { NOTICES } from "./catalogue";
import type { About, BreathingSpaceOfRecipient, Definition, Notice, NoticeKind, NoticeLinks, Recipient, RenderedNotice } from "./types";
import { hello } from "./words";

/**
 * The e-mail (subject and plain text) and, for the kinds that have one, the text message. An
 * e-mail that asks for money ends, after its own link, with "Struggling to pay?" and the link to
 * free advice and what we can do (issue 36, common/struggling-to-pay.ts); a text message stays short.
 * To a tenant in Breathing Space (`options.breathingSpace`) a notice that asks for money says what
 * happened without asking for it, and goes by e-mail only (breathingSpaceEmail).
 */
export function renderNotice(
  notice: Notice,
  to: Recipient,
  now: Date,
  links: NoticeLinks,
  options: { breathingSpace?: BreathingSpaceOfRecipient } = {},
): RenderedNotice {
  const definition = NOTICES[notice.kind] as Definition<NoticeKind>;
  if (options.breathingSpace && definition.asksForMoney) {
    const email = breathingSpaceEmail(notice, to, now, options.breathingSpace);
    return { subject: email.subject, text: email.lines.join("\n"), sms: null };
  }
  const email = definition.email(notice.facts as never, to, now);
  const lines = definition.asksForMoney ? [...email.lines, ...strugglingToPayEmailLines(links.appUrl)] : email.lines;
  const sms = definition.sms && definition.smsText ? definition.smsText(notice.facts as never, to, now) : null;
  return { subject: email.subject, text: lines.join("\n"), sms };
}

/** Whether a kind is not sent at all to a tenant in Breathing Space (the reminders of a deadline: it moves). */
export function heldDuringBreathingSpace(kind: NoticeKind): boolean {
  return NOTICES[kind].duringBreathingSpace === "hold";
}

/**
 * A notice that asks for money, to a tenant in Breathing Space: what happened (the kind's own
 * words, or a general line), what Breathing Space means for it, that they may still act, and the link.
 */
function breathingSpaceEmail(notice: Notice, to: Recipient, now: Date, breathingSpace: BreathingSpaceOfRecipient) {
  const definition = NOTICES[notice.kind] as Definition<NoticeKind>;
  const facts = notice.facts as About;
  const own =
    typeof definition.duringBreathingSpace === "function"
      ? definition.duringBreathingSpace(notice.facts as never, to, now)
      : { subject: `An update about your ${PRODUCT_NAME}`, lines: [`There is an update about your ${PRODUCT_NAME} for ${facts.property}.`] };
  const until = breathingSpace.until ? `You are in Breathing Space until ${longLondonDate(`${breathingSpace.until}T12:00:00Z`)}.` : "You are in Breathing Space.";
  return {
    subject: own.subject,
    lines: [
      hello(to),
      "",
      ...own.lines,
      "",
      `${until} While it lasts we will not ask you to pay anything, and nothing is treated as accepted because a deadline passed. Any deadline that falls in it moves to after it ends, by the days that were left: the page below shows the date.`,
      "You can still answer or pay now, if you choose to.",
      "",
      "See the details:",
      facts.link,
    ],
  };
}

/** Whether a kind asks the tenant for money (issue 36): it links "Struggling to pay?" and is held back during a Breathing Space. */
export function asksForMoney(kind: NoticeKind): boolean {
  return NOTICES[kind].asksForMoney;
}

/** Whether a kind is sent by text message too. */
export function sendsSms(kind: NoticeKind): boolean {
  return NOTICES[kind].sms;
}
