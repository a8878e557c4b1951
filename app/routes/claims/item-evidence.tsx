import { data, Link, useActionData, useLoaderData } from "react-router";
import { CLAIM_ITEM_UPLOAD_LIMIT } from "#common/uploads";
import { UploadZone } from "~/components/upload-zone";
import { apiContext } from "~/lib/api.server";
import { DOCUMENT_DELETED_MESSAGE, ITEM_DOCUMENT_UPLOADED_MESSAGE, sendClaimDocument } from "./+lib/claim-documents.server";
import { proposalPaths } from "./+lib/claim-proposal";
import { proposableItem } from "./+lib/claim-proposal.server";
import { claimFailureRedirect, claimSuccessRedirect, CLAIM_FLASH_KEYS, getClaim } from "./+lib/claims.server";
import { readForm } from "~/lib/csrf.server";
import { dispatchIntent } from "~/lib/intent.server";
import { FORM_UNREADABLE_MESSAGE } from "~/lib/messages";
import { formatPounds } from "#common/wording";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/item-evidence";
import { PageHeading } from "~/components/page-heading";

/** The upload zone sends each file with progress once the page runs its script (docs/decisions/0015, 0021). */
export const handle = { hydrate: true };

const TITLE = "Your evidence for this item";

/**
 * The tenant's evidence for one claim item (part 1 §2.4 upload zone, §5, §8), a step of
 * 'Provide a new proposal': its own page so that it can hydrate for upload progress while the
 * proposal form sends no script (docs/decisions/0021). Without JavaScript the zone is a plain
 * multipart form posting here. A file goes with the tenant's item proposal when there is one,
 * otherwise the proposal takes it when saved.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const view = await proposableItem(claim, params.claimItemId);
  return {
    self: proposalPaths.evidence(claim.id, view.item.id),
    proposal: proposalPaths.proposal(claim.id, view.item.id),
    uploadUrl: proposalPaths.documents(claim.id, view.item.id),
    item: view.item,
    charge: formatPounds(view.capPence),
    documents: view.documents,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const api = context.get(apiContext);
  const view = await proposableItem(claim, params.claimItemId);
  const self = proposalPaths.evidence(claim.id, view.item.id);
  const form = await readForm(request);
  return dispatchIntent(
    form,
    {
      upload: async () => {
        const refusal = await sendClaimDocument(api, { kind: "item", claimId: claim.id, claimItemId: view.item.id, claimItemProposalId: view.itemProposal?.id }, form);
        if (refusal) return data({ uploadError: refusal, category: CLAIM_FLASH_KEYS.createClaimItemDocument }, { status: 400 });
        return claimSuccessRedirect(self, CLAIM_FLASH_KEYS.createClaimItemDocument, ITEM_DOCUMENT_UPLOADED_MESSAGE);
      },
      remove: async () => {
        const documentId = form.get("documentId");
        if (typeof documentId !== "string" || !view.documents.some((d) => d.id === documentId)) {
          return data({ uploadError: FORM_UNREADABLE_MESSAGE, category: CLAIM_FLASH_KEYS.deleteClaimItemDocument }, { status: 400 });
        }
        try {
          await api.DELETE("/claims/{claimId}/items/{claimItemId}/documents/{documentId}", {
            params: { path: { claimId: claim.id, claimItemId: view.item.id, documentId } },
          });
        } catch (error) {
          return claimFailureRedirect(self, CLAIM_FLASH_KEYS.deleteClaimItemDocument, error);
        }
        return claimSuccessRedirect(self, CLAIM_FLASH_KEYS.deleteClaimItemDocument, DOCUMENT_DELETED_MESSAGE);
      },
    },
    // Shown at the zone, where the tenant is.
    { unknown: (message) => data({ uploadError: message, category: undefined }, { status: 400 }) },
  );
}

export default function ItemEvidence() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="panel claim-proposal">
      <title>{pageTitle(TITLE, Boolean(actionData?.uploadError))}</title>
      {/* The h1 first in main, the Back link after it and shown above it (issue 24). */}
      <PageHeading
        above={
          <p>
            <Link to={d.proposal} reloadDocument className="back-link">
              Back to your proposal
            </Link>
          </p>
        }
      >
        {TITLE}
      </PageHeading>
      <section className="claim-proposal__item" aria-labelledby="evidence-item-title">
        <h2 id="evidence-item-title">{d.item.description}</h2>
        <p className="claim-proposal__type">{d.item.type}</p>
        <p className="claim-proposal__charge">
          Item charges <strong>{d.charge}</strong>
        </p>
      </section>
      <UploadZone
        limit={CLAIM_ITEM_UPLOAD_LIMIT}
        id="item-evidence"
        label="Your documents for this item"
        hint="Add any photos or documents that support your proposal. They go to your landlord or agent with it."
        action={d.self}
        uploadUrl={d.uploadUrl}
        fields={{ intent: "upload" }}
        documents={d.documents}
        removeFields={(document) => ({ intent: "remove", documentId: document.id })}
        multiple
        error={actionData?.uploadError ?? null}
      />
      <p>
        <Link to={d.proposal} reloadDocument className="button">
          Continue to your proposal
        </Link>
      </p>
    </div>
  );
}
