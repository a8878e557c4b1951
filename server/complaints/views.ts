/** A complaint as the API answers it (issue 40): the status and whether the ombudsman applies are the domain's rule. */
import { z } from "@hono/zod-openapi";
import { COMPLAINT_TOPIC_LABELS, COMPLAINT_TOPICS, OMBUDSMAN_REFERRAL_MONTHS, type ComplaintTopic } from "#common/complaints";
import type { Ombudsman } from "../config";
import { complaintStatus, ombudsmanApplies } from "../domain/complaints";
import type { readableComplaint } from "./service";

export const ComplaintSchema = z
  .object({
    reference: z.string(),
    topic: z.enum(COMPLAINT_TOPICS),
    topicLabel: z.string(),
    about: z.string().openapi({ description: "What it is about, on one line: the claim's or Keyfree's property, or the topic" }),
    whatHappened: z.string(),
    putRight: z.string(),
    status: z.enum(["ACKNOWLEDGED", "RESPONDED", "FINAL_RESPONSE", "OVERDUE"]).openapi({
      description: "ACKNOWLEDGED; RESPONDED (a holding response, not final); FINAL_RESPONSE; OVERDUE (8 weeks passed without a final response)",
    }),
    raisedAt: z.string().openapi({ format: "date-time" }),
    acknowledgedAt: z.string().nullable().openapi({ format: "date-time" }),
    acknowledgeBy: z.string().openapi({ format: "date", description: "London date: within 5 working days of raising it" }),
    finalResponseBy: z.string().openapi({ format: "date", description: "London date: within 8 weeks of raising it" }),
    finalResponseAt: z.string().nullable().openapi({ format: "date-time" }),
    responses: z.array(z.object({ final: z.boolean(), message: z.string(), sentAt: z.string().openapi({ format: "date-time" }) })),
    ombudsman: z
      .object({ name: z.string(), address: z.string(), website: z.string(), referWithinMonths: z.number().int() })
      .nullable()
      .openapi({ description: "Once a final response is given or 8 weeks pass without one: where to refer the complaint, and within how many months" }),
  })
  .openapi("Complaint");

export function complaintView(found: Awaited<ReturnType<typeof readableComplaint>>, now: Date, ombudsman: Ombudsman): z.infer<typeof ComplaintSchema> {
  const { complaint: c, responses, about } = found;
  const status = complaintStatus({ finalResponseAt: c.finalResponseAt, finalResponseBy: c.finalResponseBy, responses: responses.length }, now);
  return {
    reference: c.reference,
    topic: c.topic as ComplaintTopic,
    topicLabel: COMPLAINT_TOPIC_LABELS[c.topic as ComplaintTopic] ?? c.topic,
    about,
    whatHappened: c.whatHappened,
    putRight: c.putRight,
    status,
    raisedAt: c.createdAt.toISOString(),
    acknowledgedAt: c.acknowledgedAt?.toISOString() ?? null,
    acknowledgeBy: c.acknowledgeBy,
    finalResponseBy: c.finalResponseBy,
    finalResponseAt: c.finalResponseAt?.toISOString() ?? null,
    responses: responses.map((r) => ({ final: r.final, message: r.message, sentAt: r.createdAt.toISOString() })),
    ombudsman: ombudsmanApplies(status) ? { ...ombudsman, referWithinMonths: OMBUDSMAN_REFERRAL_MONTHS } : null,
  };
}
