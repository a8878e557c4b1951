import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Form, useRouteLoaderData } from "react-router";

/**
 * The session's CSRF token as a hidden field: every state-changing form carries it. Placed by
 * <ActionButton> below, <AppForm> (forms.tsx) and the upload zone's plain form, never by a route
 * module (tests/unit/csrf-field.test.ts). In this small module, with the one-button form, so the
 * header's logout does not bring the form library to every hydrating page, and a page pays for
 * one small chunk for both.
 */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as { csrf: string } | undefined;
  const token = root?.csrf ?? "";
  // Uncontrolled, and new when the token changes: React never rewrites it behind the form's back.
  return <input key={token} type="hidden" name="csrf" defaultValue={token} />;
}

export type ActionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className"> & {
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
  /**
   * Inside the form, before and after the button: a hint (a block, such as a `<p>`). A control
   * beside the button (Cancel) is not put here: both go in a <ButtonGroup> (button-group.tsx), so
   * that without styles their names are not run together (issue 24).
   */
  before?: ReactNode;
  after?: ReactNode;
};

/**
 * A one-button post: the form (method post), the session's CSRF field, the intent and hidden
 * fields, and the button (its text as children; `id`, `autoFocus`, `disabled`,
 * `aria-describedby` go to it). A route module never places the CSRF field by hand: a form with
 * fields is `<AppForm>` (app/components/forms.tsx), a form that is only a button is this
 * (tests/unit/csrf-field.test.ts keeps it so). Kept small: it is in every page's script.
 */
export function ActionButton({ action, intent, fields, className, buttonClassName = "button", reloadDocument, before, after, ...button }: ActionButtonProps) {
  return (
    <Form method="post" action={action} className={className} reloadDocument={reloadDocument}>
      <CsrfInput />
      {Object.entries({ intent, ...fields }).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {before}
      <button type="submit" className={buttonClassName} {...button} />
      {after}
    </Form>
  );
}
