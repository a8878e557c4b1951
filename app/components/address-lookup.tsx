import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { ButtonGroup } from "./button-group";
import { RadioGroup } from "./choice-fields";
import { AppForm } from "./forms";
import type { AddressChoice, PostcodeLookup } from "~/lib/address-lookup";


/** The search field's id: an error summary links to it. */
export const POSTCODE_SEARCH_ID = "postcode-search";

/**
 * The postcode look-up (part 1 §5, part 2 §5) of both address steps: a GET form, so the search
 * is a URL (`?postcode=…`) and works without script, labelled by the page's heading above it;
 * the look-up's failure above it, the search's own error on the field. `keep` carries the page's
 * other URL state into the search (the checkout's `?change`).
 */
export function PostcodeSearch({ lookup, labelledBy, keep = {} }: { lookup: PostcodeLookup; labelledBy: string; keep?: Record<string, string> }) {
  const errorId = lookup.postcodeError ? `${POSTCODE_SEARCH_ID}-error` : undefined;
  return (
    <>
      {lookup.lookupError ? (
        <p className="notice" role="alert">
          {lookup.lookupError}
        </p>
      ) : null}
      <Form method="get" role="search" aria-labelledby={labelledBy} className="postcode-search">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className={`field${errorId ? " field--error" : ""}`}>
          <label className="field__label" htmlFor={POSTCODE_SEARCH_ID}>
            Postcode
          </label>
          <p className="field__hint" id={`${POSTCODE_SEARCH_ID}-hint`}>
            For example, BS1 4DJ
          </p>
          {errorId ? (
            <p className="field__error" id={errorId}>
              <span className="visually-hidden">Error: </span>
              {lookup.postcodeError}
            </p>
          ) : null}
          <input
            id={POSTCODE_SEARCH_ID}
            name="postcode"
            type="text"
            className="field__input"
            autoComplete="postal-code"
            defaultValue={lookup.postcode ?? ""}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={[`${POSTCODE_SEARCH_ID}-hint`, errorId].filter(Boolean).join(" ")}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Find address
        </button>
      </Form>
    </>
  );
}

type AddressChoiceFormProps = Omit<ComponentProps<typeof AppForm>, "children"> & {
  /** The page's choice field (its schema spreads `addressChoiceShape`). */
  externalId: FieldMetadata<string | undefined>;
  postcode: string;
  results: AddressChoice[];
  /** The page's own fields about the chosen address (the dates at it), under the choices. */
  children?: ReactNode;
  /** Beside the button (the way to type the address instead): a control, listed with the button (a ButtonGroup). */
  after?: ReactNode;
};

/**
 * Choosing one of the addresses the search found (the spec's modal, a list on the page): the
 * choices as radios, posted as the `choose` intent with the postcode, so the action takes the
 * address from the look-up again (app/lib/address-lookup.server.ts saveChosenAddress).
 */
export function AddressChoiceForm({ externalId, postcode, results, children, after, ...form }: AddressChoiceFormProps) {
  const button = (
    <button type="submit" className="button">
      Use this address
    </button>
  );
  return (
    <AppForm {...form}>
      <input type="hidden" name="intent" value="choose" />
      <input type="hidden" name="postcode" value={postcode} />
      <RadioGroup field={externalId} legend={`Addresses at ${postcode}`} options={results} />
      {children}
      {after ? (
        <ButtonGroup className="form-actions">
          {button}
          {after}
        </ButtonGroup>
      ) : (
        button
      )}
    </AppForm>
  );
}
