/**
 * The new-password rule (part 1 §5) lives in common/passwords.ts, which the web's forms read
 * too; the API checks it with its list of common passwords (server/lib/common-passwords.ts).
 */
export * from "../../common/passwords";
