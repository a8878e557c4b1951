import type { ApiConfig } from "../config";
import type { Database } from "../db";
import { accessTokens, userEvents } from "../db/schema";
import { hashToken, newId, newSecretToken } from "./tokens";

/**
 * Signs a user in: a new random bearer token (only its SHA-256 is stored) that expires after
 * the configured time, and a LOGIN event. Returns the token. Shared by login and setPassword.
 */
export async function issueAccessToken(
  db: Pick<Database, "insert">,
  config: Pick<ApiConfig, "accessTokenTtlSeconds">,
  userId: string,
  now: Date,
): Promise<string> {
  const token = newSecretToken();
  await db.insert(accessTokens).values({
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + config.accessTokenTtlSeconds * 1000),
  });
  await db.insert(userEvents).values({ id: newId(), userId, type: "LOGIN", createdAt: now });
  return token;
}
