/**
 * A complaint's clock (issue 40, decision 0066): pure rules. The acknowledgement is due within
 * 5 working days (England and Wales, ./working-days.ts), the final response within 8 weeks; the
 * ombudsman applies once a final response is given or 8 weeks pass without one.
 */
import { COMPLAINT_ACKNOWLEDGE_WORKING_DAYS, COMPLAINT_FINAL_RESPONSE_WEEKS } from "#common/complaints";
import { addCalendarDays, londonDate, type Instant } from "./london-time";
import { addWorkingDays } from "./working-days";

export type ComplaintDueDates = { acknowledgeBy: string; finalResponseBy: string };

/** The London dates a complaint raised at `raisedAt` must be acknowledged and answered by. */
export function complaintDueDates(raisedAt: Instant): ComplaintDueDates {
  const day = londonDate(raisedAt);
  return {
    acknowledgeBy: addWorkingDays(day, COMPLAINT_ACKNOWLEDGE_WORKING_DAYS),
    finalResponseBy: addCalendarDays(day, COMPLAINT_FINAL_RESPONSE_WEEKS * 7),
  };
}

export type ComplaintStatus = "ACKNOWLEDGED" | "RESPONDED" | "FINAL_RESPONSE" | "OVERDUE";

/**
 * Where a complaint stands: acknowledged; a holding response given; the final response given;
 * or its 8 weeks passed (the day after finalResponseBy) without a final response.
 */
export function complaintStatus(c: { finalResponseAt: Date | null; finalResponseBy: string; responses: number }, now: Date): ComplaintStatus {
  if (c.finalResponseAt) return "FINAL_RESPONSE";
  if (londonDate(now) > c.finalResponseBy) return "OVERDUE";
  return c.responses > 0 ? "RESPONDED" : "ACKNOWLEDGED";
}

/** Whether the tenant may now refer the complaint to the ombudsman (a final response, or 8 weeks without one). */
export function ombudsmanApplies(status: ComplaintStatus): boolean {
  return status === "FINAL_RESPONSE" || status === "OVERDUE";
}
