/**
 * The embedded development identity provider's shared state (issue 25): its storage and its
 * keys live in the database, not in one process's memory, so two instances behind one load
 * balancer carry on each other's sign-ins (an interaction started on one, its login posted to
 * the other, the code exchanged at either). Development and tests only: the provider is never
 * mounted in production. Its storage: adapter.ts. This module loads no part of oidc-provider,
 * so the sweep can use it in every API process.
 */
import { randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Database } from "../../server/db";
import { appSettings } from "../../server/db/schema";
import { devIdpRecords } from "../db/schema";

/** Records past their expiry (the machine's time, as oidc-provider judges it): the sweep deletes them. */
export async function deleteExpiredDevIdpRecords(deps: { db: Database }, machineNow: Date): Promise<number> {
  // A stand-in's table: absent where no stand-in is in use (production with real keys, decision 0052).
  const found = await deps.db.execute(sql`select to_regclass('dev_idp_records') is not null as present`);
  if (!(found as { rows: { present: boolean }[] }).rows[0]?.present) return 0;
  const gone = await deps.db.delete(devIdpRecords).where(lt(devIdpRecords.expiresAt, machineNow)).returning({ id: devIdpRecords.id });
  return gone.length;
}

/** The provider's keys and its one client's secret, the same for every instance on this database. */
export type DevIdpSecrets = {
  /** The private key ID tokens are signed with (its public half is published at the provider's jwks_uri). */
  signingKey: JWK;
  /** The keys its cookies (the interaction and the session at the provider) are signed with. */
  cookieKeys: string[];
  /** The web app's client secret (the host hands it to the web app as DEV_IDP_CLIENT_SECRET). */
  clientSecret: string;
};

const SETTINGS_KEY = "devIdentityProvider";

function isSecrets(value: unknown): value is DevIdpSecrets {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.clientSecret === "string" &&
    Array.isArray(v.cookieKeys) &&
    v.cookieKeys.length > 0 &&
    v.cookieKeys.every((k) => typeof k === "string") &&
    typeof v.signingKey === "object" &&
    v.signingKey !== null &&
    typeof (v.signingKey as JWK).d === "string"
  );
}

async function readSecrets(db: Database): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTINGS_KEY)).limit(1);
  return row?.value;
}

/**
 * The provider's keys and client secret: made by the first instance to start on this database
 * and read by every other. Two instances starting at once both make a set, both insert it with
 * ON CONFLICT DO NOTHING (the primary key lets one in), then both read back the one that won, so
 * no instance ever signs with a key the others do not publish.
 */
export async function devIdpSecrets(db: Database): Promise<DevIdpSecrets> {
  const existing = await readSecrets(db);
  if (isSecrets(existing)) return existing;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const made: DevIdpSecrets = {
    signingKey: { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" },
    cookieKeys: [randomBytes(32).toString("base64url")],
    clientSecret: randomBytes(32).toString("base64url"),
  };
  await db.insert(appSettings).values({ key: SETTINGS_KEY, value: made, updatedAt: new Date() }).onConflictDoNothing();
  const stored = await readSecrets(db);
  if (!isSecrets(stored)) {
    throw new Error(`The development identity provider's keys in app_settings (key ${SETTINGS_KEY}) are unreadable: delete that row and start again.`);
  }
  return stored;
}
