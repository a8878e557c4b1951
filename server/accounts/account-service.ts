/**
 * Writing the account (part 1 §3, §7): About You changes, the onboarding introduction and the
 * address history. Transactions and row locks live here; the routes validate and answer.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { ZodRealError } from "zod";
import type { Database } from "../db";
import { addresses, keyfreeOffers, paymentPlans, properties, users } from "../db/schema";
import { aboutYouErrors } from "#common/about-you";
import { londonDate } from "../domain/london-time";
import { notFound } from "../lib/errors";
import { newId } from "../lib/tokens";
import { addressView, type AddressView } from "./account.views";
import type { AddressInput } from "./account.schemas";

/**
 * Checks that need the clock cannot live in the zod schema: their problems are thrown as a
 * ZodError so the API answers them like every other validation failure (400, the first
 * problem in the message, each in `issues`).
 */
export function refuseInvalid(errors: Partial<Record<string, string>>) {
  const issues = Object.entries(errors).map(([path, message]) => ({
    code: "custom" as const,
    path: [path],
    message: message!,
    input: undefined,
  }));
  // ZodRealError, unlike `new ZodError()`, is an Error, so app.onError answers it.
  if (issues.length > 0) throw new ZodRealError(issues);
}

/** What an address row stores of the address a tenant gave: all of it but the form's id. */
function addressValues({ id: _id, ...values }: AddressInput) {
  return values;
}

/**
 * Takes addresses out of a user's history. An address something else still points at (a
 * payment plan's postal address, a property, an offer) is detached from the user rather
 * than deleted, so that record keeps its address.
 */
async function removeFromHistory(tx: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  // One after another: a transaction's one connection runs one query at a time.
  const plans = await tx.select({ id: paymentPlans.addressId }).from(paymentPlans).where(inArray(paymentPlans.addressId, ids));
  const props = await tx.select({ id: properties.addressId }).from(properties).where(inArray(properties.addressId, ids));
  const offers = await tx.select({ id: keyfreeOffers.addressId }).from(keyfreeOffers).where(inArray(keyfreeOffers.addressId, ids));
  const referenced = new Set([...plans, ...props, ...offers].map((r) => r.id).filter((id): id is string => id !== null));
  const detach = ids.filter((id) => referenced.has(id));
  const remove = ids.filter((id) => !referenced.has(id));
  if (detach.length > 0) {
    await tx
      .update(addresses)
      .set({ userId: null, currentlyAtAddress: false })
      .where(and(eq(addresses.userId, userId), inArray(addresses.id, detach)));
  }
  if (remove.length > 0) {
    await tx.delete(addresses).where(and(eq(addresses.userId, userId), inArray(addresses.id, remove)));
  }
}

/** A user by e-mail address, any case (the back office's lookup: the ops commands, the other parties); undefined when none. */
export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

export type UserChanges = { firstName?: string; lastName?: string; dob?: string; gender?: string; mobileNumber?: string };

/** Changes About You details: the rules that need the clock are checked here (400 like any validation). */
export async function updateUser(db: Database, userId: string, data: UserChanges, now: Date) {
  refuseInvalid(aboutYouErrors(data, londonDate(now), { partial: true }));
  await db
    .update(users)
    .set({
      ...(data.firstName !== undefined ? { firstName: data.firstName.trim() } : {}),
      ...(data.lastName !== undefined ? { lastName: data.lastName.trim() } : {}),
      ...(data.dob !== undefined ? { dob: data.dob.trim() } : {}),
      ...(data.gender !== undefined ? { gender: data.gender } : {}),
      ...(data.mobileNumber !== undefined ? { mobileNumber: data.mobileNumber.trim() } : {}),
    })
    .where(eq(users.id, userId));
}

/** Turns the tenant's text message notices on or off (issue 28, scope 4); e-mails always go. */
export async function setSmsNotices(db: Database, userId: string, on: boolean) {
  await db.update(users).set({ smsNotices: on }).where(eq(users.id, userId));
}

/** Records that the tenant has read the onboarding introduction (repeating it changes nothing). */
export async function completeOnboardingIntroduction(db: Database, userId: string) {
  await db.update(users).set({ onboardingIntroductionComplete: true }).where(eq(users.id, userId));
}

/** Adds an address to the history; a current address takes over from the current one. */
export async function addAddress(db: Database, userId: string, input: AddressInput, now: Date): Promise<AddressView> {
  const id = newId();
  const row = await db.transaction(async (tx) => {
    if (input.currentlyAtAddress) {
      // At most one current address: the new one takes over.
      await tx
        .update(addresses)
        .set({ currentlyAtAddress: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.currentlyAtAddress, true)));
    }
    const [created] = await tx
      .insert(addresses)
      .values({ ...addressValues(input), id, userId, createdAt: now })
      .returning();
    return created!;
  });
  return addressView(row);
}

/** Takes one address out of the tenant's history (not found when it is not theirs). */
export async function removeAddress(db: Database, userId: string, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .for("update");
    if (!row) throw notFound();
    await removeFromHistory(tx, userId, [row.id]);
  });
}

/** Replaces the address history with the given list: ids of this history are kept (updated), others are new. */
export async function replaceAddressHistory(db: Database, userId: string, list: AddressInput[], now: Date) {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .for("update");
    const own = new Set(existing.map((a) => a.id));
    // An id from this history keeps that address (updated); a temporary or unknown id makes a new one.
    const kept = new Set<string>();
    const writes: Array<{ id: string; input: AddressInput; isNew: boolean }> = list.map((input) => {
      if (input.id && own.has(input.id) && !kept.has(input.id)) {
        kept.add(input.id);
        return { id: input.id, input, isNew: false };
      }
      return { id: newId(), input, isNew: true };
    });
    await removeFromHistory(
      tx,
      userId,
      existing.map((a) => a.id).filter((id) => !kept.has(id)),
    );
    for (const w of writes) {
      if (w.isNew) {
        await tx.insert(addresses).values({ ...addressValues(w.input), id: w.id, userId, createdAt: now });
      } else {
        await tx
          .update(addresses)
          .set(addressValues(w.input))
          .where(and(eq(addresses.id, w.id), eq(addresses.userId, userId)));
      }
    }
  });
}
