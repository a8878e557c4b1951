/**
 * The About You rules (part 1 §5) live in common/about-you.ts, which the web's form reads too;
 * the API checks the same rules (checkout's aboutYou, the accounts' updateUser).
 */
export * from "../../common/about-you";
