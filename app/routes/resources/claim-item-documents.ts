import { apiContext } from "~/lib/api.server";
import { ITEM_DOCUMENT_UPLOADED_MESSAGE, sendClaimDocument } from "~/routes/claims/+lib/claim-documents.server";
import { proposalItemView } from "~/routes/claims/+lib/claim-proposal";
import { CLAIM_FLASH_KEYS } from "~/routes/claims/+lib/claims.server";
import { readForm } from "~/lib/csrf.server";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/claim-item-documents";

/**
 * The upload zone's endpoint on an item's evidence page, a step of 'Provide a new proposal'
 * (JavaScript only; without it the page's own form posts the file): one piece of the tenant's evidence for a claim item,
 * multipart in, JSON out — 201 with the flash cookie (the page reads it when it reads its data
 * again), or a 4xx with the refusal's message for the zone to show. It goes with the tenant's
 * item proposal when they have one; otherwise the proposal takes it when saved. Another
 * tenant's claim is a 404 inside the API client.
 */
/** An item not on this claim: the JSON answer the upload zone reads, with the not-found page's words. */
function notFound() {
  return Response.json({ message: "Sorry we can't find that" }, { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const claim = await api.GET("/claims/{claimId}", { params: { path: { claimId: params.claimId } } });
  const view = proposalItemView(claim, params.claimItemId);
  if (!view) return notFound();
  const form = await readForm(request);
  const refusal = await sendClaimDocument(
    api,
    { kind: "item", claimId: claim.id, claimItemId: view.item.id, claimItemProposalId: view.itemProposal?.id },
    form,
  );
  if (refusal) return Response.json({ message: refusal, category: CLAIM_FLASH_KEYS.createClaimItemDocument }, { status: 400 });
  const withFlash = await flash.dataWithSuccess({ ok: true }, { message: ITEM_DOCUMENT_UPLOADED_MESSAGE, category: CLAIM_FLASH_KEYS.createClaimItemDocument });
  return Response.json(withFlash.data, { status: 201, headers: withFlash.init?.headers });
}

/** The tenant's own evidence for the item that goes with their proposal, as JSON (another tenant's claim: 404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const claim = await context.get(apiContext).GET("/claims/{claimId}", { params: { path: { claimId: params.claimId } } });
  const view = proposalItemView(claim, params.claimItemId);
  if (!view) return notFound();
  return Response.json({ documents: view.documents });
}
