import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The most common passwords (about 49,000, most common first, lower case): the password list
 * zxcvbn-ts ships (@zxcvbn-ts/language-common, MIT), gathered from leaked password sets. It is
 * part of the package, so the check works offline. Built once, on first use.
 */
let list: ReadonlySet<string> | undefined;
export function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  return list;
}
