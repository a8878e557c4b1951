import type { UNSAFE_DataWithResponseInit } from "react-router";
import { normalisePostcode } from "#common/addresses";
import { CHOOSE_ADDRESS_MESSAGE, searchSchema, type PostcodeLookup } from "./address-lookup";
import { ApiFailure, type Api } from "./api.server";
import type { components } from "./api/schema";
import { addressLine } from "./format";
import type { FormReply } from "./forms.server";

/** An address the look-up found, as the API gives it. */
export type FoundAddress = components["schemas"]["AddressLookupResult"];

/** What the tenant reads when the look-up fails: the provider's own message (502), or the page's words. */
function lookupFailure(error: ApiFailure, failureMessage: (error: ApiFailure) => string): string {
  return error.status === 502 ? error.message : failureMessage(error);
}

/**
 * The page's postcode look-up (part 1 §5, part 2 §5): the search is a GET form, so its state is
 * the URL's `?postcode=`. A postcode the API refuses finds nothing; a failure says so, in
 * `failureMessage`'s words unless the provider gave its own.
 */
export async function lookUpPostcode(api: Api, url: URL, failureMessage: (error: ApiFailure) => string): Promise<PostcodeLookup> {
  const none: PostcodeLookup = { postcode: null, postcodeError: null, results: null, lookupError: null };
  if (!url.searchParams.has("postcode")) return none;
  const given = url.searchParams.get("postcode") ?? "";
  const search = searchSchema.safeParse({ postcode: given });
  const postcode = given.trim() === "" ? null : normalisePostcode(given);
  if (!search.success) return { ...none, postcode, postcodeError: search.error.issues[0]?.message ?? null };
  try {
    const found = await api.GET("/addresses/lookup", { params: { query: { postcode: search.data.postcode } } });
    return { ...none, postcode, results: found.addresses.map((a) => ({ value: a.externalId, label: `${addressLine(a)}, ${a.postcode}` })) };
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    if (error.status === 400) return { ...none, postcode, results: [] };
    return { ...none, postcode, lookupError: lookupFailure(error, failureMessage) };
  }
}

type ChoiceForm = {
  value: { postcode: string; externalId: string };
  reply: (extra?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => UNSAFE_DataWithResponseInit<FormReply>;
};

/**
 * The address the tenant chose (`addressChoiceShape`'s form, parsed), saved by `save`: the
 * postcode is searched again and the address is the look-up's, never what the browser sent.
 * Null once saved; otherwise the form's answer: 'Choose an address' when it is not among those
 * found, or the failure in `failureMessage`'s words unless the provider gave its own.
 */
export async function saveChosenAddress(
  api: Api,
  form: ChoiceForm,
  save: (address: FoundAddress) => Promise<unknown>,
  failureMessage: (error: ApiFailure) => string,
): Promise<UNSAFE_DataWithResponseInit<FormReply> | null> {
  try {
    const found = await api.GET("/addresses/lookup", { params: { query: { postcode: form.value.postcode } } });
    const chosen = found.addresses.find((a) => a.externalId === form.value.externalId);
    if (!chosen) return form.reply({ fieldErrors: { externalId: [CHOOSE_ADDRESS_MESSAGE] } });
    await save(chosen);
    return null;
  } catch (error) {
    if (error instanceof ApiFailure) return form.reply({ formErrors: [lookupFailure(error, failureMessage)] });
    throw error;
  }
}
