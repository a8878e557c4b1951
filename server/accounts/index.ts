/** The accounts area's door (decision 0054): what the clock's sweeper clears of sign-in records, and the closure requests it does (issue 40). */
export { deleteOldSignInFailures } from "./auth-service";
export { deleteOldPasswordResetRequests } from "./password-service";
export { deleteExpiredUsedIdTokens } from "./identity-service";
export { closeRequestedAccounts, pendingClosureRequests, stillOpenFor } from "./closure-service";
