import { ManualAddressFields } from "~/components/address-fields";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { AddressChoiceForm, PostcodeSearch } from "~/components/address-lookup";
import { redirect, useActionData } from "react-router";
import { AppForm, useAppForm } from "~/components/forms";
import { PaymentPlanSteps } from "./+lib/payment-plan-steps-panel";
import type { AddressChoice } from "~/lib/address-lookup";
import { lookUpPostcode, saveChosenAddress } from "~/lib/address-lookup.server";
import { apiContext, ApiFailure } from "~/lib/api.server";
import { readForm } from "~/lib/csrf.server";
import { parseForm } from "~/lib/forms.server";
import { dispatchIntent } from "~/lib/intent.server";
import {
  PLAN_ADDRESS_MESSAGES,
  PLAN_COUNTRIES,
  PLAN_DEFAULT_COUNTRY,
  planAddressBody,
  planAddressSchema,
  planChooseSchema,
} from "./+lib/payment-plan-address";
import { planStepsView } from "./+lib/payment-plan-steps";
import { PLAN_FAILURE_MESSAGE, planFailureMessage } from "./+lib/payment-plan-steps.server";
import { getPaymentPlan } from "./+lib/payment-plans.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/address";

/**
 * Step 2, Address Confirmation (part 2 §2 address, §3 Address form, §5): where the plan's postal
 * confirmations go. A postcode look-up (a GET form, `?postcode=…`; the results are radios, and
 * choosing one saves it) or the form by hand. Every state is in the URL and every action a plain
 * post: the page sends no script. After either, the plan's index sends the tenant on.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const plan = getPaymentPlan(context);
  return {
    steps: planStepsView(plan, "address"),
    breathingSpace: breathingSpaceNotice(plan.breathingSpace),
    ...(await lookUpPostcode(context.get(apiContext), url, () => `${PLAN_FAILURE_MESSAGE}. Please try again.`)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const planPath = `/payment-plan/${encodeURIComponent(params.paymentPlanId)}`;
  const put = (body: ReturnType<typeof planAddressBody>) =>
    api.PUT("/payment-plans/{paymentPlanId}/address", { params: { path: { paymentPlanId: params.paymentPlanId } }, body });

  return dispatchIntent(await readForm(request), {
    choose: async () => {
      const form = await parseForm(request, planChooseSchema);
      if (!form.ok) return form.invalid;
      return (await saveChosenAddress(api, form, (chosen) => put(planAddressBody(chosen)), planFailureMessage)) ?? redirect(planPath);
    },
    manual: async () => {
      const form = await parseForm(request, planAddressSchema);
      if (!form.ok) return form.invalid;
      try {
        await put(planAddressBody(form.value));
      } catch (error) {
        // The API's 400 is the same rule the form checks; its message, with everything typed kept.
        if (error instanceof ApiFailure) return form.reply({ formErrors: [error.status === 400 ? error.message : planFailureMessage(error)] });
        throw error;
      }
      return redirect(planPath);
    },
  });
}

type Reply = Parameters<typeof useAppForm>[0]["reply"];

/** Which form a reply belongs to (both forms are on the page; the reply carries what was posted). */
function replyFor(reply: Reply, intent: "choose" | "manual"): Reply {
  if (!reply?.result) return undefined;
  const posted = (reply.result.initialValue as Record<string, unknown> | undefined)?.intent;
  return (posted === "choose" ? "choose" : "manual") === intent ? reply : undefined;
}

export default function PlanAddress({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>() as Reply;
  const chooseReply = replyFor(actionData, "choose");
  const manualReply = replyFor(actionData, "manual");
  const hasErrors = Boolean(d.postcodeError || chooseReply?.result?.error || manualReply?.result?.error);
  return (
    <div className="panel">
      <title>{pageTitle("Current Address", hasErrors)}</title>
      <PaymentPlanSteps view={d.steps} breathingSpace={d.breathingSpace} title="Current Address" />
      <p className="lead">
        Tell us where you live now. We post the confirmations about your payment plan to this address, so it must be where
        you get your letters.
      </p>

      <h2 id="find-address-title">Find your address</h2>
      <PostcodeSearch lookup={d} labelledBy="find-address-title" />
      {d.results && d.results.length === 0 ? (
        <p className="notice notice--warning" role="status">
          {PLAN_ADDRESS_MESSAGES.noResults}
        </p>
      ) : null}
      {d.postcode && d.results && d.results.length > 0 ? (
        <ChooseAddress postcode={d.postcode} results={d.results} reply={chooseReply} />
      ) : null}

      <h2 id="manual-address-title">Enter your address</h2>
      <ManualAddress reply={manualReply} />
    </div>
  );
}

function ChooseAddress({ postcode, results, reply }: { postcode: string; results: AddressChoice[]; reply: Reply }) {
  const { fields, ...form } = useAppForm({ id: "choose-address", schema: planChooseSchema, reply, fieldNames: ["externalId"] });
  return <AddressChoiceForm {...form} externalId={fields.externalId} postcode={postcode} results={results} />;
}

function ManualAddress({ reply }: { reply: Reply }) {
  const { fields, ...form } = useAppForm({
    id: "plan-address",
    schema: planAddressSchema,
    reply,
    fieldNames: ["buildingNumber", "buildingName", "flatNumber", "street", "town", "county", "postcode", "country"],
  });
  return (
    <AppForm {...form}>
      <input type="hidden" name="intent" value="manual" />
      <ManualAddressFields fields={fields} countries={PLAN_COUNTRIES} defaultCountry={PLAN_DEFAULT_COUNTRY} flatLabel="Flat number (optional)" />
      <button type="submit" className="button">
        Save address
      </button>
    </AppForm>
  );
}
