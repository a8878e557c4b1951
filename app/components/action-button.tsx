import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfInput } from "./csrf-input";

export type ActionButtonProps = {
  /** The button's text. */
  children: ReactNode;
  /** The route whose action takes the post; the page's own by default. */
  action?: string;
  /** Which of the page's forms this is (the hidden `intent` the action's dispatchIntent reads). */
  intent?: string;
  /** Other hidden fields the post carries. */
  fields?: Record<string, string>;
  /** The form's class. */
  className?: string;
  /** The button's class: the primary button by default. */
  buttonClassName?: string;
  /** A full page load even where the page runs script (a page whose next page must load afresh). */
  reloadDocument?: boolean;
  /** The button's id (an error summary's link to it). */
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** The id of what describes the button (a hint). */
  describedBy?: string;
  /** Inside the form, before the button (a hint) and after it (a Cancel link, a hint). */
  before?: ReactNode;
  after?: ReactNode;
};

/**
 * A one-button post: the form (method post), the session's CSRF field, the intent and hidden
 * fields, and the button. A route module never places the CSRF field by hand: a form with
 * fields is `<AppForm>` (app/components/forms.tsx), a form that is only a button is this
 * (tests/unit/csrf-field.test.ts keeps it so).
 */
export function ActionButton({
  children,
  action,
  intent,
  fields = {},
  className,
  buttonClassName = "button",
  reloadDocument,
  id,
  autoFocus,
  disabled,
  describedBy,
  before,
  after,
}: ActionButtonProps) {
  return (
    <Form method="post" action={action} className={className} reloadDocument={reloadDocument}>
      <CsrfInput />
      {intent !== undefined ? <input type="hidden" name="intent" value={intent} /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {before}
      <button type="submit" id={id} className={buttonClassName} autoFocus={autoFocus} disabled={disabled} aria-describedby={describedBy}>
        {children}
      </button>
      {after}
    </Form>
  );
}
