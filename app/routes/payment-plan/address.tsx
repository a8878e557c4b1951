import { ManualAddressFields } from "~/components/address-fields";
import { Form, redirect, useActionData } from "react-router";
import { RadioGroup } from "~/components/choice-fields";
import { AppForm, useAppForm } from "~/components/forms";
import { PaymentPlanSteps } from "./+lib/payment-plan-steps-panel";
import { apiContext, ApiFailure } from "~/lib/api.server";
import { addressLine } from "~/lib/format";
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
import { ADDRESS_MESSAGES, normalisePostcode } from "../../../common/addresses";
import type { Route } from "./+types/address";

/**
 * Step 2, Address Confirmation (part 2 §2 address, §3 Address form, §5): where the plan's postal
 * confirmations go. A postcode look-up (a GET form, `?postcode=…`; the results are radios, and
 * choosing one saves it) or the form by hand. Every state is in the URL and every action a plain
 * post: the page sends no script. After either, the plan's index sends the tenant on.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const plan = getPaymentPlan(context);
  const searched = url.searchParams.has("postcode");
  const postcode = url.searchParams.get("postcode")?.trim() ?? "";
  let results: Array<{ value: string; label: string }> | null = null;
  let lookupError: string | null = null;
  if (postcode !== "") {
    try {
      const found = await context.get(apiContext).GET("/addresses/lookup", { params: { query: { postcode } } });
      results = found.addresses.map((a) => ({ value: a.externalId, label: `${addressLine(a)}, ${a.postcode}` }));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // A postcode the API refuses finds nothing; a provider failure shows the server's message (it suggests the form).
      if (error.status === 400) results = [];
      else lookupError = error.status === 502 ? error.message : `${PLAN_FAILURE_MESSAGE}. Please try again.`;
    }
  }
  return {
    steps: planStepsView(plan, "address"),
    postcode: postcode === "" ? null : normalisePostcode(postcode),
    postcodeError: searched && postcode === "" ? ADDRESS_MESSAGES.postcodeRequired : null,
    results,
    lookupError,
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
      try {
        // The address as the look-up gives it, never as the browser sent it.
        const found = await api.GET("/addresses/lookup", { params: { query: { postcode: form.value.postcode } } });
        const chosen = found.addresses.find((a) => a.externalId === form.value.externalId);
        if (!chosen) return form.reply({ fieldErrors: { externalId: [PLAN_ADDRESS_MESSAGES.chooseAddress] } });
        await put(planAddressBody(chosen));
      } catch (error) {
        if (error instanceof ApiFailure) return form.reply({ formErrors: [error.status === 502 ? error.message : planFailureMessage(error)] });
        throw error;
      }
      return redirect(planPath);
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

type LoaderData = Route.ComponentProps["loaderData"];
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
      <PaymentPlanSteps view={d.steps} />
      <h1>Current Address</h1>
      <p className="lead">
        Tell us where you live now. We post the confirmations about your payment plan to this address, so it must be where
        you get your letters.
      </p>

      <h2 id="find-address-title">Find your address</h2>
      {d.lookupError ? (
        <p className="notice" role="alert">
          {d.lookupError}
        </p>
      ) : null}
      <PostcodeSearch d={d} />
      {d.results && d.results.length === 0 ? (
        <p className="notice notice--warning" role="status">
          {PLAN_ADDRESS_MESSAGES.noResults}
        </p>
      ) : null}
      {d.results && d.results.length > 0 ? <ChooseAddress d={d} reply={chooseReply} /> : null}

      <h2 id="manual-address-title">Enter your address</h2>
      <ManualAddress reply={manualReply} />
    </div>
  );
}

/** The look-up: a GET form, so its result is a URL (`?postcode=…`) and works without script. */
function PostcodeSearch({ d }: { d: LoaderData }) {
  const errorId = d.postcodeError ? "postcode-search-error" : undefined;
  return (
    <Form method="get" role="search" aria-labelledby="find-address-title" className="postcode-search">
      <div className={`field${errorId ? " field--error" : ""}`}>
        <label className="field__label" htmlFor="postcode-search">
          Postcode
        </label>
        <p className="field__hint" id="postcode-search-hint">
          For example, BS1 4DJ
        </p>
        {errorId ? (
          <p className="field__error" id={errorId}>
            <span className="visually-hidden">Error: </span>
            {d.postcodeError}
          </p>
        ) : null}
        <input
          id="postcode-search"
          name="postcode"
          type="text"
          className="field__input"
          autoComplete="postal-code"
          defaultValue={d.postcode ?? ""}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={["postcode-search-hint", errorId].filter(Boolean).join(" ")}
        />
      </div>
      <button type="submit" className="button button--secondary">
        Find address
      </button>
    </Form>
  );
}

function ChooseAddress({ d, reply }: { d: LoaderData; reply: Reply }) {
  const { fields, ...form } = useAppForm({ id: "choose-address", schema: planChooseSchema, reply, fieldNames: ["externalId"] });
  return (
    <AppForm {...form}>
      <input type="hidden" name="intent" value="choose" />
      <input type="hidden" name="postcode" value={d.postcode ?? ""} />
      <RadioGroup field={fields.externalId} legend={`Addresses at ${d.postcode}`} options={d.results ?? []} />
      <button type="submit" className="button">
        Use this address
      </button>
    </AppForm>
  );
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
