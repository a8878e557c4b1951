import { data } from "react-router";
import { uploadProblem } from "#common/uploads";
import { ApiFailure, failureMessage, type Api } from "~/lib/api.server";
import { dispatchIntent } from "~/lib/intent.server";
import { FORM_UNREADABLE_MESSAGE } from "~/lib/messages";
import { claimFailureRedirect, claimSuccessRedirect, type ClaimFlashKey } from "./claims.server";

/** Part 1 §8: an upload refused for any other reason than its size or type. */
export const UPLOAD_FAILURE_FALLBACK = "Something went wrong";

/** Part 1 §8: removing a document. */
export const DOCUMENT_DELETED_MESSAGE = "Success! You deleted the document.";
/** The spec's success words for an uploaded item (part 1 §8, the reference evidence's). */
export const ITEM_DOCUMENT_UPLOADED_MESSAGE = "Success! Item successfully uploaded";
/** Part 1 §8 (the supporting-information message): a response document was added. */
export const RESPONSE_DOCUMENT_CREATED_MESSAGE = "Claim response document successfully created";

/** Where a claim document goes: an item's evidence (for the tenant's item proposal when it has one), or a response document. */
export type ClaimDocumentTarget =
  | { kind: "item"; claimId: string; claimItemId: string; claimItemProposalId?: string | null }
  | { kind: "response"; claimId: string };

/**
 * Sends one file from a posted form (field `file`) as a claim document (type CLAIM_ITEM or
 * CLAIM_RESPONSE). A file that is plainly refused (none, too large, not one of the spec's
 * types) is answered here with the spec's words; the API checks the bytes as well and its
 * refusal (4xx) is answered with its message, a failure of its own with 'Something went
 * wrong'. Returns the refusal's message, or null once the document is stored.
 */
export async function sendClaimDocument(api: Api, target: ClaimDocumentTarget, form: FormData): Promise<string | null> {
  const file = form.get("file");
  if (!(file instanceof File) || (file.name === "" && file.size === 0)) return "Choose a file to upload.";
  const problem = uploadProblem(file);
  if (problem) return problem;
  const body = new FormData();
  body.set("type", target.kind === "item" ? "CLAIM_ITEM" : "CLAIM_RESPONSE");
  body.set("fileName", file.name);
  body.set("file", file, file.name);
  try {
    if (target.kind === "item") {
      if (target.claimItemProposalId) body.set("claimItemProposalId", target.claimItemProposalId);
      await api.POST("/claims/{claimId}/items/{claimItemId}/documents", {
        params: { path: { claimId: target.claimId, claimItemId: target.claimItemId } },
        body: { type: "CLAIM_ITEM", file: "", fileName: file.name },
        bodySerializer: () => body,
      });
    } else {
      await api.POST("/claims/{claimId}/response-documents", {
        params: { path: { claimId: target.claimId } },
        body: { type: "CLAIM_RESPONSE", file: "", fileName: file.name },
        bodySerializer: () => body,
      });
    }
    return null;
  } catch (error) {
    if (error instanceof ApiFailure && error.status < 500) return failureMessage(error) || UPLOAD_FAILURE_FALLBACK;
    if (error instanceof ApiFailure) return UPLOAD_FAILURE_FALLBACK;
    throw error;
  }
}

/**
 * The action of a page that lists claim documents under an upload zone (item-evidence,
 * supporting-information): `upload` sends the posted file, `remove` deletes one of the
 * documents the page lets the tenant remove; each ends in a redirect with its flash under the
 * page's keys. A refusal, or any other intent, is shown at the zone (a 400), where the tenant is.
 */
export function claimDocumentsAction(
  api: Api,
  form: FormData,
  page: {
    self: string;
    target: ClaimDocumentTarget;
    uploaded: { category: ClaimFlashKey; message: string };
    removed: ClaimFlashKey;
    removable: (documentId: string) => boolean;
    remove: (documentId: string) => Promise<unknown>;
  },
) {
  const refused = (uploadError: string, category?: ClaimFlashKey) => data({ uploadError, category }, { status: 400 });
  return dispatchIntent(
    form,
    {
      upload: async () => {
        const refusal = await sendClaimDocument(api, page.target, form);
        if (refusal) return refused(refusal, page.uploaded.category);
        return claimSuccessRedirect(page.self, page.uploaded.category, page.uploaded.message);
      },
      remove: async () => {
        const documentId = form.get("documentId");
        if (typeof documentId !== "string" || !page.removable(documentId)) return refused(FORM_UNREADABLE_MESSAGE, page.removed);
        try {
          await page.remove(documentId);
        } catch (error) {
          return claimFailureRedirect(page.self, page.removed, error);
        }
        return claimSuccessRedirect(page.self, page.removed, DOCUMENT_DELETED_MESSAGE);
      },
    },
    { unknown: (message) => refused(message) },
  );
}
