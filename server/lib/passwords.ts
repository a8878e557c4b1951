import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * scrypt with N=2^15, r=8, p=1 (32 MiB, ~100 ms here); the parameters are stored with the hash so
 * they can be raised later. Under NODE_ENV=test only (the test suites' servers and vitest), N=2^10:
 * test tenants are made by the hundred, and the cost is not what those tests check. A hash made
 * either way verifies either way, since its parameters travel with it.
 */
const DEFAULT = { N: process.env.NODE_ENV === "test" ? 2 ** 10 : 2 ** 15, r: 8, p: 1, keylen: 32 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULT.keylen, {
    N: DEFAULT.N,
    r: DEFAULT.r,
    p: DEFAULT.p,
    maxmem: 128 * DEFAULT.N * DEFAULT.r * 2,
  });
  return ["scrypt", DEFAULT.N, DEFAULT.r, DEFAULT.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const N = Number(n);
  const key = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 128 * N * Number(r) * 2,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, so that a wrong email takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
