/**
 * More time to answer (issue 36, scope 4; docs/decisions/0049): the shapes of the claim's
 * request for more time, as the API answers it and as the tenant sends it. The reason a tenant
 * gives is never sent back: only the back office that decides reads it.
 */
import { z } from "@hono/zod-openapi";
import { MORE_TIME_FIELD_MESSAGES, MORE_TIME_MAX_DAYS, MORE_TIME_MIN_DAYS, MORE_TIME_REASON_LIMIT } from "#common/more-time";
import { multiLineText } from "../lib/input-schemas";

const IsoDateTime = z.string().openapi({ description: "ISO 8601 date-time" });
const StatusSchema = z.enum(["PENDING", "GRANTED", "REFUSED", "LAPSED"]).openapi("MoreTimeStatus", {
  description: "PENDING: waiting for our answer; GRANTED; REFUSED; LAPSED: the charges were answered (or replaced) while it waited",
});

/** What the claim page needs: whether a tenant may ask, and a request waiting for our answer. */
export const ClaimMoreTimeSchema = z
  .object({
    canAsk: z.boolean().openapi({ description: "A tenant of the claim may ask for more time now ('Ask for more time')" }),
    waiting: z
      .object({ answerBy: IsoDateTime, askedByYou: z.boolean(), askedBy: z.string() })
      .nullable()
      .openapi({ description: "A request waiting for our answer: the deadline holds until then" }),
  })
  .openapi("ClaimMoreTime");

export const MoreTimeRequestSchema = z
  .object({
    id: z.string(),
    status: StatusSchema,
    askedByYou: z.boolean(),
    askedBy: z.string().openapi({ description: "The name of the tenant who asked" }),
    daysRequested: z.number().int(),
    daysGranted: z.number().int().nullable(),
    createdAt: IsoDateTime,
    answerBy: IsoDateTime.openapi({ description: "When we answer by: past it, the days asked for are given automatically" }),
    answeredAt: IsoDateTime.nullable(),
    grantedAutomatically: z.boolean(),
    deadlineAfter: IsoDateTime.nullable().openapi({ description: "The deadline after the answer" }),
    refusalReason: z.string().nullable().openapi({ description: "Why it was refused: to the tenant who asked only" }),
  })
  .openapi("MoreTimeRequest");

export const MoreTimeSchema = z
  .object({
    canAsk: z.boolean(),
    cannotAsk: z.string().nullable().openapi({ description: "Why not, when canAsk is false" }),
    minDays: z.number().int(),
    maxDays: z.number().int(),
    answerWorkingDays: z.number().int().openapi({ description: "We answer within this many working days" }),
    responseDeadline: IsoDateTime.nullable().openapi({ description: "The deadline of the charges or final proposal the tenants are answering" }),
    final: z.boolean().openapi({ description: "The tenants are answering the landlord's final proposal (round 3)" }),
    request: MoreTimeRequestSchema.nullable().openapi({ description: "The claim's latest request" }),
  })
  .openapi("MoreTime");

export type MoreTimeView = z.infer<typeof MoreTimeSchema>;

export const AskForMoreTimeBody = z
  .object({
    days: z
      .number({ error: MORE_TIME_FIELD_MESSAGES.days })
      .int(MORE_TIME_FIELD_MESSAGES.days)
      .min(MORE_TIME_MIN_DAYS, MORE_TIME_FIELD_MESSAGES.days)
      .max(MORE_TIME_MAX_DAYS, MORE_TIME_FIELD_MESSAGES.days),
    reason: multiLineText(MORE_TIME_REASON_LIMIT, { required: MORE_TIME_FIELD_MESSAGES.reason })
      .trim()
      .min(1, MORE_TIME_FIELD_MESSAGES.reason)
      .openapi({ description: "Why: read only by the team that decides" }),
  })
  .openapi("AskForMoreTime");
export type AskForMoreTimeInput = z.infer<typeof AskForMoreTimeBody>;
