import { redirect } from "react-router";
import { Facts } from "~/components/facts";
import { ActionButton } from "~/components/action-button";
import { CancelLink } from "~/components/cancel-link";
import { ButtonGroup } from "~/components/button-group";
import { apiContext } from "~/lib/api.server";
import { track } from "~/lib/analytics.server";
import { INCOMPLETE_PROPOSAL_MESSAGE, submitView, type SubmitView } from "./+lib/claim-pay";
import { CLAIM_FLASH_KEYS, claimFailureRedirect, claimPaths, claimSuccessRedirect, getClaim } from "./+lib/claims.server";
import { pageTitle } from "~/lib/product";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/submit";

/**
 * Continue (part 1 §4.1): before the tenant's proposal is published, the confirmation that
 * fits its total. The spec's modal is a page of its own here (docs/decisions/0020): the claim
 * page sends no script, so the confirmation is a URL state that works without it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const page = claimPaths.page(claim);
  // Published already and waiting for its payment: that is the next step.
  if (claim.proposalPayment) throw redirect(claimPaths.sub(params.claimId, "proposal-payment"));
  const view = submitView(claim);
  if (!view) throw await flash.redirectWithError(page, { message: INCOMPLETE_PROPOSAL_MESSAGE, category: CLAIM_FLASH_KEYS.publish });
  // Complete but no longer publishable (the deadline passed, the charges were accepted): the claim page says where things stand.
  if (!claim.allowedActions.includes("publish")) throw redirect(page);
  return { view, claimPage: page, organisation: claim.organization.name };
}

/** Confirm: publish the draft; £0 is submitted at once, anything else goes to its upfront payment. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const page = claimPaths.page(claim);
  const view = submitView(claim);
  if (!view) {
    return flash.redirectWithError(page, { message: INCOMPLETE_PROPOSAL_MESSAGE, category: CLAIM_FLASH_KEYS.publish });
  }
  try {
    await context.get(apiContext).POST("/claims/{claimId}/proposals/{claimProposalId}/publish", {
      params: { path: { claimId: params.claimId, claimProposalId: view.claimProposalId } },
    });
  } catch (error) {
    return claimFailureRedirect(page, CLAIM_FLASH_KEYS.publish, error);
  }
  await track(request, context, "proposal sent", {}, { once: [params.claimId, view.claimProposalId] });
  if (view.upfrontPence === 0) {
    return claimSuccessRedirect(page, CLAIM_FLASH_KEYS.publish, `Your proposal has been sent to ${claim.organization.name || "your landlord or agent"}.`);
  }
  return redirect(claimPaths.sub(params.claimId, "proposal-payment"));
}

const HEADINGS: Record<SubmitView["kind"], string> = {
  acceptMaximumLiability: "Accept maximum liability",
  acceptCharges: "Accept charges",
  zeroWarning: "Submit proposal",
  lowWarning: "Submit proposal",
  submitProposal: "Submit proposal",
};

export default function SubmitProposal({ loaderData: d }: Route.ComponentProps) {
  const { view: v } = d;
  const heading = HEADINGS[v.kind];
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(heading)}</title>
      <h1>{heading}</h1>
      {v.kind === "acceptMaximumLiability" ? (
        <p>
          Your proposal of {v.proposed} is more than your maximum liability of {v.limit}. Your liability is capped, so you only
          pay {v.limit}.
        </p>
      ) : null}
      {v.kind === "acceptCharges" ? <p>Your proposal of {v.proposed} is the same as the charges raised.</p> : null}
      {v.kind === "zeroWarning" ? (
        <div className="notice notice--warning">
          <h2 className="notice__title">Warning!</h2>
          <p>
            It's unlikely a proposal of {v.proposed} will be accepted, unless the charges are incorrect. Please consider a proposal
            which covers a portion of the cost.
          </p>
        </div>
      ) : null}
      {v.kind === "lowWarning" ? (
        <div className="notice notice--warning">
          <h2 className="notice__title">Woah! Your proposal looks a little low</h2>
          <p>
            Your proposal of {v.proposed} is significantly lower than the charges raised ({v.charges}). We recommend double checking
            the reasons for the charges and consider a higher amount, to increase the chances of your proposal being accepted.
          </p>
        </div>
      ) : null}

      <Facts
        className="claim-totals"
        facts={[
          ["Your proposal", v.proposed],
          ["Charges raised", v.charges],
          ["Maximum liability", v.limit],
        ]}
      />

      {v.upfrontPence > 0 ? (
        <p>
          To submit your proposal you need to make an upfront payment of {v.upfront}. We hold it for at most {v.holdDays} days: if
          your proposal is refused, it is refunded in full.
        </p>
      ) : (
        <p>A proposal of {v.proposed} needs no payment: it is sent to {d.organisation || "your landlord or agent"} as soon as you submit it.</p>
      )}

      <ButtonGroup className="claim-actions">
        <ActionButton autoFocus>{heading}</ActionButton>
        <CancelLink to={d.claimPage} />
      </ButtonGroup>
    </div>
  );
}
