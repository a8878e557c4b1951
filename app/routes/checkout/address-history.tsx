import { CheckoutHeading } from "./+lib/checkout-back";
import { PageHeading } from "~/components/page-heading";
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { ManualAddressFields } from "~/components/address-fields";
import { AddressChoiceForm, POSTCODE_SEARCH_ID, PostcodeSearch } from "~/components/address-lookup";
import { data, Link, redirect, useActionData } from "react-router";
import { RadioGroup } from "~/components/choice-fields";
import { ActionButton } from "~/components/action-button";
import { CancelLink } from "~/components/cancel-link";
import { ButtonGroup } from "~/components/button-group";
import { AppForm, ErrorSummary, TextField, useAppForm } from "~/components/forms";
import {
  ADDRESS_HISTORY_MESSAGES,
  addressHistoryUrl,
  chooseSchema,
  COUNTRIES,
  datesForApi,
  DEFAULT_COUNTRY,
  manualSchema,
  removeSchema,
} from "./+lib/address-history";
import { lookUpPostcode, saveChosenAddress, type FoundAddress } from "~/lib/address-lookup.server";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { checkoutPath } from "./+lib/checkout";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { addressLine } from "~/lib/format";
import { formatDate } from "#common/wording";
import { readForm } from "~/lib/csrf.server";
import { parseForm } from "~/lib/forms.server";
import { dispatchIntent } from "~/lib/intent.server";
import { pageTitle } from "~/lib/product";
import { flash } from "~/lib/session.server";
import { ADDRESS_MESSAGES } from "#common/addresses";
import type { Route } from "./+types/address-history";

/**
 * Address history (part 1 §2.3, §5): the tenant's addresses, postcode search (the shared
 * look-up, app/components/address-lookup.tsx), choosing an address from the results (the spec's
 * modal is a list on the page, `?postcode=…`), manual entry (`?manual`), removing with a
 * confirmation (`?remove=<id>`), and Continue once a current address exists. Every state is in
 * the URL (the search is a GET form) and every change a plain post: the page sends no script.
 * From Confirm (`?change`), Continue goes back to Confirm and completes nothing.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { user, changing } = getCheckout(context);
  const base = checkoutPath(params.orderId, params.customerId, "address-history");
  const addresses = user.attributes.addresses.map((a) => ({
    id: a.id,
    line: addressLine(a),
    postcode: a.postcode,
    current: a.currentlyAtAddress,
    dates: [a.startDate ? `Moved in ${formatDate(a.startDate)}` : null, a.endDate ? `moved out ${formatDate(a.endDate)}` : null]
      .filter(Boolean)
      .join(", "),
    removeUrl: addressHistoryUrl(base, changing, { remove: a.id }),
  }));
  const removeId = url.searchParams.get("remove");
  const removing = removeId ? (addresses.find((a) => a.id === removeId) ?? null) : null;
  const lookup = await lookUpPostcode(context.get(apiContext), url, failureMessage);
  // The search keeps `?change` (it is a GET form: its fields are the whole query).
  const searchKeep: Record<string, string> = changing ? { change: "" } : {};
  return {
    base,
    changing,
    addresses,
    hasCurrent: addresses.some((a) => a.current),
    state: removing
      ? ("remove" as const)
      : lookup.results
        ? ("results" as const)
        : url.searchParams.has("manual")
          ? ("manual" as const)
          : ("list" as const),
    ...lookup,
    searchKeep,
    removing,
    links: {
      list: addressHistoryUrl(base, changing),
      manual: addressHistoryUrl(base, changing, { manual: true }),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, changing } = getCheckout(context);
  const api = context.get(apiContext);
  const base = checkoutPath(params.orderId, params.customerId, "address-history");
  return dispatchIntent(await readForm(request), {
    choose: async () => {
      const form = await parseForm(request, chooseSchema);
      if (!form.ok) return form.invalid;
      // The address as the look-up gives it, with the tenant's dates.
      const save = (chosen: FoundAddress) =>
        api.POST("/users/{userId}/addresses", { params: { path: { userId: user.id } }, body: { ...chosen, ...datesForApi(form.value) } });
      return (
        (await saveChosenAddress(api, form, save, failureMessage)) ??
        flash.redirectWithSuccess(addressHistoryUrl(base, changing), ADDRESS_HISTORY_MESSAGES.added)
      );
    },
    manual: async () => {
      const form = await parseForm(request, manualSchema);
      if (!form.ok) return form.invalid;
      const { currentlyAtAddress: _c, startDate: _s, endDate: _e, ...address } = form.value;
      try {
        await api.POST("/users/{userId}/addresses", {
          params: { path: { userId: user.id } },
          body: { ...address, ...datesForApi(form.value) },
        });
      } catch (error) {
        if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] });
        throw error;
      }
      return flash.redirectWithSuccess(addressHistoryUrl(base, changing), ADDRESS_HISTORY_MESSAGES.added);
    },
    remove: async () => {
      const form = await parseForm(request, removeSchema);
      if (!form.ok) return form.invalid;
      try {
        await api.DELETE("/addresses/{id}", {
          params: { path: { id: form.value.id } },
        });
      } catch (error) {
        if (error instanceof ApiFailure) return flash.redirectWithError(addressHistoryUrl(base, changing), failureMessage(error));
        throw error;
      }
      return flash.redirectWithSuccess(addressHistoryUrl(base, changing), ADDRESS_HISTORY_MESSAGES.removed);
    },
    continue: async () => {
      // Part 1 §2.3: Continue needs a current address; the page says so (the API refuses too).
      if (!user.attributes.addresses.some((a) => a.currentlyAtAddress)) {
        return data({ continueError: ADDRESS_MESSAGES.noCurrentAddress }, { status: 400 });
      }
      // From Confirm: the history is saved as it is edited; back to Confirm, completing nothing.
      if (changing) return redirect(checkoutPath(params.orderId, params.customerId, "confirm"));
      try {
        const answer = await api.POST("/orders/{orderId}/customers/{customerId}/address-history", {
          params: {
            path: { orderId: params.orderId, customerId: params.customerId },
          },
        });
        // On to the page of the next action the API names (referencing, usually).
        return redirect(nextActionPath(answer));
      } catch (error) {
        if (error instanceof ApiFailure && error.status < 500) return data({ continueError: error.message }, { status: 400 });
        throw error;
      }
    },
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Reply = Parameters<typeof useAppForm>[0]["reply"];

export default function AddressHistory({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const reply = actionData && "result" in actionData ? (actionData as Reply) : undefined;
  const continueError = actionData && "continueError" in actionData ? actionData.continueError : null;

  if (d.state === "remove" && d.removing) return <RemoveConfirmation d={d} removing={d.removing} />;
  if (d.state === "manual") return <ManualEntry d={d} reply={reply} />;
  if (d.state === "results") return <ChooseAddress d={d} reply={reply} />;

  return (
    <section aria-labelledby="address-history-title">
      <title>{pageTitle("Your current address", Boolean(continueError) || Boolean(reply?.result?.error) || Boolean(d.postcodeError))}</title>
      <CheckoutHeading id="address-history-title">Your current address</CheckoutHeading>
      {continueError ? <ErrorSummary errors={[{ fieldId: "continue", message: continueError }]} focusKey={continueError} /> : null}
      {d.postcodeError ? <ErrorSummary errors={[{ fieldId: POSTCODE_SEARCH_ID, message: d.postcodeError }]} /> : null}
      <p className="lead">Tell us where you live now and where you have lived before.</p>

      <h2>Your addresses</h2>
      {d.addresses.length === 0 ? (
        <p>You have not added an address yet.</p>
      ) : (
        <ul className="address-list">
          {d.addresses.map((a) => (
            <li key={a.id} className="card address-list__item">
              <p>
                <strong>{a.line}</strong>, {a.postcode}
              </p>
              <p>{[a.current ? "Current address" : null, a.dates].filter(Boolean).join(". ")}</p>
              <Link to={a.removeUrl} className="standalone-link">
                Remove<span className="visually-hidden"> {a.line}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <h2 id="add-address-title">Add an address</h2>
      <PostcodeSearch lookup={d} labelledBy="add-address-title" keep={d.searchKeep} />
      <p>
        <Link to={d.links.manual} className="standalone-link">
          Enter the address manually
        </Link>
      </p>

      <ActionButton intent="continue" className="address-history__continue" id="continue">
        {d.changing ? "Back to confirm" : "Continue"}
      </ActionButton>
    </section>
  );
}

/** The search's results: a list of choices on the page, with the dates at the chosen address. */
function ChooseAddress({ d, reply }: { d: LoaderData; reply: Reply }) {
  const results = d.results ?? [];
  const { fields, ...form } = useAppForm({
    id: "choose-address",
    schema: chooseSchema,
    reply,
    fieldNames: ["externalId", "currentlyAtAddress", "startDate", "endDate"],
  });
  const title = results.length > 0 ? "Choose your address" : ADDRESS_HISTORY_MESSAGES.noResults;
  return (
    <section aria-labelledby="choose-address-title">
      <title>{pageTitle(title, form.errors.length > 0)}</title>
      <PageHeading id="choose-address-title" above={<BackToAddresses to={d.links.list} />}>
        {title}
      </PageHeading>
      {results.length === 0 || !d.postcode ? (
        <>
          <p role="status">No addresses were found for {d.postcode}. Check the postcode and search again, or enter the address manually.</p>
          <PostcodeSearch lookup={d} labelledBy="choose-address-title" keep={d.searchKeep} />
          <p>
            <Link to={d.links.manual} className="standalone-link">
              Enter the address manually
            </Link>
          </p>
        </>
      ) : (
        <AddressChoiceForm
          {...form}
          externalId={fields.externalId}
          postcode={d.postcode}
          results={results}
          after={
            <Link to={d.links.manual} className="standalone-link">
              My address is not listed
            </Link>
          }
        >
          <AddressDates fields={fields} />
        </AddressChoiceForm>
      )}
    </section>
  );
}

type DateFields = {
  currentlyAtAddress: FieldMetadata<"yes" | "no" | undefined>;
  startDate: FieldMetadata<string | undefined>;
  endDate: FieldMetadata<string | undefined>;
};

const CURRENT_ADDRESS_OPTIONS: Array<{ value: "yes" | "no"; label: string }> = [
  { value: "yes", label: "Yes, this is my current address" },
  { value: "no", label: "No, I lived here before" },
];

/** Whether the tenant lives there now, when they moved in and (if not) when they moved out. */
function AddressDates({ fields }: { fields: DateFields }) {
  return (
    <>
      {/* 'Do you live at this address now?': Yes unless the tenant said otherwise. */}
      <RadioGroup
        field={fields.currentlyAtAddress}
        legend="Do you live at this address now?"
        options={CURRENT_ADDRESS_OPTIONS}
        defaultValue="yes"
      />
      <TextField field={fields.startDate} label="Date you moved in (optional)" type="date" autoComplete="off" />
      <TextField field={fields.endDate} label="Date you moved out (optional)" hint="Only if you no longer live here" type="date" autoComplete="off" />
    </>
  );
}

function ManualEntry({ d, reply }: { d: LoaderData; reply: Reply }) {
  const { fields, ...form } = useAppForm({
    id: "manual-address",
    schema: manualSchema,
    reply,
    fieldNames: [
      "buildingNumber",
      "buildingName",
      "flatNumber",
      "street",
      "town",
      "county",
      "postcode",
      "country",
      "currentlyAtAddress",
      "startDate",
      "endDate",
    ],
  });
  return (
    <section aria-labelledby="manual-address-title">
      <title>{pageTitle("Enter your address", form.errors.length > 0)}</title>
      <PageHeading id="manual-address-title" above={<BackToAddresses to={d.links.list} />}>
        Enter your address
      </PageHeading>
      <AppForm {...form}>
        <input type="hidden" name="intent" value="manual" />
        <ManualAddressFields fields={fields} countries={COUNTRIES} defaultCountry={DEFAULT_COUNTRY} flatLabel="Flat or room number (optional)" />
        <AddressDates fields={fields} />
        <button type="submit" className="button">
          Add address
        </button>
      </AppForm>
    </section>
  );
}

/** The search's and the manual entry's way back to the list, shown above their h1 (PageHeading). */
function BackToAddresses({ to }: { to: string }) {
  return (
    <p>
      <Link to={to} className="standalone-link">
        Back to your addresses
      </Link>
    </p>
  );
}

/** 'Are you sure…' before an address is removed: Remove or Cancel. */
function RemoveConfirmation({ d, removing }: { d: LoaderData; removing: NonNullable<LoaderData["removing"]> }) {
  return (
    <section aria-labelledby="remove-address-title">
      <title>{pageTitle("Remove this address?")}</title>
      <h1 id="remove-address-title">Remove this address?</h1>
      <p>
        Are you sure you want to remove <strong>{removing.line}</strong>, {removing.postcode} from your address history?
      </p>
      <ButtonGroup className="form-actions">
        <ActionButton intent="remove" fields={{ id: removing.id }} autoFocus>
          Remove
        </ActionButton>
        <CancelLink to={d.links.list} />
      </ButtonGroup>
    </section>
  );
}
