import { eq } from "drizzle-orm";
import type { Database } from "../../server/db";
import { accessTokens, customers, users } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/passwords";
import { newId } from "../../server/lib/tokens";

export const DEMO_PASSWORD = "Keyfree-demo-1";

export type NewTenant = {
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
  requiresPasswordReset?: boolean;
  hasDuplicatePaymentMethod?: boolean;
  requiresNewPaymentMethod?: boolean;
};

/** A tenant: a user and their customer record. */
export async function createTenant(db: Database, input: NewTenant) {
  const userId = newId();
  const customerId = newId();
  const passwordHash = await hashPassword(input.password ?? DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      requiresPasswordReset: input.requiresPasswordReset ?? false,
    });
    await tx.insert(customers).values({
      id: customerId,
      userId,
      hasDuplicatePaymentMethod: input.hasDuplicatePaymentMethod ?? false,
      requiresNewPaymentMethod: input.requiresNewPaymentMethod ?? false,
    });
  });
  return { userId, customerId, email: input.email };
}

/** Make every token of a user expire now (as if they had been away too long). */
export async function expireAccessTokens(db: Database, userId: string, now: Date) {
  await db
    .update(accessTokens)
    .set({ expiresAt: new Date(now.getTime() - 1000) })
    .where(eq(accessTokens.userId, userId));
}
