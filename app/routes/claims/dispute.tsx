import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { TextAreaField } from "~/components/choice-fields";
import type { SubmissionResult } from "@conform-to/react";
import { AppForm, useAppForm } from "~/components/forms";
import { ApiFailure, apiContext } from "~/lib/api.server";
import { track } from "~/lib/analytics.server";
import { CLAIM_FLASH_KEYS, claimFailureMessage, claimPaths, getClaim, type ClaimFlashKey } from "./+lib/claims.server";
import { backsLeft, DISPUTE_MESSAGE_MAX, disputeFigures, disputeSchema, disputeStage, FRESH_STEPS, goForward } from "./+lib/dispute";
import { disputeFeeRuleSentences } from "./+lib/dispute-fee-rule";
import { readForm } from "~/lib/csrf.server";
import { readDisputeSteps, saveDisputeSteps } from "./+lib/dispute.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/dispute";
import { BackLink } from "~/components/back-link";
import { PageHeading } from "~/components/page-heading";

const TITLE = "Formal dispute";

type ActionData = {
  result: SubmissionResult<string[]>;
  attempt: number;
  /** The §8 key of the API call that failed. */
  category?: ClaimFlashKey;
};

/**
 * The formal dispute (part 1 §2.5, §4.1, §5): what it is and costs, the tenant's evidence
 * (Supporting Information) and their reason, then 'Proceed To Payment' for the £60 fee. Before
 * the dispute is raised the page explains it; its submit raises the dispute, then saves the
 * message. Once raised, the form is shown while no message exists or after a counted Back from
 * the fee payment; otherwise the fee payment is the step (docs/decisions/0023).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const steps = await readDisputeSteps(request, claim.id);
  const stage = disputeStage(claim, steps);
  if (stage === "fee") throw redirect(claimPaths.sub(claim.id, "dispute-fee"));
  if (stage === "none") throw redirect(claimPaths.page(claim));
  return {
    stage,
    self: claimPaths.sub(claim.id, "dispute"),
    claimPage: claimPaths.page(claim),
    evidenceHref: `${claimPaths.sub(claim.id, "supporting-information")}?from=dispute`,
    documents: claim.responseDocuments.map((d) => ({ id: d.id, name: d.name, url: d.url })),
    organisation: claim.organization.name || "your landlord or agent",
    figures: disputeFigures(claim),
    feeRule: disputeFeeRuleSentences(claim),
    message: claim.tenantDisputeMessage ?? "",
    wentBack: stage === "message" && steps.back,
    backsLeft: backsLeft(steps),
  };
}

/**
 * 'Proceed To Payment'. Order: the dispute first (POST .../dispute, while the claim may still be
 * disputed), then the message (PUT .../dispute-message, which the API accepts only once the
 * claim awaits the fee). A failure of either answers the form again with what was typed and the
 * API's message under its §8 key; sent again, a dispute already raised is not raised twice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const steps = await readDisputeSteps(request, claim.id);
  const stage = disputeStage(claim, steps);
  if (stage === "none") return redirect(claimPaths.page(claim));
  const submission = parseWithZod(await readForm(request), { schema: disputeSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), attempt: Date.now() }, { status: 400 });
  const refused = (error: unknown, category: ClaimFlashKey) => {
    if (!(error instanceof ApiFailure)) throw error;
    return data<ActionData>(
      { result: submission.reply({ formErrors: [claimFailureMessage(error)] }), attempt: Date.now(), category },
      { status: error.status >= 500 ? 502 : 400 },
    );
  };
  const api = context.get(apiContext);
  if (stage === "raise") {
    if (!claim.currentProposalId) return redirect(claimPaths.page(claim));
    try {
      await api.POST("/claims/{claimId}/proposals/{claimProposalId}/dispute", {
        params: { path: { claimId: claim.id, claimProposalId: claim.currentProposalId } },
      });
    } catch (error) {
      return refused(error, CLAIM_FLASH_KEYS.reject);
    }
    await track(request, context, "dispute raised", {}, { once: [claim.id, claim.currentProposalId] });
  }
  try {
    await api.PUT("/claims/{claimId}/dispute-message", { params: { path: { claimId: claim.id } }, body: { message: submission.value.message } });
  } catch (error) {
    return refused(error, CLAIM_FLASH_KEYS.updateItemProposal);
  }
  // A new dispute starts the go-back counter afresh; after a Back, forward again keeps the count.
  const headers = await saveDisputeSteps(request, claim.id, stage === "raise" ? FRESH_STEPS : goForward(steps));
  return redirect(claimPaths.sub(claim.id, "dispute-fee"), { headers });
}

export default function Dispute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const { fields, ...form } = useAppForm({
    id: "dispute",
    schema: disputeSchema,
    reply: actionData ? { result: actionData.result, attempt: actionData.attempt } : undefined,
    fieldNames: ["message"],
    defaultValue: { message: d.message },
  });
  return (
    <div className="panel panel--narrow claim-dispute">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      {/* The h1 first in main, the Back link after it and shown above it (issue 24). */}
      <PageHeading above={<BackLink to={d.claimPage}>Back to your claim</BackLink>}>{TITLE}</PageHeading>
      {d.wentBack ? (
        <p className="notice" role="status">
          You can change your message and your documents, then press Proceed To Payment.{" "}
          {d.backsLeft > 0
            ? `From the payment you can go back ${d.backsLeft === 1 ? "1 more time" : `${d.backsLeft} more times`}.`
            : "You cannot go back from the payment again."}
        </p>
      ) : null}
      <section aria-labelledby="dispute-what">
        <h2 id="dispute-what">What is a formal dispute?</h2>
        <p>
          An independent adjudicator looks at the evidence from you and from {d.organisation}, and decides how much of the charges you
          must pay.
        </p>
        <ul>
          <li>
            It costs <strong>{d.figures.fee}</strong>, paid by card on the next page. Your dispute is only considered once this fee is
            paid.
          </li>
          <li>The adjudicator takes up to {d.figures.adjudicationWeeks} weeks to decide. We will e-mail you with updates.</li>
          <li>
            Once they decide, you have {d.figures.paymentDays} calendar days to pay anything they award to {d.organisation}.
          </li>
        </ul>
        <section aria-labelledby="dispute-fee-rule">
          <h3 id="dispute-fee-rule">What happens to the dispute fee</h3>
          <ul>
            {d.feeRule.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </section>
      </section>
      <section aria-labelledby="dispute-evidence">
        <h2 id="dispute-evidence">Your evidence</h2>
        <p>
          Photos, receipts or messages that support your side. Add them before you write your message: text typed below is not kept
          if you leave this page.
        </p>
        {d.documents.length > 0 ? (
          <ul className="claim-dispute__documents">
            {d.documents.map((document) => (
              <li key={document.id}>
                <a href={document.url}>{document.name}</a>
              </li>
            ))}
          </ul>
        ) : (
          <p>No documents uploaded</p>
        )}
        <p>
          <Link to={d.evidenceHref}>Add or remove documents</Link>
        </p>
      </section>
      <section aria-labelledby="dispute-message-title" data-category={actionData?.category}>
        <h2 id="dispute-message-title">Your reason</h2>
        <AppForm {...form} action={d.self}>
          <TextAreaField
            field={fields.message}
            label="Why do you dispute these charges?"
            hint={`Tell the adjudicator what you disagree with and why (up to ${DISPUTE_MESSAGE_MAX.toLocaleString("en-GB")} characters).`}
            rows={8}
          />
          <button type="submit" className="button">
            Proceed To Payment
          </button>
        </AppForm>
      </section>
    </div>
  );
}
