/**
 * Support needs and someone to help (issue 36, scope 5; docs/decisions/0050): the writes.
 *
 * - Support needs are kept only with the tenant's consent (the request must say so) and deleted,
 *   the row removed, when they withdraw it.
 * - One helper at a time: adding one while another is waiting or confirmed is refused (409); one
 *   whose link ran out unused is replaced. The helper confirms by a link (a token of which only
 *   the SHA-256 is kept) that works once for HELPER_LINK_DAYS days. From then on every e-mail to
 *   the tenant is copied to them (lib/mail.ts); removing them takes effect at once: their unsent
 *   copies are deleted in the same transaction, and delivery re-checks (lib/mail-delivery.ts).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { SUPPORT_HELPER_MESSAGES, SUPPORT_NEED_CODES, SUPPORT_NEED_LABELS, type HelperRelationship, type SupportNeedCode } from "#common/support-needs";
import type { Deps } from "../context";
import type { Database } from "../db";
import { outboxEmails, supportHelpers, supportNeeds, users } from "../db/schema";
import { HELPER_LINK_TTL_MS, helperConfirmEmail, helperLinkState, helperRemovedEmail, helperStatus } from "../domain/support-needs";
import { appLink } from "../lib/app-url";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import { queueEmail } from "../lib/mail";
import { hashToken, newId, newSecretToken } from "../lib/tokens";
import { currentHelper, linkMessage, supportNeedsView } from "./views";

type Db = Pick<Deps, "db" | "clock">;

/** The page a helper confirms on (the web's /helper/confirm?token=…, no sign-in). */
export function helperConfirmLink(token: string): string {
  return appLink(`/helper/confirm?${new URLSearchParams({ token }).toString()}`);
}

/** Records (or replaces) what the tenant told us, with the consent the request gave. */
export async function saveSupportNeeds(deps: Db, userId: string, input: { needs: readonly SupportNeedCode[]; details?: string | null }) {
  const now = deps.clock.now();
  const needs = SUPPORT_NEED_CODES.filter((code) => input.needs.includes(code));
  const details = input.details?.trim() || null;
  await deps.db
    .insert(supportNeeds)
    .values({ userId, needs, details, consentedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: supportNeeds.userId, set: { needs, details, consentedAt: now, updatedAt: now } });
  log.info("support needs saved", { userId });
  return supportNeedsView(deps.db, userId, now);
}

/** Withdraws consent: the record is deleted (not flagged). Nothing recorded is not an error. */
export async function withdrawSupportNeeds(deps: Db, userId: string) {
  await deps.db.delete(supportNeeds).where(eq(supportNeeds.userId, userId));
  log.info("support needs withdrawn", { userId });
  return supportNeedsView(deps.db, userId, deps.clock.now());
}

/** Locks the tenant's user row: one change to their helper at a time (two adds at once cannot both pass the check). */
async function lockedTenant(tx: Pick<Database, "select">, userId: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw new ApiError(404, "Not found");
  return user;
}

/**
 * Adds the person who helps the tenant and e-mails them the link to confirm. Refused while
 * another is waiting to confirm or confirmed; one whose link ran out unused is replaced.
 */
export async function addSupportHelper(deps: Db, userId: string, input: { name: string; email: string; relationship: HelperRelationship }) {
  const now = deps.clock.now();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + HELPER_LINK_TTL_MS);
  await deps.db.transaction(async (tx) => {
    const tenant = await lockedTenant(tx, userId);
    if (tenant.email.trim().toLowerCase() === input.email.trim().toLowerCase()) throw new ApiError(400, SUPPORT_HELPER_MESSAGES.ownEmail);
    const existing = await currentHelper(tx, userId);
    if (existing) {
      if (helperStatus(existing, now) !== "EXPIRED") throw new ApiError(409, SUPPORT_HELPER_MESSAGES.alreadyOne);
      await tx.update(supportHelpers).set({ removedAt: now }).where(eq(supportHelpers.id, existing.id));
    }
    const helperId = newId();
    await tx.insert(supportHelpers).values({
      id: helperId,
      userId,
      name: input.name.trim(),
      email: input.email.trim(),
      relationship: input.relationship,
      tokenHash: hashToken(token),
      tokenExpiresAt: expiresAt,
      createdAt: now,
    });
    const email = helperConfirmEmail({ name: input.name.trim() }, tenant, helperConfirmLink(token), expiresAt);
    await queueEmail(tx, { to: input.email.trim(), template: "SUPPORT_HELPER_CONFIRM", subject: email.subject, text: email.text }, now);
    log.info("support helper added", { userId, supportHelperId: helperId });
  });
  return supportNeedsView(deps.db, userId, now);
}

/**
 * Removes the tenant's helper at once: marked removed, their unsent copies deleted (a delivery
 * sending one just now finishes first: the delete waits for its row lock), and, if they had
 * confirmed, told by e-mail that they will get no more copies. Nobody to remove is not an error.
 */
export async function removeSupportHelper(deps: Db, userId: string): Promise<{ removed: { name: string; told: boolean } | null }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tenant = await lockedTenant(tx, userId);
    const helper = await currentHelper(tx, userId);
    if (!helper) return { removed: null };
    const confirmed = helperStatus(helper, now) === "CONFIRMED";
    await tx.update(supportHelpers).set({ removedAt: now }).where(eq(supportHelpers.id, helper.id));
    const withdrawn = await tx
      .delete(outboxEmails)
      .where(and(eq(outboxEmails.supportHelperId, helper.id), isNull(outboxEmails.sentAt)))
      .returning({ id: outboxEmails.id });
    if (confirmed) {
      const email = helperRemovedEmail(helper, tenant);
      await queueEmail(tx, { to: helper.email, template: "SUPPORT_HELPER_REMOVED", subject: email.subject, text: email.text }, now);
    }
    log.info("support helper removed", { userId, supportHelperId: helper.id, unsentCopiesWithdrawn: withdrawn.length, told: confirmed });
    return { removed: { name: helper.name, told: confirmed } };
  });
}

/**
 * The helper confirms through their link: once, before it expires, and not after the tenant
 * removed them. The row is claimed under its lock, so a double submit finds it used.
 */
export async function confirmSupportHelper(deps: Db, token: string): Promise<{ tenantFirstName: string }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ helper: supportHelpers, tenantFirstName: users.firstName })
      .from(supportHelpers)
      .innerJoin(users, eq(users.id, supportHelpers.userId))
      .where(eq(supportHelpers.tokenHash, hashToken(token)))
      .for("update", { of: supportHelpers });
    const state = helperLinkState(row?.helper, now);
    if (state !== "USABLE" || !row) throw new ApiError(400, linkMessage(state)!);
    await tx.update(supportHelpers).set({ confirmedAt: now }).where(eq(supportHelpers.id, row.helper.id));
    log.info("support helper confirmed", { userId: row.helper.userId, supportHelperId: row.helper.id });
    return { tenantFirstName: row.tenantFirstName };
  });
}

/**
 * The back office's view (ops `support-needs --email`): what the tenant recorded, in words, and
 * who helps them, with the helpers they removed. Only the team that supports tenants runs it.
 */
export async function supportNeedsForBackOffice(deps: Db, email: string) {
  const [user] = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!user) throw new ApiError(404, `No user with the email ${email}`);
  const now = deps.clock.now();
  const [view, helpers] = await Promise.all([
    supportNeedsView(deps.db, user.id, now),
    deps.db.select().from(supportHelpers).where(eq(supportHelpers.userId, user.id)).orderBy(supportHelpers.createdAt),
  ]);
  return {
    tenant: user,
    needs: view.needs
      ? {
          recorded: view.needs.codes.map((code) => SUPPORT_NEED_LABELS[code]),
          details: view.needs.details,
          consentedAt: view.needs.consentedAt,
          updatedAt: view.needs.updatedAt,
        }
      : "Nothing recorded",
    emailOnly: view.emailOnly,
    helper: view.helper ?? "Nobody",
    helperHistory: helpers.map((h) => ({
      name: h.name,
      email: h.email,
      relationship: h.relationship,
      status: helperStatus(h, now),
      addedAt: h.createdAt.toISOString(),
      confirmedAt: h.confirmedAt?.toISOString() ?? null,
      removedAt: h.removedAt?.toISOString() ?? null,
    })),
  };
}
