/** The claim's response deadline as a calendar file (RFC 5545), for "Add to calendar". Pure. */
import { allDayCalendar } from "#common/calendar";
import type { components } from "~/lib/api/schema";
import { addressLine } from "~/lib/format";
import { londonDate } from "#common/wording";

type Claim = components["schemas"]["Claim"];

/**
 * The response deadline as an all-day event on its London day (the deadline is midnight at the
 * end of it), a VCALENDAR with one VEVENT: RFC 5545, CRLF line ends, folded lines.
 */
export function deadlineCalendar(
  claim: Pick<Claim, "id" | "responseDeadline" | "awaitingPayment" | "organization" | "tenancy">,
  origin: string,
  now: Date,
): string | null {
  if (claim.responseDeadline == null) return null;
  const day = londonDate(claim.responseDeadline);
  const what = claim.awaitingPayment ? "pay your end of tenancy charges" : "respond to your end of tenancy charges";
  return allDayCalendar(
    "Claim deadline",
    [
      {
        uid: `claim-${claim.id}-deadline-${day.replaceAll("-", "")}@keyfree`,
        date: day,
        summary: `Keyfree: deadline to ${what}`,
        description: `Your deadline to ${claim.awaitingPayment ? "pay" : "respond"} is midnight tonight. Charges raised by ${claim.organization.name} for ${addressLine(claim.tenancy.property.address)}. If you do nothing by then, the charges are treated as accepted. ${origin}/claims/${claim.id}`,
        url: `${origin}/claims/${encodeURIComponent(claim.id)}`,
      },
    ],
    now,
  );
}
