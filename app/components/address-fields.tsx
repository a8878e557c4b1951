import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { TextField } from "./forms";
import type { CountryOption } from "~/lib/countries";

type AddressFieldName = "buildingNumber" | "buildingName" | "flatNumber" | "street" | "town" | "county" | "postcode" | "country";

/**
 * The fields of an address typed in by hand (part 1 §5, part 2 §5: a building number or name, the
 * street, the postcode, the country), each labelled with its hint and error tied to it; the
 * country is a native select. For the checkout's address history and the payment plan's address,
 * whose forms keep their own schema, hidden fields and button.
 */
export function ManualAddressFields({
  fields,
  countries,
  defaultCountry,
  flatLabel,
}: {
  fields: { [K in AddressFieldName]: FieldMetadata<string | undefined> };
  countries: readonly CountryOption[];
  defaultCountry: string;
  flatLabel: string;
}) {
  const countryError = fields.country.errors?.length ? fields.country.errorId : undefined;
  const { key: countryKey, ...countryProps } = getSelectProps(fields.country);
  return (
    <>
      <TextField field={fields.buildingNumber} label="Building number" type="text" autoComplete="off" hint="Either a building number or a name" />
      <TextField field={fields.buildingName} label="Building name" type="text" autoComplete="off" />
      <TextField field={fields.flatNumber} label={flatLabel} type="text" autoComplete="off" />
      <TextField field={fields.street} label="Street" type="text" autoComplete="address-line1" />
      <TextField field={fields.town} label="Town or city (optional)" type="text" autoComplete="address-level2" />
      <TextField field={fields.county} label="County (optional)" type="text" autoComplete="address-level1" />
      <TextField field={fields.postcode} label="Postcode" type="text" autoComplete="postal-code" />
      <div className={`field${countryError ? " field--error" : ""}`}>
        <label className="field__label" htmlFor={fields.country.id}>
          Country
        </label>
        {countryError ? (
          <p className="field__error" id={countryError}>
            <span className="visually-hidden">Error: </span>
            {fields.country.errors?.join(". ")}
          </p>
        ) : null}
        <select
          key={countryKey}
          {...countryProps}
          defaultValue={fields.country.initialValue ?? defaultCountry}
          className="field__input"
          autoComplete="country"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError}
        >
          {countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
