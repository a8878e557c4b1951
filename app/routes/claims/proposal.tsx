import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { chargeEvidence } from "#common/charge-evidence";
import { itemHelpPath } from "./+lib/item-help";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import { claimProposalWarning, CLAIM_PROPOSAL_WARNINGS, type ClaimProposalWarning } from "#common/claim-proposal";
import { TextAreaField } from "~/components/choice-fields";
import { AppForm, FieldError, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, type Api } from "~/lib/api.server";
import { amountFieldText, claimProposalSchema, itemAnchor, proposalItemView, proposalPaths, PROPOSAL_MESSAGES } from "./+lib/claim-proposal";
import { proposableItem } from "./+lib/claim-proposal.server";
import {
  claimFailureMessage,
  claimFailureRedirect,
  claimSuccessRedirect,
  CLAIM_FLASH_KEYS,
  getClaim,
  type ClaimFlashKey,
} from "./+lib/claims.server";
import { readForm } from "~/lib/csrf.server";
import { dispatchIntent } from "~/lib/intent.server";
import { formatPounds } from "#common/wording";
import { useNonce } from "~/lib/page-delivery";
import { pageTitle } from "~/lib/product";
import { KEEP_AMOUNT_TEXT, PROPOSAL_WARNING_IDS, proposalWarningScript } from "./+lib/proposal-warning-script";
import type { Route } from "./+types/proposal";
import { BackLink } from "~/components/back-link";
import { PageHeading } from "~/components/page-heading";
import { ClaimItemSummary } from "./+lib/claim-item-summary";

/*
 * No hydration (no `handle.hydrate`): the form's schema (conform + zod) would take the page over
 * the 120 KB budget of a hydrating page, so the form is checked by the action (decision 0019).
 * One small inline script warns as the tenant leaves the amount, with the server's own rule
 * (app/routes/claims/+lib/proposal-warning-script.ts); the item's evidence has its own page, which hydrates for
 * upload progress (item-evidence.tsx, decision 0021).
 */

const TITLE = "Provide a new proposal";

/**
 * 'Provide a new proposal' for one item (part 1 §2.5, §5): the item, the tenant's evidence for
 * it (listed; added on its own page) and the amount and reasoning. A tenant who cannot counter
 * now goes back to the claim page with an error flash.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const view = await proposableItem(claim, params.claimItemId);
  return {
    claimId: claim.id,
    self: proposalPaths.proposal(claim.id, view.item.id),
    back: itemAnchor(claim, view.item.id),
    evidence: proposalPaths.evidence(claim.id, view.item.id),
    help: {
      href: itemHelpPath(claim.id, view.item.id),
      label: `What helps for ${chargeEvidence(claim.items.find((i) => i.id === view.item.id)?.type ?? "").name}`,
    },
    item: view.item,
    capPence: view.capPence,
    charge: formatPounds(view.capPence),
    defaults: view.itemProposal
      ? { amount: amountFieldText(view.itemProposal.amount), explanation: view.itemProposal.explanation ?? "" }
      : undefined,
    editing: view.itemProposal !== null,
    documents: view.documents,
  };
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  attempt?: number;
  /** The soft warning the amount earned (without JavaScript: shown, not saved until sent again). */
  warning?: ClaimProposalWarning;
  warnedPence?: number;
  /** The §8 key of the API call that failed. */
  category?: ClaimFlashKey;
  /** A post the page cannot read. */
  badPost?: string;
};

type SaveOutcome = { ok: true; key: ClaimFlashKey } | { ok: false; key: ClaimFlashKey; error: ApiFailure };

/**
 * Creates or updates the tenant's item proposal: without a draft, createCounterProposal starts
 * the draft and adds the item in one call (COUNTER_TENANT_PROPOSAL); with one,
 * createClaimItemProposal or updateClaimItemProposal (CREATE_/UPDATE_ITEM_PROPOSAL).
 */
async function saveItemProposal(
  api: Api,
  claimId: string,
  view: NonNullable<ReturnType<typeof proposalItemView>>,
  value: { amount: number; explanation?: string },
): Promise<SaveOutcome> {
  const body = { claimItemId: view.item.id, amount: value.amount, explanation: value.explanation, documentIds: view.documents.map((d) => d.id) };
  let key: ClaimFlashKey = CLAIM_FLASH_KEYS.counter;
  try {
    if (view.draftId === null) {
      await api.POST("/claims/{claimId}/counter-proposals", { params: { path: { claimId } }, body });
    } else if (view.itemProposal === null) {
      key = CLAIM_FLASH_KEYS.createItemProposal;
      await api.POST("/claims/{claimId}/proposals/{claimProposalId}/item-proposals", {
        params: { path: { claimId, claimProposalId: view.draftId } },
        body,
      });
    } else {
      key = CLAIM_FLASH_KEYS.updateItemProposal;
      await api.PUT("/claims/{claimId}/proposals/{claimProposalId}/item-proposals/{claimItemProposalId}", {
        params: { path: { claimId, claimProposalId: view.draftId, claimItemProposalId: view.itemProposal.id } },
        body,
      });
    }
    return { ok: true, key };
  } catch (error) {
    if (error instanceof ApiFailure) return { ok: false, key, error };
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const api = context.get(apiContext);
  const view = await proposableItem(claim, params.claimItemId);
  const back = itemAnchor(claim, view.item.id);
  const self = proposalPaths.proposal(claim.id, view.item.id);
  const form = await readForm(request);

  // Part 1 §4.1: Agree is the tenant's proposal at the agent's current amount, with no reasoning.
  async function agree() {
    const saved = await saveItemProposal(api, claim.id, view, { amount: view.capPence });
    if (!saved.ok) return claimFailureRedirect(back, saved.key, saved.error);
    return claimSuccessRedirect(back, saved.key, PROPOSAL_MESSAGES.agreed);
  }

  async function save() {
    const submission = parseWithZod(form, { schema: claimProposalSchema(view.capPence) });
    if (submission.status !== "success") {
      return data<ActionData>({ result: submission.reply(), attempt: Date.now() }, { status: 400 });
    }
    const { amount, explanation } = submission.value;
    // A soft warning is shown before saving: without JavaScript the amount comes back with it,
    // and the same amount sent again (warned=<pence>) is saved (docs/decisions/0019).
    const warning = claimProposalWarning(amount, view.capPence);
    if (warning && form.get("warned") !== String(amount)) {
      return data<ActionData>({ result: submission.reply(), attempt: Date.now(), warning, warnedPence: amount }, { status: 200 });
    }
    const saved = await saveItemProposal(api, claim.id, view, { amount, explanation });
    if (!saved.ok) {
      return data<ActionData>(
        { result: submission.reply({ formErrors: [claimFailureMessage(saved.error)] }), attempt: Date.now(), category: saved.key },
        { status: saved.error.status >= 500 ? 502 : 400 },
      );
    }
    return claimSuccessRedirect(back, saved.key, PROPOSAL_MESSAGES.saved);
  }

  // The form's own intent is save (a post without one saves); anything else is shown in the form.
  return dispatchIntent(
    form,
    { agree, save },
    { missing: "save", unknown: (message) => data<ActionData>({ badPost: message }, { status: 400 }) },
  );
}

export default function Proposal() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const schema = claimProposalSchema(d.capPence);
  const { fields, ...form } = useAppForm({
    id: "proposal",
    schema,
    reply: actionData?.result ? { result: actionData.result, attempt: actionData.attempt } : undefined,
    fieldNames: ["amount", "explanation"],
    defaultValue: d.defaults,
  });
  // The soft warning comes from the action, after Save (the page sends no script).
  const warning = actionData?.warning ?? null;
  const warnedPence = actionData?.warnedPence ?? null;
  const nonce = useNonce();
  return (
    <div className="panel claim-proposal">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      {/* The h1 first in main, the Back link after it and shown above it (issue 24). */}
      <PageHeading above={<BackLink to={d.back} reloadDocument>Back to charges</BackLink>}>{TITLE}</PageHeading>
      <ClaimItemSummary id="proposal-item-title" description={d.item.description} type={d.item.type} charge={d.charge}>
        <p>
          <a href={d.help.href}>{d.help.label}</a>: what you can show, and fair wear and tear.
        </p>
      </ClaimItemSummary>

      <section className="claim-proposal__evidence" aria-labelledby="proposal-evidence-title">
        <h2 id="proposal-evidence-title">Your evidence for this item</h2>
        {d.documents.length > 0 ? (
          <ul>
            {d.documents.map((document) => (
              <li key={document.id}>
                <a href={document.url}>{document.name}</a>
              </li>
            ))}
          </ul>
        ) : (
          <p>No documents uploaded</p>
        )}
        <p className="field__hint" id="proposal-evidence-hint">
          Photos or documents that support your proposal. Add them first: what you type below is not kept when you leave this page.
        </p>
        <p>
          <a href={d.evidence} aria-describedby="proposal-evidence-hint">
            {d.documents.length > 0 ? "Add or remove evidence" : "Add evidence"}
          </a>
        </p>
      </section>

      <section aria-labelledby="proposal-form-title" data-category={actionData?.category}>
        <h2 id="proposal-form-title">Your proposal</h2>
        <AppForm {...form} action={d.self}>
          <input type="hidden" name="intent" value="save" />
          {warnedPence !== null ? <input type="hidden" name="warned" value={String(warnedPence)} /> : null}
          <AmountField field={fields.amount} charge={d.charge} warningId={warning ? PROPOSAL_WARNING_IDS.warning : undefined} />
          {actionData?.badPost ? (
            <p className="field__error" role="alert">
              {actionData.badPost}
            </p>
          ) : null}
          <div className="claim-proposal__warning" id={PROPOSAL_WARNING_IDS.box} data-warning={warning ?? ""} aria-live="polite">
            {warning ? (
              <div className="warning-text" id={PROPOSAL_WARNING_IDS.warning}>
                <p>{CLAIM_PROPOSAL_WARNINGS[warning]}</p>
                <p>{KEEP_AMOUNT_TEXT}</p>
              </div>
            ) : null}
          </div>
          <TextAreaField field={fields.explanation} label="Reasoning" hint="Tell your landlord or agent why you think this amount is fair." />
          <button type="submit" className="button">
            Save proposal
          </button>
        </AppForm>
        <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: proposalWarningScript(fields.amount.id, d.capPence) }} />
      </section>
    </div>
  );
}

/** The amount in pounds: a text input (so '£' and commas may be typed), the cap in its hint. */
function AmountField({ field, charge, warningId }: { field: FieldMetadata<string | undefined>; charge: string; warningId: string | undefined }) {
  const hintId = `${field.id}-hint`;
  const errorId = field.errors?.length ? field.errorId : undefined;
  const { key, ...inputProps } = getInputProps(field, { type: "text" });
  return (
    <div className={`field${errorId ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        Your proposed amount (£)
      </label>
      <p className="field__hint" id={hintId}>
        Up to {charge}, in pounds and pence.
      </p>
      <FieldError field={field} />
      <div className="amount-input">
        <span className="amount-input__prefix" aria-hidden="true">
          £
        </span>
        <input
          key={key}
          {...inputProps}
          className="field__input field__input--amount"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[hintId, errorId, warningId].filter(Boolean).join(" ")}
        />
      </div>
    </div>
  );
}
