/** Words the tenant reads, shared between server and browser code. */
export const CSRF_REFUSED_MESSAGE =
  "This form could not be sent because it did not come from this site. Go back, reload the page and try again.";
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";
export const WRONG_CREDENTIALS_MESSAGE = "Wrong email or password";
