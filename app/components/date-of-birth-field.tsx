import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "./forms";

type Part = FieldMetadata<string | undefined>;

const PARTS = [
  { key: "day", label: "Day", autoComplete: "bday-day", width: 2 },
  { key: "month", label: "Month", autoComplete: "bday-month", width: 2 },
  { key: "year", label: "Year", autoComplete: "bday-year", width: 4 },
] as const;

/**
 * A date of birth as three numeric fields (day, month, year) in a fieldset whose legend is the
 * question (GOV.UK's date input). Each part has its label, `inputmode=numeric` and its
 * `bday-*` autocomplete; its own error, and the whole date's (`whole`: 'Date cannot be in the
 * future'), are tied to it by aria-describedby. The error summary links to the first part in
 * error (`summaryTarget`). Another date a tenant types in three fields (a Breathing Space's start)
 * uses it with `notBirthday`: no `bday-*` autocomplete.
 */
export function DateOfBirthField({
  legend,
  hint,
  day,
  month,
  year,
  whole,
  notBirthday = false,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  day: Part;
  month: Part;
  year: Part;
  whole: Part;
  notBirthday?: boolean;
}) {
  const parts = { day, month, year };
  const hintId = hint ? `${day.id}-hint` : undefined;
  const wholeError = whole.errors?.length ? whole.errorId : undefined;
  const invalid = wholeError || PARTS.some((p) => parts[p.key].errors?.length);
  return (
    <fieldset className={`field date-fields${invalid ? " field--error" : ""}`} aria-describedby={hintId}>
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {PARTS.map(({ key }) => (
        <FieldError key={key} field={parts[key]} />
      ))}
      <FieldError field={whole} />
      <div className="date-fields__row">
        {PARTS.map(({ key, label, autoComplete, width }) => {
          const field = parts[key];
          const errorId = field.errors?.length ? field.errorId : undefined;
          const { key: inputKey, ...props } = getInputProps(field, { type: "text" });
          return (
            <div className="date-fields__part" key={key}>
              <label className="date-fields__label" htmlFor={field.id}>
                {label}
              </label>
              <input
                key={inputKey}
                {...props}
                className={`field__input date-fields__input date-fields__input--${width}`}
                inputMode="numeric"
                autoComplete={notBirthday ? "off" : autoComplete}
                spellCheck={false}
                aria-invalid={errorId || wholeError ? true : undefined}
                aria-describedby={[errorId, wholeError].filter(Boolean).join(" ") || undefined}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
