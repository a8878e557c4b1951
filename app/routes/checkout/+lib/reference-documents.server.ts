import { uploadProblem } from "#common/uploads";
import { ApiFailure, failureMessage, type Api } from "~/lib/api.server";
import { REFERENCE_DOCUMENT_TYPES, type ReferenceDocumentType } from "./referencing";

/** An upload the tenant cannot send as it is: the message to show at that proof's upload zone. */
export type UploadRefusal = { type: ReferenceDocumentType | null; message: string };

/** The proof type a form names, or null when it names none we know. */
export function documentTypeOf(value: FormDataEntryValue | null): ReferenceDocumentType | null {
  return typeof value === "string" && (REFERENCE_DOCUMENT_TYPES as readonly string[]).includes(value) ? (value as ReferenceDocumentType) : null;
}

/**
 * Sends one proof of identity or address from a posted form (fields `type` and `file`) to the
 * reference (part 1 §4.3: one file at a time). A file that is plainly refused (no file, too
 * large, not one of the spec's types) is answered here with the spec's words; the API checks
 * its bytes as well and its refusal (4xx) is answered the same way. Anything else the API
 * says (a 401, a 404) is the page's usual outcome.
 */
export async function sendReferenceDocument(api: Api, referenceId: string, form: FormData): Promise<UploadRefusal | null> {
  const type = documentTypeOf(form.get("type"));
  const file = form.get("file");
  if (type === null) return { type: null, message: "Choose which proof this file is." };
  if (!(file instanceof File) || (file.name === "" && file.size === 0)) return { type, message: "Choose a file to upload." };
  const problem = uploadProblem(file);
  if (problem) return { type, message: problem };
  const body = new FormData();
  body.set("type", type);
  body.set("fileName", file.name);
  body.set("file", file, file.name);
  try {
    await api.POST("/references/{referenceId}/documents", {
      params: { path: { referenceId } },
      body: { type, file: "", fileName: file.name },
      bodySerializer: () => body,
    });
    return null;
  } catch (error) {
    if (error instanceof ApiFailure && error.status < 500) return { type, message: failureMessage(error) };
    if (error instanceof ApiFailure) return { type, message: "Something went wrong" };
    throw error;
  }
}
