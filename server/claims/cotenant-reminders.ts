/**
 * "Remind {first name}" on a claim (issue 38, decision 0061): a co-tenant on the same claim who
 * still has something to do is e-mailed what is waiting, once in 24 hours per pair. 404 for a
 * claim the tenant is not on or a respondent not on it; 400 for oneself; 409 when nothing is
 * waiting; 429 within 24 hours of the pair's last reminder.
 */
import type { Deps } from "../context";
import { sendCotenantReminder, waitingOf } from "../lib/cotenant-reminders";
import { ApiError, notFound } from "../lib/errors";
import { claimAudience, claimLinks, tenantName } from "./notices";
import { buildClaimView } from "./views";

export async function remindClaimCoTenant(deps: Pick<Deps, "db" | "clock">, input: { claimId: string; claimRespondentId: string; userId: string }) {
  const view = await buildClaimView(deps, input.claimId, input.userId);
  const respondent = view.respondents.find((r) => r.id === input.claimRespondentId);
  if (!respondent) throw notFound();
  if (respondent.isCurrentUser) throw new ApiError(400, "You cannot send a reminder to yourself.");
  const waiting = waitingOf(view.coTenants.find((c) => c.id === respondent.id)!);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const audience = await claimAudience(tx, input.claimId);
    return sendCotenantReminder(
      tx,
      { context: "CLAIM", contextId: input.claimId, askerUserId: input.userId, recipientUserId: respondent.userId, ...waiting },
      {
        property: audience.property,
        link: waiting.waitingFor === "DISPUTE_FEE" ? claimLinks.disputeFee(audience) : claimLinks.claim(audience),
        askedBy: tenantName(audience, input.userId),
      },
      now,
    );
  });
}
