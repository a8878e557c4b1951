/** The accounts area's door (decision 0054): what the clock's sweeper clears of sign-in records. */
export { deleteOldSignInFailures } from "./auth-service";
export { deleteOldPasswordResetRequests } from "./password-service";
export { deleteExpiredUsedIdTokens } from "./identity-service";
