import { data, redirect, useActionData } from "react-router";
import { SelectField, TextAreaField } from "~/components/choice-fields";
import { AppForm, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { readOffer } from "./+lib/offers.server";
import { characterCount, offerPaths, REJECTION_REASON_LABELS, rejectionSchema, type RejectionReason } from "./+lib/offers";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/rejected";

const TITLE = `Why didn't you choose ${PRODUCT.name}?`;

/**
 * After choosing a cash deposit (part 2 §2, §5): the recipient says why, through the token in
 * the query. Without a token: home. A wrong token: not found. A reason already given goes to
 * /reason-given; a recipient who did not choose a cash deposit goes back to the offer.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  if (!token) throw redirect("/");
  const offer = await readOffer(context.get(apiContext), params.keyfreeOfferId, token);
  if (offer.recipient.rejectionReasonGiven) throw redirect(offerPaths.reasonGiven(params.keyfreeOfferId));
  if (offer.recipient.choice !== "CASH_DEPOSIT") throw redirect(offerPaths.offer(params.keyfreeOfferId, token));
  return null;
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const token = url.searchParams.get("token");
  if (!token) throw data({ message: "This link is missing its token. Open the link in your offer e-mail again." }, { status: 400 });
  const form = await parseForm(request, rejectionSchema);
  if (!form.ok) return form.invalid;
  try {
    await context.get(apiContext).POST("/keyfree-offers/{keyfreeOfferId}/rejection-reason", {
      params: { path: { keyfreeOfferId: params.keyfreeOfferId } },
      body: {
        rejectionReason: form.value.rejectionReason,
        customRejectionReason: form.value.customRejectionReason?.trim() || null,
        token,
      },
    });
  } catch (error) {
    // The form again with what was entered and why it was not recorded (the API's refusal, or "try again").
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status >= 500 ? 502 : 400);
    throw error;
  }
  return redirect(offerPaths.reasonGiven(params.keyfreeOfferId));
}

const OPTIONS = (Object.entries(REJECTION_REASON_LABELS) as Array<[RejectionReason, string]>).map(([value, label]) => ({ value, label }));

export default function Rejected() {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "rejection",
    schema: rejectionSchema,
    reply: actionData,
    fieldNames: ["rejectionReason", "customRejectionReason"],
  });
  const details = fields.customRejectionReason.value;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <p>You have chosen a cash deposit. Please tell us why, so that we can improve {PRODUCT.name}.</p>
      <AppForm {...form}>
        {/* A select, not radios: with nothing chosen every browser sends it empty (Lynx would send the first radio), issue 24. */}
        <SelectField field={fields.rejectionReason} label="Your reason" placeholder="Select a reason" options={OPTIONS} />
        <TextAreaField
          field={fields.customRejectionReason}
          label="More details (required if you chose Other)"
          hint={characterCount(typeof details === "string" ? details : undefined)}
        />
        <button type="submit" className="button">
          Submit
        </button>
      </AppForm>
    </div>
  );
}
