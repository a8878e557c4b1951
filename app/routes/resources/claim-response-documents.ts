import { apiContext } from "~/lib/api.server";
import { RESPONSE_DOCUMENT_CREATED_MESSAGE, sendClaimDocument } from "~/routes/claims/+lib/claim-documents.server";
import { CLAIM_FLASH_KEYS } from "~/routes/claims/+lib/claims.server";
import { readForm } from "~/lib/csrf.server";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/claim-response-documents";

/**
 * The upload zone's endpoint on 'Supporting Information' (JavaScript only; without it the
 * page's own form posts the file): one claim response document (CLAIM_RESPONSE), multipart
 * in, JSON out — 201 with the flash 'Claim response document successfully created', or a 4xx
 * with the refusal's message for the zone to show. Another tenant's claim is a 404 inside the
 * API client.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await readForm(request);
  const refusal = await sendClaimDocument(api, { kind: "response", claimId: params.claimId }, form);
  if (refusal) return Response.json({ message: refusal, category: CLAIM_FLASH_KEYS.createResponseDocument }, { status: 400 });
  const withFlash = await flash.dataWithSuccess({ ok: true }, { message: RESPONSE_DOCUMENT_CREATED_MESSAGE, category: CLAIM_FLASH_KEYS.createResponseDocument });
  return Response.json(withFlash.data, { status: 201, headers: withFlash.init?.headers });
}

/** The claim's response documents, as JSON (findManyClaimResponseDocuments; another tenant's claim: 404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const list = await context.get(apiContext).GET("/claims/{claimId}/response-documents", { params: { path: { claimId: params.claimId } } });
  return Response.json(list);
}
