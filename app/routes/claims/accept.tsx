import { redirect } from "react-router";
import { Facts } from "~/components/facts";
import { ActionButton } from "~/components/action-button";
import { CancelLink } from "~/components/cancel-link";
import { ButtonGroup } from "~/components/button-group";
import { apiContext } from "~/lib/api.server";
import { track } from "~/lib/analytics.server";
import { totalChargesPence } from "./+lib/claim-pay";
import { CLAIM_FLASH_KEYS, claimFailureRedirect, claimPaths, getClaim } from "./+lib/claims.server";
import { formatDate, formatPounds } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/accept";

/**
 * 'Accept charges' (part 1 §4.1): the accept confirmation — what the tenant will pay, by when,
 * and that any tenant answers for all — then accepting, then paying (/claims/:claimId/pay). For
 * the landlord's final proposal (round 3) it is 'Accept the final proposal': the same agree on
 * the current proposal (claim.currentProposalId), then the round 3 order's payment.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  // Accepted already (by this tenant or a co-tenant): paying is what is left.
  if (claim.payableOrderId && claim.payActions.some((a) => a !== null && a.completedAt === null)) throw redirect(claimPaths.sub(params.claimId, "pay"));
  // What accepting makes payable (the API's acceptDue: the current proposal's total, capped at the limit).
  const due = claim.acceptDue?.amount ?? null;
  if (!claim.allowedActions.includes("accept") || due === null) throw redirect(claimPaths.page(claim));
  const charges = totalChargesPence(claim);
  // The landlord's final proposal (round 3) is accepted as a whole: the page names it.
  const final = claim.proposals.find((p) => p.id === claim.currentProposalId)?.round === 3;
  const share = claim.acceptDue && claim.acceptDue.share < claim.acceptDue.amount ? formatPounds(claim.acceptDue.share) : null;
  return {
    final,
    share,
    claimPage: claimPaths.page(claim),
    organisation: claim.organization.name || "your landlord or agent",
    charges: formatPounds(charges),
    due: formatPounds(due),
    capped: due < charges,
    limit: formatPounds(claim.limit),
    deadline: claim.responseDeadline ? formatDate(claim.responseDeadline) : null,
    coTenants: claim.respondents.filter((r) => !r.isCurrentUser).map((r) => `${r.firstName} ${r.lastName}`.trim()),
  };
}

/** Confirm: accept the current proposal (round 1 or 3), then pay. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const page = claimPaths.page(claim);
  if (!claim.currentProposalId) return redirect(page);
  try {
    await context.get(apiContext).POST("/claims/{claimId}/proposals/{claimProposalId}/agree", {
      params: { path: { claimId: params.claimId, claimProposalId: claim.currentProposalId } },
    });
  } catch (error) {
    return claimFailureRedirect(page, CLAIM_FLASH_KEYS.accept, error);
  }
  await track(request, context, "charges accepted", {}, { once: [params.claimId, claim.currentProposalId] });
  return redirect(claimPaths.sub(params.claimId, "pay"));
}

export default function AcceptCharges({ loaderData: d }: Route.ComponentProps) {
  const heading = d.final ? "Accept the final proposal" : "Accept charges";
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(heading)}</title>
      <h1>{heading}</h1>
      {d.final ? (
        <p>
          By accepting, you agree to the final proposal of {d.charges} put forward by {d.organisation}, and you pay it straight
          away by card. You will not be able to raise a formal dispute afterwards.
        </p>
      ) : (
        <p>
          By accepting, you agree to the charges of {d.charges} raised by {d.organisation}, and you pay them straight away by card.
        </p>
      )}
      <Facts
        className="claim-totals"
        facts={[
          [d.final ? "Final proposal" : "Charges raised", d.charges],
          ["Maximum liability", d.limit],
          ["Amount to pay", d.due],
          d.share ? ["Your share", d.share] : null,
        ]}
      />
      {d.capped ? <p>Your liability is capped, so you pay no more than your maximum liability of {d.limit}.</p> : null}
      {d.coTenants.length > 0 ? (
        <div className="notice notice--warning">
          <h2 className="notice__title">You are answering for every tenant</h2>
          <p>
            Any tenant on a shared {PRODUCT.name} can respond on behalf of all tenants: accepting these charges accepts them for{" "}
            {d.coTenants.join(", ")} as well. Each tenant can pay their share, and any tenant can pay the whole balance.
          </p>
        </div>
      ) : null}
      {d.deadline ? (
        <p>
          Your deadline to respond is {d.deadline}. If you do nothing by then, the charges are treated as accepted and you must pay
          them.
        </p>
      ) : null}
      <ButtonGroup className="claim-actions">
        <ActionButton autoFocus>{heading}</ActionButton>
        <CancelLink to={d.claimPage} />
      </ButtonGroup>
    </div>
  );
}
