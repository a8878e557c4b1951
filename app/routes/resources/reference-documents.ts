import { apiContext } from "~/lib/api.server";
import { readForm } from "~/lib/csrf.server";
import { getCheckout } from "~/routes/checkout/+lib/checkout.server";
import { sendReferenceDocument } from "~/routes/checkout/+lib/reference-documents.server";
import { REFERENCING_MESSAGES } from "~/routes/checkout/+lib/referencing";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/reference-documents";

/**
 * The upload zone's endpoint on the referencing page (JavaScript only; without it the page's
 * own form posts the file): one proof of identity or address, multipart in, JSON out — 201
 * with the flash cookie saying 'Success! Item successfully uploaded' (the page reads it when
 * it reads its data again), or a 4xx with the refusal's message for the zone to show. The
 * checkout layout's middleware has checked that referencing is this tenant's step.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { oc } = getCheckout(context);
  const details = oc.actions.find((a) => a.typeId === "KEYFREE_REFERENCING")?.details;
  const referenceId = typeof details?.referenceId === "string" ? details.referenceId : null;
  if (!referenceId) return Response.json({ message: "Start your eligibility check before uploading." }, { status: 409 });
  const form = await readForm(request);
  const refusal = await sendReferenceDocument(context.get(apiContext), referenceId, form);
  if (refusal) return Response.json({ message: refusal.message, type: refusal.type }, { status: 400 });
  const withFlash = await flash.dataWithSuccess({ ok: true }, REFERENCING_MESSAGES.uploaded);
  return Response.json(withFlash.data, { status: 201, headers: withFlash.init?.headers });
}
