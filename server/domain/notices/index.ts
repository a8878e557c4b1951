/**
 * Every notice that tells a tenant to act, or that starts or ends a clock (issue 28): one
 * catalogue of what each says by e-mail and, where it has a deadline or it is the tenant's
 * turn, by text message. The terms serve notices by e-mail (part 2 §1), so every notice has an
 * e-mail; a text message is short, carries a link, and names nothing beyond the first name (no
 * amount, no address).
 *
 * Pure: the service (server/lib/notices.ts) finds the recipients and their first names,
 * renders each notice here, and writes the e-mails and text messages to the outbox in the
 * transaction that made the change. Deadlines are worded in London time with the date in
 * full and how far away it is ("by 11:59pm on Friday 4 December 2026 (UK time), 7 days from
 * today"), and every notice says what happens if the tenant does nothing.
 *
 * The catalogue is one list (`NOTICES`, ./catalogue.ts), written in two files to stay under 400
 * lines each: ./catalogue-claims.ts (the checkout's turn and the claim, raised to resolved) and
 * ./catalogue-reminders.ts (the reminders, receipts, payment plans and more time) and
 * ./catalogue-references.ts (a reference's outcome, issue 38). Money, dates
 * and deadlines are worded by the one wording module, #common/wording (issue 37, decision 0055).
 */
export type { BreathingSpaceOfRecipient, Notice, NoticeFacts, NoticeKind, NoticeLinks, OmbudsmanFacts, ReferenceOutcome, RenderedNotice, ReminderStage } from "./types";
export { propertyLine, type NoticeAddress } from "./words";
export { NOTICES } from "./catalogue";
export { ombudsmanLines } from "./catalogue-complaints";
export { asksForMoney, heldDuringBreathingSpace, renderNotice, sendsSms } from "./render";
export { CLAIM_EVENT_NOTICES, REMINDER_FROM_HOUR, reminderDue } from "./claim-events";
/**
 * Kept only for server/scenarios/claims.ts, which issue 37's stand-ins part is moving: at merge its
 * import becomes `plainPounds` from #common/wording and this line goes (decision 0055).
 */
