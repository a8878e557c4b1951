import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "~/components/forms";
import { FREQUENCY_OPTIONS } from "./budget";

/**
 * One line of the budget: its amount in pounds (a text input: "150" or "150.50", checked by the
 * form's rule, never a spinner) and how often it is paid (a select, so one is always chosen: a
 * text browser never sends a frequency the tenant did not see). The amount's error is tied to it.
 */
export function BudgetLine({
  amount,
  frequency,
  label,
}: {
  amount: FieldMetadata<string | undefined>;
  frequency: FieldMetadata<string | undefined>;
  label: string;
}) {
  const errorId = amount.errors?.length ? amount.errorId : undefined;
  const { key, ...inputProps } = getInputProps(amount, { type: "text" });
  const { key: selectKey, defaultValue, ...selectProps } = getSelectProps(frequency);
  return (
    <div className={`field budget-line${errorId ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={amount.id}>
        {label}
      </label>
      <FieldError field={amount} />
      <div className="budget-line__inputs">
        <span className="budget-line__amount">
          <span className="budget-line__currency">£</span>
          <input
            key={key}
            {...inputProps}
            className="field__input budget-line__input"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
          />
        </span>
        <label className="budget-line__frequency-label" htmlFor={frequency.id}>
          How often<span className="visually-hidden"> ({label.toLowerCase()})</span>
        </label>
        <select
          key={selectKey}
          {...selectProps}
          defaultValue={typeof defaultValue === "string" && defaultValue ? defaultValue : "MONTHLY"}
          className="field__input budget-line__frequency"
        >
          {FREQUENCY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** A group of lines: a fieldset whose legend is the group (Home and contents), with its hint. */
export function BudgetGroup({ id, legend, hint, children }: { id: string; legend: string; hint: string | null; children: ReactNode }) {
  return (
    <fieldset className="budget-group" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="budget-group__legend">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
