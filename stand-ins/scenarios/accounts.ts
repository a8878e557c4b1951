/**
 * Playing the back office for accounts: inviting a tenant (who then sets a password from
 * the e-mailed link) and requiring a tenant to choose a new password. Used by the tests,
 * the ops tools and the demo data; each writes real rows through the schema.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { readApiConfig } from "../../server/config";
import type { Database } from "../../server/db";
import { customers, passwordTokens, users } from "../../server/db/schema";
import { newId } from "../../server/lib/tokens";
import { sendSetPasswordLink } from "../../server/accounts/password-service";

const InviteInput = z.object({
  email: z.email().max(254),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});

export type InviteTenantInput = z.input<typeof InviteInput>;

/**
 * Invites a tenant: a user with no password yet and their customer record, a single-use
 * set-password token valid for 7 days, and the SET_PASSWORD e-mail with the link to the
 * 'Set Password' screen (/auth/set-password?token=…&email=…). Returns the token and link so
 * tests and demos can follow it. `appUrl` defaults to the configured APP_URL.
 */
export async function inviteTenant(
  db: Database,
  input: InviteTenantInput,
  now: Date,
  options: { appUrl?: string } = {},
): Promise<{ userId: string; customerId: string; email: string; token: string; link: string; emailId: string }> {
  const { email, firstName, lastName } = InviteInput.parse(input);
  const appUrl = options.appUrl ?? readApiConfig().appUrl;
  const userId = newId();
  const customerId = newId();
  const sent = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (existing) throw new Error(`A user with the email ${email} already exists`);
    await tx.insert(users).values({ id: userId, email, firstName, lastName, passwordHash: null, createdAt: now });
    await tx.insert(customers).values({ id: customerId, userId, createdAt: now });
    return sendSetPasswordLink(tx, { appUrl }, { id: userId, email, firstName }, now);
  });
  return { userId, customerId, email, ...sent };
}

/**
 * Requires a tenant to choose a new password: their next login answers requiresReset (the
 * 'Check Your Email' state) and e-mails them a reset link. Returns the user's id.
 */
export async function requirePasswordReset(db: Database, email: string): Promise<{ userId: string }> {
  const address = z.email().parse(email);
  const [user] = await db
    .update(users)
    .set({ requiresPasswordReset: true })
    .where(sql`lower(${users.email}) = ${address.toLowerCase()}`)
    .returning({ id: users.id });
  if (!user) throw new Error(`No user with the email ${address}`);
  return { userId: user.id };
}


/**
 * Ends a user's unused e-mailed password links (reset and set-password) now, as if their time
 * had run out: following one shows 'This link has expired'. Returns how many were ended.
 */
export async function expirePasswordLinks(db: Database, userId: string, now: Date): Promise<{ expired: number }> {
  const rows = await db
    .update(passwordTokens)
    .set({ expiresAt: new Date(now.getTime() - 1000) })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ id: passwordTokens.id });
  return { expired: rows.length };
}
