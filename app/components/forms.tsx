import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z, ZodType } from "zod";

import { withTextLimits } from "~/lib/text-rules";
import { CsrfInput } from "./action-button";

/**
 * Counts submit attempts, including the ones the browser's validation stops before they
 * reach the server, so the error summary can take focus after each failed attempt.
 */
export function useSubmitAttempts() {
  const [attempts, setAttempts] = useState(0);
  const countAttempt = useCallback(() => setAttempts((n) => n + 1), []);
  return { attempts, countAttempt };
}

export type SummaryError = { fieldId: string | undefined; message: string };

/** Every error of a form, in the order of its fields, the form's own errors first. */
export function collectErrors(form: FormMetadata<any>, fields: Array<FieldMetadata<any>>): SummaryError[] {
  const all: SummaryError[] = (form.errors ?? []).map((message) => ({ fieldId: undefined, message }));
  for (const field of fields) for (const message of field.errors ?? []) all.push({ fieldId: field.id, message });
  return all;
}

/**
 * 'There is a problem': each error a link to its field. Focus moves here when a submission
 * fails so the tenant hears what went wrong: `autofocus` on a page sent by the server (no
 * script needed), the effect after a submission on a hydrated page.
 */
export function ErrorSummary({ errors, focusKey }: { errors: SummaryError[]; focusKey?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
    // Focus when a new submission result arrives, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref} autoFocus>
      <h2 id="error-summary-title" className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {errors.map((e, i) => (
          <li key={`${e.fieldId ?? "form"}-${i}`}>{e.fieldId ? <a href={`#${e.fieldId}`}>{e.message}</a> : e.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** A field's error line, tied to it by id (`aria-describedby` names `field.errorId`); nothing when it has none. */
export function FieldError({ field }: { field: Pick<FieldMetadata<unknown>, "errors" | "errorId"> }) {
  if (!field.errors?.length) return null;
  return (
    <p className="field__error" id={field.errorId}>
      <span className="visually-hidden">Error: </span>
      {field.errors.join(". ")}
    </p>
  );
}

type TextFieldProps = {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: "text" | "email" | "password" | "tel" | "date";
  autoComplete: string;
  hint?: ReactNode;
  /** Passwords are never sent back to the page. */
  keepValue?: boolean;
  inputMode?: "text" | "email" | "numeric" | "tel";
  spellCheck?: boolean;
  /** Changing it gives a fresh, empty input (a password after a failed attempt). */
  resetKey?: string | number;
};

/** The input types that take a maxLength we set (HTML allows it on password too: see TextField). */
const LENGTH_LIMITED_TYPES = new Set(["text", "search", "url", "tel", "email"]);

/** A labelled native input with its hint and error tied to it by aria-describedby. */
export function TextField({ field, label, type, autoComplete, hint, keepValue = true, inputMode, spellCheck, resetKey }: TextFieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const errorId = field.errors?.length ? field.errorId : undefined;
  const { key, ...props } = getInputProps(field, { type, value: keepValue });
  // maxLength only where HTML allows it (text-like inputs: not a date or a number), and never on a
  // password: the browser would cut a long pasted password short without a word, and the tenant's
  // own password would then be refused; the schema's limit says so instead.
  const { maxLength: _maxLength, ...withoutLimit } = props;
  const inputProps = !type || LENGTH_LIMITED_TYPES.has(type) ? props : withoutLimit;
  return (
    <div className={`field${errorId ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
      <input
        key={`${key ?? ""}${resetKey ?? ""}`}
        {...inputProps}
        className={type === "date" ? "field__input field__input--date" : "field__input"}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
    </div>
  );
}

type FormReply = { result?: SubmissionResult<string[]>; attempt?: number } | undefined;

/**
 * The one form of every screen: conform + the screen's zod schema (the browser checks with the
 * same schema as the action), validated on blur and again on input, the error summary's list
 * and the focus key that moves focus to it after each failed attempt (the browser's own
 * refusals included). A screen declares its schema and fields, and renders <AppForm>.
 */
export function useAppForm<Schema extends ZodType>({
  id,
  schema,
  reply,
  fieldNames,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  /** The action's answer (from parseForm's reply), if any. */
  reply: FormReply;
  /** The fields in the order the summary lists them (the page's order). */
  fieldNames: ReadonlyArray<keyof z.input<Schema> & string>;
  /** What the fields start with (what the API already holds), before any submission. */
  defaultValue?: Partial<z.input<Schema>>;
}) {
  const navigation = useNavigation();
  const { attempts, countAttempt } = useSubmitAttempts();
  type Shape = z.input<Schema> & Record<string, unknown>;
  const [form, fields] = useForm<Shape, z.output<Schema>>({
    id,
    defaultValue: defaultValue as never,
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    constraint: withTextLimits(getZodConstraint(schema), schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const all = fields as unknown as Record<string, FieldMetadata<any>>;
  const errors = collectErrors(
    form,
    fieldNames.map((name) => all[name]!),
  );
  return { form, fields, errors, focusKey: `${attempts}:${reply?.attempt}`, countAttempt };
}

type AppFormProps = {
  form: FormMetadata<any>;
  errors: SummaryError[];
  focusKey: string;
  countAttempt: () => void;
  action?: string;
  children: ReactNode;
};

/** A post form with the CSRF field and, above it, 'There is a problem' (each error a link to its field). */
export function AppForm({ form, errors, focusKey, countAttempt, action, children }: AppFormProps) {
  const formProps = getFormProps(form);
  return (
    <>
      <ErrorSummary errors={errors} focusKey={focusKey} />
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          countAttempt();
        }}
        action={action}
      >
        <CsrfInput />
        {children}
      </Form>
    </>
  );
}
