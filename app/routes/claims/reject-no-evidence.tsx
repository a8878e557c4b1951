import { Link, redirect } from "react-router";
import { ActionButton } from "~/components/action-button";
import { CancelLink } from "~/components/cancel-link";
import { ButtonGroup } from "~/components/button-group";
import { apiContext } from "~/lib/api.server";
import { track } from "~/lib/analytics.server";
import { CLAIM_FAILURE_FALLBACK, CLAIM_FLASH_KEYS, claimFailureRedirect, claimPaths, getClaim } from "./+lib/claims.server";
import { disputeFeeRuleSentences } from "./+lib/dispute-fee-rule";
import { disputeFigures, FRESH_STEPS, REJECT_NO_EVIDENCE_MESSAGE } from "./+lib/dispute";
import { saveDisputeSteps } from "./+lib/dispute.server";
import { pageTitle } from "~/lib/product";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/reject-no-evidence";

const TITLE = "Reject with no evidence";

/** Whether the tenant may reject with no evidence now (the API's allowedActions, part 1 §4.1). */
function canReject(claim: ReturnType<typeof getClaim>) {
  return claim.status !== "AWAITING_ARBITRATION_ADMIN_FEE" && claim.allowedActions.includes("rejectWithNoEvidence");
}

/**
 * 'Reject with no evidence' (part 1 §4.1, §7): the confirmation — the claim goes to an external
 * arbitrator, and what happens to the £60 — as a page state, not a dialog (decision 0020).
 * Confirm calls updateClaimResponse (which raises the dispute and records the message), then
 * the dispute fee is due: the fee page.
 */
export function loader({ context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  if (claim.status === "AWAITING_ARBITRATION_ADMIN_FEE") throw redirect(claimPaths.sub(claim.id, "dispute-fee"));
  if (!canReject(claim)) throw redirect(claimPaths.page(claim));
  return {
    claimPage: claimPaths.page(claim),
    disputePage: claimPaths.sub(claim.id, "dispute"),
    organisation: claim.organization.name || "your landlord or agent",
    figures: disputeFigures(claim),
    feeRule: disputeFeeRuleSentences(claim),
  };
}

/** Confirm: updateClaimResponse with the tenant's respondent and response; a failure flashes CLAIM/REJECT_TENANT_PROPOSAL. */
export async function action({ request, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const page = claimPaths.page(claim);
  if (!canReject(claim)) return redirect(page);
  const respondent = claim.currentRespondent;
  const self = claimPaths.sub(claim.id, "reject-no-evidence");
  if (!respondent.claimResponseId) {
    return flash.redirectWithError(self, { message: CLAIM_FAILURE_FALLBACK, category: CLAIM_FLASH_KEYS.reject });
  }
  try {
    await context.get(apiContext).PUT("/claims/{claimId}/respondents/{claimRespondentId}/responses/{claimResponseId}", {
      params: { path: { claimId: claim.id, claimRespondentId: respondent.id, claimResponseId: respondent.claimResponseId } },
      body: { message: REJECT_NO_EVIDENCE_MESSAGE },
    });
  } catch (error) {
    return claimFailureRedirect(self, CLAIM_FLASH_KEYS.reject, error);
  }
  await track(request, context, "dispute raised", {}, { once: [claim.id, respondent.claimResponseId] });
  return redirect(claimPaths.sub(claim.id, "dispute-fee"), { headers: await saveDisputeSteps(request, claim.id, FRESH_STEPS) });
}

export default function RejectWithNoEvidence({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE)}</title>
      <h1>{TITLE}</h1>
      <p>
        If you reject these charges without sending any evidence, the claim goes to an external arbitrator, the independent
        adjudicator, who decides how much of the charges you must pay.
      </p>
      <ul>
        <li>
          You pay a dispute fee of <strong>{d.figures.fee}</strong> by card on the next page. Your dispute is only considered once it is
          paid.
        </li>
        <li>
          The adjudicator takes up to {d.figures.adjudicationWeeks} weeks. Once they decide, you have {d.figures.paymentDays} calendar
          days to pay anything they award.
        </li>
      </ul>
      <section aria-labelledby="fee-rule">
        <h2 id="fee-rule">What happens to the dispute fee</h2>
        <ul>
          {d.feeRule.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </section>
      <p>
        Have photos, receipts or messages that support your side? <Link to={d.disputePage}>Dispute with evidence instead</Link>.
      </p>
      <ButtonGroup className="claim-actions">
        <ActionButton>Confirm</ActionButton>
        <CancelLink to={d.claimPage} />
      </ButtonGroup>
    </div>
  );
}
