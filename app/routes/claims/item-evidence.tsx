import { Link, useActionData, useLoaderData } from "react-router";
import { CLAIM_ITEM_UPLOAD_LIMIT } from "#common/uploads";
import { apiContext } from "~/lib/api.server";
import { ClaimDocumentsZone } from "./+lib/claim-documents-zone";
import { claimDocumentsAction, ITEM_DOCUMENT_UPLOADED_MESSAGE } from "./+lib/claim-documents.server";
import { proposalPaths } from "./+lib/claim-proposal";
import { proposableItem } from "./+lib/claim-proposal.server";
import { CLAIM_FLASH_KEYS, getClaim } from "./+lib/claims.server";
import { readForm } from "~/lib/csrf.server";
import { formatPounds } from "#common/wording";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/item-evidence";
import { BackLink } from "~/components/back-link";
import { PageHeading } from "~/components/page-heading";
import { ClaimItemSummary } from "./+lib/claim-item-summary";

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
  return claimDocumentsAction(api, form, {
    self,
    target: { kind: "item", claimId: claim.id, claimItemId: view.item.id, claimItemProposalId: view.itemProposal?.id },
    uploaded: { category: CLAIM_FLASH_KEYS.createClaimItemDocument, message: ITEM_DOCUMENT_UPLOADED_MESSAGE },
    removed: CLAIM_FLASH_KEYS.deleteClaimItemDocument,
    removable: (documentId) => view.documents.some((d) => d.id === documentId),
    remove: (documentId) =>
      api.DELETE("/claims/{claimId}/items/{claimItemId}/documents/{documentId}", {
        params: { path: { claimId: claim.id, claimItemId: view.item.id, documentId } },
      }),
  });
}

export default function ItemEvidence() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="panel claim-proposal">
      <title>{pageTitle(TITLE, Boolean(actionData?.uploadError))}</title>
      {/* The h1 first in main, the Back link after it and shown above it (issue 24). */}
      <PageHeading above={<BackLink to={d.proposal} reloadDocument>Back to your proposal</BackLink>}>{TITLE}</PageHeading>
      <ClaimItemSummary id="evidence-item-title" description={d.item.description} type={d.item.type} charge={d.charge} />
      <ClaimDocumentsZone
        limit={CLAIM_ITEM_UPLOAD_LIMIT}
        id="item-evidence"
        label="Your documents for this item"
        hint="Add any photos or documents that support your proposal. They go to your landlord or agent with it."
        action={d.self}
        uploadUrl={d.uploadUrl}
        documents={d.documents}
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
