import { useActionData, useLoaderData } from "react-router";
import { CLAIM_RESPONSE_UPLOAD_LIMIT } from "#common/uploads";
import { apiContext } from "~/lib/api.server";
import { ClaimDocumentsZone } from "./+lib/claim-documents-zone";
import { claimDocumentsAction, RESPONSE_DOCUMENT_CREATED_MESSAGE } from "./+lib/claim-documents.server";
import { claimPaths, CLAIM_FLASH_KEYS, getClaim } from "./+lib/claims.server";
import { readForm } from "~/lib/csrf.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/supporting-information";
import { BackLink } from "~/components/back-link";
import { PageHeading } from "~/components/page-heading";

/** The upload zone sends each file with progress once the page runs its script (docs/decisions/0015). */
export const handle = { hydrate: true };

const TITLE = "Supporting Information";

/**
 * 'Supporting Information' (part 1 §2.5, §7, §8): the tenants' claim response documents
 * (CLAIM_RESPONSE) through the upload zone. Every respondent's documents are listed; only the
 * tenant's own uploads have Remove (the API refuses the others).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  // Opened from the formal dispute form (?from=dispute): its way back goes there (decision 0023).
  const fromDispute = url.searchParams.get("from") === "dispute";
  return {
    self: `${claimPaths.sub(claim.id, "supporting-information")}${fromDispute ? "?from=dispute" : ""}`,
    back: fromDispute ? claimPaths.sub(claim.id, "dispute") : claimPaths.page(claim),
    backText: fromDispute ? "Back to your dispute" : "Back to the claim",
    uploadUrl: claimPaths.sub(claim.id, "response-documents"),
    documents: claim.responseDocuments.map((d) => ({ id: d.id, name: d.name, url: d.url, own: d.uploadedByCurrentUser })),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const api = context.get(apiContext);
  const self = `${claimPaths.sub(claim.id, "supporting-information")}${url.searchParams.get("from") === "dispute" ? "?from=dispute" : ""}`;
  const form = await readForm(request);
  return claimDocumentsAction(api, form, {
    self,
    target: { kind: "response", claimId: claim.id },
    uploaded: { category: CLAIM_FLASH_KEYS.createResponseDocument, message: RESPONSE_DOCUMENT_CREATED_MESSAGE },
    removed: CLAIM_FLASH_KEYS.deleteResponseDocument,
    removable: (documentId) => claim.responseDocuments.some((d) => d.id === documentId && d.uploadedByCurrentUser),
    remove: (documentId) => api.DELETE("/claims/{claimId}/response-documents/{documentId}", { params: { path: { claimId: claim.id, documentId } } }),
  });
}

export default function SupportingInformation() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="panel">
      <title>{pageTitle(TITLE, Boolean(actionData?.uploadError))}</title>
      {/* The h1 first in main, the Back link after it and shown above it (issue 24). */}
      <PageHeading above={<BackLink to={d.back} reloadDocument>{d.backText}</BackLink>}>{TITLE}</PageHeading>
      <p>Add any documents that support your response to these charges, such as photos, receipts or messages.</p>
      <ClaimDocumentsZone
        limit={CLAIM_RESPONSE_UPLOAD_LIMIT}
        id="response-documents"
        label="Your supporting documents"
        action={d.self}
        uploadUrl={d.uploadUrl}
        documents={d.documents}
        removable={(documentId) => d.documents.some((x) => x.id === documentId && x.own)}
        error={actionData?.uploadError ?? null}
      />
    </div>
  );
}
