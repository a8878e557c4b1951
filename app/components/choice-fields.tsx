import type { FieldMetadata } from "@conform-to/react";
import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "./forms";

/**
 * Native radio buttons in a fieldset whose legend is the question; the error is tied to the
 * group. The error summary links to the first option (its id is the field's id).
 * `defaultValue` is chosen when the form holds no value yet.
 *
 * While no option is chosen, the group also carries a "Not chosen" radio, checked, with an empty
 * value, inside an element with the `hidden` attribute: graphical browsers and screen readers
 * never show or reach it, but text browsers (Lynx, w3m) ignore `hidden` and show it chosen. Lynx
 * otherwise shows a group with nothing checked as if its first option were chosen, and sends
 * that option: a tenant who skipped the question would never see its "… is required" message
 * (issue 24; docs/decisions/0039). Choosing any option unchecks it, as radios do.
 */
export function RadioGroup<Value extends string>({
  field,
  legend,
  options,
  defaultValue,
}: {
  field: FieldMetadata<Value | undefined>;
  legend: ReactNode;
  options: Array<{ value: Value; label: string }>;
  defaultValue?: Value;
}) {
  const invalid = Boolean(field.errors?.length);
  const preset = field.initialValue === undefined ? defaultValue : undefined;
  const chosen = field.initialValue ?? preset;
  const nothingChosen = !options.some((option) => option.value === chosen);
  return (
    <fieldset
      className={`field radio-group${invalid ? " field--error" : ""}`}
      aria-describedby={invalid ? field.errorId : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <FieldError field={field} />
      {nothingChosen ? (
        <div hidden>
          <input type="radio" name={field.name} form={field.formId} value="" defaultChecked id={`${field.id}-not-chosen`} />
          <label htmlFor={`${field.id}-not-chosen`}>Not chosen</label>
        </div>
      ) : null}
      {options.map((option, i) => {
        // No pattern or length: conform derives them from the schema, but HTML allows them on text inputs only.
        const {
          key,
          pattern: _pattern,
          maxLength: _maxLength,
          minLength: _minLength,
          ...props
        } = getInputProps(field, { type: "radio", value: option.value });
        const id = i === 0 ? field.id : `${field.id}-${option.value.toLowerCase()}`;
        return (
          <div className="radio" key={key ?? option.value}>
            <input
              {...props}
              {...(preset !== undefined ? { defaultChecked: preset === option.value } : {})}
              id={id}
              className="radio__input"
              aria-invalid={invalid ? true : undefined}
              aria-describedby={undefined}
            />
            <label className="radio__label" htmlFor={id}>
              {option.label}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * Native checkboxes in a fieldset whose legend is the question, for a question with several
 * answers ('Tick all that apply'): each box posts the field's name with its value. The error is
 * tied to the group, and the error summary links to the first box (its id is the field's id).
 */
export function CheckboxGroup<Value extends string>({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<Value[] | undefined>;
  legend: ReactNode;
  options: Array<{ value: Value; label: string }>;
}) {
  const invalid = Boolean(field.errors?.length);
  const boxes = getCollectionProps(field, { type: "checkbox", options: options.map((option) => option.value) });
  return (
    <fieldset
      className={`field checkbox-group${invalid ? " field--error" : ""}`}
      aria-describedby={invalid ? field.errorId : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <FieldError field={field} />
      {options.map((option, i) => {
        const { key, id: _id, "aria-describedby": _describedBy, "aria-invalid": _invalid, ...props } = boxes[i]!;
        const id = i === 0 ? field.id : `${field.id}-${option.value.toLowerCase()}`;
        return (
          <div className="checkbox" key={key ?? option.value}>
            <input {...props} id={id} className="checkbox__input" />
            <label className="checkbox__label checkbox__label--plain" htmlFor={id}>
              {option.label}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A labelled native textarea with its hint (a character count, say) and error tied to it. */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 5,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: ReactNode;
  rows?: number;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const errorId = field.errors?.length ? field.errorId : undefined;
  // No maxLength: the limit is told in the hint and checked on submit, so pasted text is never cut short unseen.
  const { key, maxLength: _limit, ...props } = getTextareaProps(field);
  return (
    <div className={`field${errorId ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId} aria-live="polite">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
      <textarea
        key={key}
        {...props}
        rows={rows}
        className="field__input field__input--textarea"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
    </div>
  );
}

/**
 * A one-of-several question as a native select whose first option, 'Select a reason' say, is
 * empty and chosen until the tenant picks one: every browser sends it empty, so 'nothing chosen'
 * reaches the schema's own message. Use it where skipping the question must be told apart from an
 * answer: a radio group with nothing ticked is not the same everywhere (Lynx, following HTML 2,
 * shows the first radio as chosen and sends it), issue 24 and the offer's rejection form.
 */
export function SelectField<Value extends string>({
  field,
  label,
  placeholder,
  options,
}: {
  field: FieldMetadata<Value | undefined>;
  label: string;
  placeholder: string;
  options: Array<{ value: Value; label: string }>;
}) {
  const errorId = field.errors?.length ? field.errorId : undefined;
  const { key, defaultValue, ...props } = getSelectProps(field);
  return (
    <div className={`field${errorId ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <FieldError field={field} />
      <select
        key={key}
        {...props}
        defaultValue={typeof defaultValue === "string" ? defaultValue : ""}
        className="field__input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
