/** Words the tenant reads, shared between server and browser code. */
export const CSRF_REFUSED_MESSAGE =
  "This form could not be sent because it did not come from this site. Go back, reload the page and try again.";
/** A post that is not the form it claims to be (unreadable, or naming no form the page has): a 400. */
export const FORM_UNREADABLE_MESSAGE = "This form could not be read. Go back, reload the page and try again.";
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";
export const WRONG_CREDENTIALS_MESSAGE = "Wrong email or password";
/** An API call failed on our side (5xx, or the API could not be reached): the tenant may simply try again. */
export const API_FAILURE_MESSAGE = "Something went wrong. Please try again.";
/** Part 2 §8: the payment plan's steps (a failed call, a card step with no message of its own). */
export const PLAN_FAILURE_MESSAGE = "Something went wrong";
