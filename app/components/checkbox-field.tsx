import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "./forms";

/**
 * A native checkbox with its label, for a box the tenant must tick (an acknowledgement,
 * 'Accept terms'): its hint and error are tied to the input with aria-describedby, like
 * TextField's. Works with useAppForm: the schema's field is a boolean ("on" when ticked),
 * and a box the server refused comes back unticked with its message above it.
 */
export function CheckboxField({
  field,
  label,
  hint,
  plainLabel = false,
}: {
  field: FieldMetadata<boolean | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  /** A sentence to read rather than a short label: shown in the body's weight. */
  plainLabel?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const errorId = field.errors?.length ? field.errorId : undefined;
  // No `required`: a refused box is explained by the page's own message, not the browser's.
  const { key, required: _required, ...inputProps } = getInputProps(field, { type: "checkbox" });
  return (
    <div className={`field checkbox-field${errorId ? " field--error" : ""}`}>
      <FieldError field={field} />
      <div className="checkbox">
        <input
          key={key}
          {...inputProps}
          className="checkbox__input"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        />
        <label htmlFor={field.id} className={`checkbox__label${plainLabel ? " checkbox__label--plain" : ""}`}>
          {label}
        </label>
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
