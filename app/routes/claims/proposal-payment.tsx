import { redirect } from "react-router";
import { AmountDue } from "~/components/payment-terms";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { ActionButton } from "~/components/action-button";
import { CardPayment, PaymentTerms } from "~/components/payment-flow";
import { StrugglingToPay } from "~/components/struggling-to-pay";
import { apiContext } from "~/lib/api.server";
import { CLAIM_FLASH_KEYS, claimFailureRedirect, claimPaths, getClaim } from "./+lib/claims.server";
import { webConfig } from "~/lib/env.server";
import { formatPounds } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/proposal-payment";
import { PageHeading } from "~/components/page-heading";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/**
 * The proposal payment screen (part 1 §2.5, §4.1, §5): the published proposal's full upfront
 * payment by card (CLAIM_PROPOSAL), held at most 7 days. Back unpublishes it (a draft again).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const payment = claim.proposalPayment;
  if (!payment) throw redirect(claimPaths.page(claim));
  const customer = await context.get(apiContext).GET("/customer");
  const proposal = claim.proposals.find((p) => p.id === payment.claimProposalId);
  const proposedPence = proposal?.totalAmount ?? payment.amount;
  return {
    breathingSpace: breathingSpaceNotice(claim.breathingSpace),
    claimId: params.claimId,
    orderId: payment.orderId,
    customerId: customer.id,
    amount: payment.amount,
    amountText: formatPounds(payment.amount),
    proposed: formatPounds(proposedPence),
    cappedAtLimit: payment.amount < proposedPence,
    holdDays: PROPOSAL_HOLD_DAYS,
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

/** Back (part 1 §4.1 unpublish): the proposal is a draft again, and the tenant is on the claim page. */
export async function action({ params, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const page = claimPaths.page(claim);
  const payment = claim.proposalPayment;
  if (!payment) return redirect(page);
  try {
    await context.get(apiContext).POST("/claims/{claimId}/proposals/{claimProposalId}/unpublish", {
      params: { path: { claimId: params.claimId, claimProposalId: payment.claimProposalId } },
    });
  } catch (error) {
    return claimFailureRedirect(page, CLAIM_FLASH_KEYS.unpublish, error);
  }
  return redirect(page);
}

export default function ProposalPayment({ loaderData: d }: Route.ComponentProps) {
  const search = new URLSearchParams({ orderId: d.orderId, customerId: d.customerId });
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Pay for your proposal")}</title>
      {/* The h1 first in main, the way back after it and shown above it (issue 24). */}
      <PageHeading
        above={
          <ActionButton className="claim-back" buttonClassName="button button--secondary button--small">
            Back
          </ActionButton>
        }
      >
        Pay for your proposal
      </PageHeading>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      <AmountDue title="Your upfront payment for this proposal is" amountText={d.amountText} />
      {d.cappedAtLimit ? (
        <p>
          Your proposal of {d.proposed} is more than your maximum liability, so you only pay your maximum liability of {d.amountText}.
        </p>
      ) : null}
      <p>
        Your proposal is sent to your landlord or agent once this payment is made. We hold the payment for at most {d.holdDays} days:
        if your proposal is refused, it is refunded in full.
      </p>
      <StrugglingToPay />
      <CardPayment
        orderId={d.orderId}
        customerId={d.customerId}
        paymentType="CLAIM_PROPOSAL"
        waitingPath={`/claims/proposal-payment-success?${search}`}
        publishableKey={d.publishableKey}
        standIn={d.standIn}
        amount={d.amount}
        amountText={d.amountText}
        authorise
      >
        <PaymentTerms>
          <p>
            By paying you allow {PRODUCT.name} to take {d.amountText} from this card now and hold it for at most {d.holdDays} days
            while your landlord or agent considers your proposal.
          </p>
        </PaymentTerms>
      </CardPayment>
    </div>
  );
}
