/**
 * Keyfree offers (part 2 §2 offer pages, §3 {product}Offer, §4, §5): an agent's offer with
 * a token per recipient, read and answered without login. The service owns the
 * transactions and row locks; what may happen is decided in domain/keyfree-offers.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db";
import { addresses, keyfreeOfferRecipients, keyfreeOffers, organizations } from "../db/schema";
import { ANNUAL_FEE_PENCE } from "../domain/fees";
import { decideOfferChoice, decideRejectionReason } from "../domain/keyfree-offers";
import { PRODUCT_NAME } from "#common/product";
import { normaliseOfferChoice, type OfferChoice, type RejectionReason } from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { queueEmail } from "../lib/mail";
import { hashToken, newId, newSecretToken } from "../lib/tokens";
import { plainPounds } from "#common/wording";
import { appUrl } from "../payment-plans";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const asChoice = (value: string | null): OfferChoice | null => (value === null ? null : normaliseOfferChoice(value));

// ── Reading an offer through a recipient's token ────────────────────────────

/** The offer and the recipient the token belongs to; 404 unless the token is a recipient's of this offer. */
async function offerForToken(db: Database | Tx, keyfreeOfferId: string, token: string, forUpdate = false) {
  const offerQuery = db.select().from(keyfreeOffers).where(eq(keyfreeOffers.id, keyfreeOfferId)).limit(1);
  const recipientQuery = db
    .select()
    .from(keyfreeOfferRecipients)
    .where(and(eq(keyfreeOfferRecipients.keyfreeOfferId, keyfreeOfferId), eq(keyfreeOfferRecipients.tokenHash, hashToken(token))))
    .limit(1);
  const [recipient] = forUpdate ? await recipientQuery.for("update") : await recipientQuery;
  if (!recipient) throw notFound();
  const [offer] = forUpdate ? await offerQuery.for("update") : await offerQuery;
  if (!offer) throw notFound();
  return { offer, recipient };
}

/** The offer as the token's recipient sees it: the offer, its address and the recipient (404 for any other token). */
export async function readOfferForRecipient(db: Database, keyfreeOfferId: string, token: string) {
  const { offer, recipient } = await offerForToken(db, keyfreeOfferId, token);
  const [address] = await db.select().from(addresses).where(eq(addresses.id, offer.addressId)).limit(1);
  if (!address) throw notFound();
  return { offer, recipient, address, annualFeePence: ANNUAL_FEE_PENCE };
}
export type OfferForRecipient = Awaited<ReturnType<typeof readOfferForRecipient>>;

/**
 * Records the recipient's choice (part 2 §4: final for the tenancy, not changed by
 * co-tenants). The offer's row is held while deciding, so two tenants choosing at once
 * cannot both win; the same recipient sending the same choice again is answered the same.
 */
export async function respondToOffer(db: Database, input: { keyfreeOfferId: string; token: string; choice: OfferChoice }, now: Date) {
  return db.transaction(async (tx) => {
    const { offer, recipient } = await offerForToken(tx, input.keyfreeOfferId, input.token, true);
    const decision = decideOfferChoice({ offerChoice: asChoice(offer.choice), recipientChoice: asChoice(recipient.choice) }, input.choice);
    if (decision.kind === "refuse") throw new ApiError(409, decision.message);
    if (decision.kind === "repeat") return { choice: input.choice, chosenAt: offer.chosenAt ?? now };
    await tx.update(keyfreeOffers).set({ choice: input.choice, chosenAt: now }).where(eq(keyfreeOffers.id, offer.id));
    await tx.update(keyfreeOfferRecipients).set({ choice: input.choice, chosenAt: now }).where(eq(keyfreeOfferRecipients.id, recipient.id));
    return { choice: input.choice, chosenAt: now };
  });
}

/** Records why a recipient who chose a cash deposit did not choose Keyfree (once; an identical repeat is fine). */
export async function addRejectionReason(
  db: Database,
  input: { keyfreeOfferId: string; token: string; rejectionReason: RejectionReason; customRejectionReason?: string | null },
) {
  const details = input.customRejectionReason?.trim() ? input.customRejectionReason.trim() : null;
  const reason = { rejectionReason: input.rejectionReason, customRejectionReason: details };
  await db.transaction(async (tx) => {
    const { recipient } = await offerForToken(tx, input.keyfreeOfferId, input.token, true);
    const decision = decideRejectionReason(
      {
        recipientChoice: asChoice(recipient.choice),
        given:
          recipient.rejectionReason === null
            ? null
            : { rejectionReason: recipient.rejectionReason, customRejectionReason: recipient.customRejectionReason },
      },
      reason,
    );
    if (decision.kind === "refuse") throw new ApiError(409, decision.message);
    if (decision.kind === "record") {
      await tx.update(keyfreeOfferRecipients).set(reason).where(eq(keyfreeOfferRecipients.id, recipient.id));
    }
  });
  return reason;
}

// ── Making an offer (the agent's side: ops and the demo call this) ──────────

/** A token given by the caller (the demo prints fixed ones): URL-safe, long enough not to be guessed. */
export const GivenToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,200}$/, "A token must be 16 to 200 letters, digits, '-' or '_'");

const Pence = z.number().int().min(0);
const Text = z.string().trim().min(1).nullish();

const OfferAddressInput = z.object({
  buildingName: Text,
  flatNumber: Text,
  buildingNumber: Text,
  street: z.string().trim().min(1),
  subStreet: Text,
  town: Text,
  county: Text,
  postcode: z.string().trim().min(1),
  country: z.string().trim().min(2).max(3).default("GBR"),
});

const KeyfreeOfferInput = z.object({
  /** A fixed id (the demo prints a fixed link); a new one otherwise. */
  id: z.string().min(1).optional(),
  address: OfferAddressInput,
  organizationId: z.string().min(1).nullish(),
  savingAmount: Pence,
  keyfreeAmount: Pence,
  cashDepositAmount: Pence,
  annualFeesEnabled: z.boolean().default(true),
  recipients: z
    .array(
      z.object({
        email: z.email(),
        firstName: z.string().trim().min(1),
        lastName: z.string().trim().min(1),
        token: GivenToken.optional(),
      }),
    )
    .min(1, "An offer needs at least one recipient"),
});
export type KeyfreeOfferInput = z.input<typeof KeyfreeOfferInput>;

export function assertDistinctTokens(tokens: string[]) {
  if (new Set(tokens).size !== tokens.length) throw new Error("Each recipient needs their own token");
}

/**
 * An agent offers Keyfree or a cash deposit for a property: the offer with its saving,
 * Keyfree amount and cash deposit amount (pence), and one recipient per prospective tenant,
 * each with a token. A given token is used as it is (so the demo can print fixed links);
 * otherwise a random one is made. Only the token's hash is stored. Each recipient is e-mailed
 * the link `${APP_URL}/keyfree-offer/{id}?token=…`. Returns the offer id and each
 * recipient's token (the only time the tokens are known).
 */
export async function createKeyfreeOffer(db: Database, input: KeyfreeOfferInput, now: Date) {
  const data = KeyfreeOfferInput.parse(input);
  const recipients = data.recipients.map((r) => ({ ...r, id: newId(), token: r.token ?? newSecretToken() }));
  assertDistinctTokens(recipients.map((r) => r.token));
  if (data.organizationId) {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, data.organizationId));
    if (!org) throw new Error(`No organization ${data.organizationId}`);
  }
  const keyfreeOfferId = data.id ?? newId();
  await db.transaction(async (tx) => {
    const [address] = await tx
      .insert(addresses)
      .values({ ...data.address, id: newId(), userId: null })
      .returning();
    await tx.insert(keyfreeOffers).values({
      id: keyfreeOfferId,
      addressId: address!.id,
      organizationId: data.organizationId ?? null,
      savingAmount: data.savingAmount,
      keyfreeAmount: data.keyfreeAmount,
      cashDepositAmount: data.cashDepositAmount,
      annualFeesEnabled: data.annualFeesEnabled,
      createdAt: now,
    });
    await tx.insert(keyfreeOfferRecipients).values(
      recipients.map((r) => ({
        id: r.id,
        keyfreeOfferId,
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        tokenHash: hashToken(r.token),
        createdAt: now,
      })),
    );
    const where = [address!.buildingNumber, address!.buildingName, address!.street, address!.town, address!.postcode]
      .filter((part) => part)
      .join(", ");
    for (const r of recipients) {
      await queueEmail(
        tx,
        {
          to: r.email,
          template: "KEYFREE_OFFER",
          subject: `Save ${plainPounds(data.savingAmount)} with ${PRODUCT_NAME}!`,
          text: [
            `Hello ${r.firstName},`,
            "",
            `For ${where} you can choose ${PRODUCT_NAME} (${plainPounds(data.keyfreeAmount)}) instead of a cash deposit (${plainPounds(data.cashDepositAmount)}).`,
            ...(data.annualFeesEnabled
              ? [`For tenancies over 12 months a ${plainPounds(ANNUAL_FEE_PENCE)} annual fee is split between tenants.`]
              : []),
            "Choose your deposit option here:",
            `${appUrl()}/keyfree-offer/${keyfreeOfferId}?token=${encodeURIComponent(r.token)}`,
            "",
            "The first choice made by any tenant is final for the tenancy.",
          ].join("\n"),
        },
        now,
      );
    }
  });
  return {
    keyfreeOfferId,
    recipients: recipients.map((r) => ({ recipientId: r.id, email: r.email, token: r.token })),
  };
}
