/** The tenant's deadline on the claim page (part 1 §4.1): the line, its urgency, its day. Pure. */
import type { components } from "~/lib/api/schema";
import { formatDate, londonDate } from "#common/wording";

type Claim = components["schemas"]["Claim"];

export type Urgency = "high" | "medium" | "low";

export interface DeadlineView {
  urgency: Urgency;
  /** The urgency in words, so it is not colour alone. */
  urgencyLabel: string;
  /** The spec's line. */
  line: string;
  /** The deadline's day, '27th Nov 2026', and as YYYY-MM-DD (London). */
  date: string;
  isoDate: string;
  /** What happens if the tenant does nothing, in one sentence (null once it has happened). */
  ifNothing: string | null;
}

const URGENCY_LABEL: Record<Urgency, string> = { high: "Urgent", medium: "Due soon", low: "Time to respond" };

/**
 * The deadline line (part 1 §4.1): days counted by the API from the start of today; at 0 'Your
 * deadline to respond is midnight tonight'; past it 'You must respond immediately', or 'You must
 * pay immediately' when the charges were accepted for the tenant (autoResponded). When the
 * tenant accepted and must pay, the line speaks of paying. While a request for more time waits
 * (issue 36), nothing says the charges will be treated as accepted.
 */
export function deadlineView(
  claim: Pick<Claim, "responseDeadline" | "daysRemaining" | "urgency" | "autoResponded" | "awaitingPayment"> & { moreTime?: Pick<Claim["moreTime"], "waiting"> },
): DeadlineView | null {
  if (claim.responseDeadline == null || claim.daysRemaining == null) return null;
  const days = claim.daysRemaining;
  // Issue 36 (decision 0049): while a request for more time waits, the deadline holds; the notice beside it says until when.
  if (claim.moreTime?.waiting && !claim.awaitingPayment) {
    const isoDate = londonDate(claim.responseDeadline);
    const line =
      days < 0
        ? "We are looking at the request for more time"
        : days === 0
          ? "Your deadline to respond is midnight tonight"
          : `You have ${days} ${days === 1 ? "day" : "days"} left to respond`;
    return { urgency: "medium", urgencyLabel: "Waiting for our answer", line, date: formatDate(isoDate), isoDate, ifNothing: null };
  }
  const urgency: Urgency = claim.urgency ?? (days < 0 ? "high" : days <= 3 ? "medium" : "low");
  const verb = claim.awaitingPayment ? "pay" : "respond";
  let line: string;
  if (days < 0) line = claim.autoResponded ? "You must pay immediately" : `You must ${verb} immediately`;
  else if (days === 0) line = `Your deadline to ${verb} is midnight tonight`;
  else line = `You have ${days} ${days === 1 ? "day" : "days"} left to ${verb}`;
  const isoDate = londonDate(claim.responseDeadline);
  const ifNothing =
    days < 0 || claim.autoResponded
      ? null
      : claim.awaitingPayment
        ? "If you do not pay by the deadline, the charges stay accepted and you must still pay them."
        : "If you do nothing by the deadline, the charges are treated as accepted and you will have to pay them.";
  return { urgency, urgencyLabel: URGENCY_LABEL[urgency], line, date: formatDate(isoDate), isoDate, ifNothing };
}
