import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` random characters of [0-9A-Za-z], as in Stripe's ids (rejection sampling: no bias). */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix = "cus" | "pm" | "pi" | "seti" | "ch" | "re" | "evt" | "req";

/** A Stripe-looking id: `pi_` and 24 characters (`req_` ids are 14, as Stripe's). */
export function newStripeId(prefix: IdPrefix): string {
  return `${prefix}_${randomAlphanumeric(prefix === "req" ? 14 : 24)}`;
}

/** `pi_…_secret_…` / `seti_…_secret_…`, Stripe's client secret form. */
export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomAlphanumeric(25)}`;
}

/** The intent id a client secret belongs to, or undefined when it is not one. */
export function intentIdOfClientSecret(clientSecret: string): string | undefined {
  const match = /^((?:pi|seti)_[0-9A-Za-z]+)_secret_[0-9A-Za-z]+$/.exec(clientSecret);
  return match?.[1];
}
