import { data } from "react-router";
import { FORM_UNREADABLE_MESSAGE } from "./messages";

/** The hidden field by which a page's forms say which of them was posted (`<ActionButton intent>`, `<input name="intent">`). */
export const INTENT_FIELD = "intent";

/** The one answer to a post that names no form the page has: a 400 page, 'This form could not be read…'. */
export function formUnreadable(): never {
  throw data({ message: FORM_UNREADABLE_MESSAGE }, { status: 400 });
}

type Handlers = Record<string, () => unknown>;

/**
 * A page action with several forms: runs the handler of the intent the post names
 * (`dispatchIntent(form, { choose: () => …, remove: () => … })`). A missing or unknown intent
 * (a stale page, a hand-made post) gets the one answer, `formUnreadable()` — or, on a page that
 * shows the problem in place (beside an upload zone, in a form), what `unknown` makes of the same
 * words. `missing` names the handler a post without any intent goes to, where a page has one.
 */
export function dispatchIntent<H extends Handlers, U = never>(
  form: FormData,
  handlers: H,
  options: { missing?: keyof H & string; unknown?: (message: string) => U } = {},
): ReturnType<H[keyof H]> | U {
  const posted = form.get(INTENT_FIELD);
  const intent = posted === null ? options.missing : posted;
  if (typeof intent === "string" && Object.hasOwn(handlers, intent)) return handlers[intent]!() as ReturnType<H[keyof H]>;
  if (options.unknown) return options.unknown(FORM_UNREADABLE_MESSAGE);
  return formUnreadable();
}
