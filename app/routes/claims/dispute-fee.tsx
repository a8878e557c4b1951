import { Link, redirect } from "react-router";
import { AmountDue } from "~/components/payment-terms";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { paymentSuccessPath } from "#common/payments";
import { ActionButton } from "~/components/action-button";
import { CardPayment, PaymentTerms } from "~/components/payment-flow";
import { StrugglingToPay } from "~/components/struggling-to-pay";
import { apiContext } from "~/lib/api.server";
import { claimPaths, getClaim } from "./+lib/claims.server";
import { readForm } from "~/lib/csrf.server";
import { dispatchIntent } from "~/lib/intent.server";
import { backsLeft, disputeStage, FORMAL_DISPUTE_WARNING, GO_BACK_REFUSED, goBack } from "./+lib/dispute";
import { readDisputeSteps, saveDisputeSteps } from "./+lib/dispute.server";
import { webConfig } from "~/lib/env.server";
import { formatPounds } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/dispute-fee";
import { PageHeading } from "~/components/page-heading";
import { CARD_FORM_HANDLE } from "~/lib/page-delivery";
import { CoTenantsPanel } from "~/components/cotenants-panel";
import { coTenantsPanel } from "~/lib/cotenants.server";

export const handle = CARD_FORM_HANDLE; // the card form needs JavaScript, and Stripe.js (app/lib/page-delivery.ts)

/**
 * The formal dispute fee (part 1 §2.5, §4.3, §8): shown per §2.5's condition (the claim awaits
 * the fee, a dispute message exists, the tenant has not gone back, the fee order is PENDING),
 * with the formal dispute warning and the card form (ARBITRATION_FEE). Back returns to the
 * dispute form at most 2 times, counted in the session (docs/decisions/0023). Everything is
 * shaped here: the card page's own script stays tiny.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const steps = await readDisputeSteps(request, claim.id);
  const stage = disputeStage(claim, steps);
  if (stage === "raise" || stage === "message") throw redirect(claimPaths.sub(claim.id, "dispute"));
  const fee = claim.adjudicationFeeOrder;
  if (stage === "none" || !fee?.action || fee.action.completedAt) throw redirect(claimPaths.page(claim));
  const customer = await context.get(apiContext).GET("/customer");
  return {
    breathingSpace: breathingSpaceNotice(claim.breathingSpace),
    claimPage: claimPaths.page(claim),
    // Your co-tenants (issue 38): the words made here (the card page's script budget).
    coTenants: coTenantsPanel(claim.coTenants, { claimId: claim.id }, claimPaths.sub(claim.id, "dispute-fee"), claim.bindingAnswer),
    orderId: fee.id,
    customerId: customer.id,
    // Where the card form goes once paid (made here: the card page's script budget).
    waitingPath: `${paymentSuccessPath("ARBITRATION_FEE", { orderId: fee.id, customerId: customer.id })}?${new URLSearchParams({ orderId: fee.id, customerId: customer.id })}`,
    amount: fee.action.amountRemaining,
    amountText: formatPounds(fee.action.amountRemaining),
    warning: FORMAL_DISPUTE_WARNING,
    backsLeft: backsLeft(steps),
    // Words as data, not code: the card page is at its script budget (issue 38).
    backHint: `Back to change your message: you can go back ${backsLeft(steps) === 1 ? "1 more time" : `${backsLeft(steps)} more times`}.`,
    terms: `By paying you allow ${PRODUCT.name} to take ${formatPounds(fee.action.amountRemaining)} from this card now for the formal dispute fee.`,
    publishableKey: webConfig.stripePublishableKey,
    standIn: webConfig.stripeStandIn,
  };
}

/** Back: to the dispute form, counted; once the counter is spent (no Back is offered), refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const self = claimPaths.sub(claim.id, "dispute-fee");
  return dispatchIntent(await readForm(request), {
    back: async () => {
      const steps = await readDisputeSteps(request, claim.id);
      const stage = disputeStage(claim, steps);
      if (stage === "none") return redirect(claimPaths.page(claim));
      if (stage !== "fee") return redirect(claimPaths.sub(claim.id, "dispute"));
      const next = goBack(steps);
      if (!next) return flash.redirectWithError(self, { message: GO_BACK_REFUSED });
      return redirect(claimPaths.sub(claim.id, "dispute"), { headers: await saveDisputeSteps(request, claim.id, next) });
    },
  });
}

export default function DisputeFee({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Pay the dispute fee")}</title>
      {/* The h1 first in main, the way back after it and shown above it (issue 24). */}
      <PageHeading
        above={
          d.backsLeft > 0 ? (
            <ActionButton
              intent="back"
              className="claim-back"
              buttonClassName="button button--secondary button--small"
              reloadDocument
              aria-describedby="dispute-fee-back-hint"
              after={
                <p id="dispute-fee-back-hint" className="claim-back__hint">
                  {d.backHint}
                </p>
              }
            >
              Back
            </ActionButton>
          ) : (
            <p>
              <Link to={d.claimPage} reloadDocument>
                Back to your claim
              </Link>
            </p>
          )
        }
      >
        Pay the dispute fee
      </PageHeading>
      <BreathingSpaceNotice notice={d.breathingSpace} />
      <p className="notice notice--warning">
        <strong>{d.warning}</strong>
      </p>
      <AmountDue title="The fee for your formal dispute is" amountText={d.amountText} />
      <StrugglingToPay />
      <CardPayment
        orderId={d.orderId}
        customerId={d.customerId}
        paymentType="ARBITRATION_FEE"
        waitingPath={d.waitingPath}
        publishableKey={d.publishableKey}
        standIn={d.standIn}
        amount={d.amount}
        amountText={d.amountText}
        authorise
      >
        <PaymentTerms>
          <p>{d.terms}</p>
        </PaymentTerms>
      </CardPayment>
      <CoTenantsPanel panel={d.coTenants} />
    </div>
  );
}
