/**
 * "Ask for more time" (issue 36, scope 4; docs/decisions/0049): the form's schema (the one the
 * browser's conform and the page's action use, on the shared rule book common/more-time.ts) and
 * what each state of /claims/:claimId/more-time shows, shaped from the API's answer. Pure: the
 * API decides what may happen (canAsk, the request's status and dates); this says how it reads.
 */
import { z } from "zod";
import { MORE_TIME_FIELD_MESSAGES, MORE_TIME_MAX_DAYS, MORE_TIME_MIN_DAYS, MORE_TIME_REASON_LIMIT } from "#common/more-time";
import { TEXT_LIMITS } from "#common/input";
import type { components } from "~/lib/api/schema";
import { londonDayText } from "#common/wording";
import { textField } from "~/lib/text-rules";

type MoreTime = components["schemas"]["MoreTime"];

/** The days as typed ("7", " 14 ") → a whole number from 1 to 14, else the field's message; the reason, required. */
export const moreTimeSchema = z.object({
  days: textField("code", { required: MORE_TIME_FIELD_MESSAGES.days })
    .trim()
    .regex(/^\d{1,2}$/, { error: MORE_TIME_FIELD_MESSAGES.days })
    .transform(Number)
    .pipe(z.number().int().min(MORE_TIME_MIN_DAYS, { error: MORE_TIME_FIELD_MESSAGES.days }).max(MORE_TIME_MAX_DAYS, { error: MORE_TIME_FIELD_MESSAGES.days })),
  reason: textField(MORE_TIME_REASON_LIMIT, { kind: "multi-line", required: MORE_TIME_FIELD_MESSAGES.reason })
    .trim()
    .min(1, { error: MORE_TIME_FIELD_MESSAGES.reason }),
});

/** The reason's hint: who reads it, and its limit (the textarea takes no maxLength: nothing pasted is cut unseen). */
export const REASON_HINT = `Only the team that decides on your request reads this. You can write up to ${TEXT_LIMITS[MORE_TIME_REASON_LIMIT].toLocaleString("en-GB")} characters.`;

const day = (iso: string) => londonDayText(iso);
const days = (n: number) => `${n} more ${n === 1 ? "day" : "days"}`;

export type MoreTimePage =
  | { state: "ask"; title: string; what: string; deadline: string | null; minDays: number; maxDays: number; answerWorkingDays: number }
  | { state: "waiting"; title: string; asked: string; answerBy: string; meanwhile: string }
  | { state: "granted"; title: string; granted: string; deadline: string | null; whole: string }
  | { state: "refused"; title: string; refused: string; reason: string | null; deadline: string | null; final: boolean }
  | { state: "none"; message: string };

/** Which state the page shows: the form while a tenant may ask, else the latest request's answer (or nothing to show). */
export function moreTimePage(m: MoreTime): MoreTimePage {
  const what = m.final ? "the final proposal" : "the charges";
  if (m.canAsk) {
    return {
      state: "ask",
      title: "Ask for more time",
      what,
      deadline: m.responseDeadline ? day(m.responseDeadline) : null,
      minDays: m.minDays,
      maxDays: m.maxDays,
      answerWorkingDays: m.answerWorkingDays,
    };
  }
  const r = m.request;
  const who = r?.askedByYou ? "You" : (r?.askedBy ?? "A tenant");
  if (r?.status === "PENDING") {
    return {
      state: "waiting",
      title: r.askedByYou ? "We are looking at your request" : "A request for more time is waiting",
      asked: `${who} asked for ${days(r.daysRequested)} to answer ${what} on ${day(r.createdAt)}.`,
      answerBy: day(r.answerBy),
      meanwhile: `While we look at ${r.askedByYou ? "your" : "the"} request, the charges will not be treated as accepted. If we have not answered by then, you will get the ${days(r.daysRequested)} asked for.`,
    };
  }
  if (r?.status === "GRANTED") {
    const n = days(r.daysGranted ?? r.daysRequested);
    return {
      state: "granted",
      title: "You have more time",
      granted: r.grantedAutomatically
        ? `We did not answer the request for more time within ${m.answerWorkingDays} working days, so the ${n} asked for were given.`
        : `${r.askedByYou ? "Your" : `${who}'s`} request for more time was granted: ${n}.`,
      deadline: r.deadlineAfter ? day(r.deadlineAfter) : null,
      whole: "The new deadline is the same for every tenant.",
    };
  }
  if (r?.status === "REFUSED") {
    return {
      state: "refused",
      title: "We could not give more time",
      refused: r.askedByYou ? "We are sorry, but we could not give you more time." : `${who} asked for more time, and we could not give it.`,
      reason: r.refusalReason,
      deadline: r.deadlineAfter ? day(r.deadlineAfter) : null,
      final: m.final,
    };
  }
  return { state: "none", message: m.cannotAsk ?? "More time can only be asked for while the charges are waiting for your answer." };
}
