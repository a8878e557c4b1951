/**
 * Playing the agent for the pages answered without login (part 2 §2): a Keyfree
 * offer sent to prospective tenants, and a request that tenants confirm they received
 * their tenancy inventory. Each recipient gets an e-mail with their own token link;
 * only a hash of the token is stored.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db";
import {
  keyfreeOfferRecipients,
  keyfreeOffers,
  organizations,
  tenancies,
  tenancyInventoryRequests,
  tenancyInventoryResponses,
  tenancyTenants,
  users,
} from "../db/schema";
import { ANNUAL_FEE_PENCE } from "../domain/fees";
import { PRODUCT_NAME } from "../domain/product";
import { queueEmail } from "../lib/mail";
import { hashToken, newId, newSecretToken } from "../lib/tokens";
import { createAddress, type AddressInput } from "./builders";
import { appUrl, pounds } from "../payment-plans/service";

/** A token given by the caller (the demo prints fixed ones): URL-safe, long enough not to be guessed. */
const GivenToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,200}$/, "A token must be 16 to 200 letters, digits, '-' or '_'");

const Pence = z.number().int().min(0);

const KeyfreeOfferInput = z.object({
  /** A fixed id (the demo prints a fixed link); a new one otherwise. */
  id: z.string().min(1).optional(),
  address: z.custom<AddressInput>((v) => typeof v === "object" && v !== null, "address is required"),
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

function assertDistinctTokens(tokens: string[]) {
  if (new Set(tokens).size !== tokens.length) throw new Error("Each recipient needs their own token");
}

/**
 * An agent offers Keyfree or a cash deposit for a property (part 2 §2 offer pages,
 * §3 {product}Offer): the offer with its saving, Keyfree amount and cash deposit
 * amount (pence), and one recipient per prospective tenant, each with a token. A
 * given token is used as it is (so the demo can print fixed links); otherwise a
 * random one is made. Each recipient is e-mailed the link
 * `${APP_URL}/keyfree-offer/{id}?token=…`. Returns the offer id and each
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
    const address = await createAddress(tx, { ...data.address, userId: null });
    await tx.insert(keyfreeOffers).values({
      id: keyfreeOfferId,
      addressId: address.id,
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
    const where = [address.buildingNumber, address.buildingName, address.street, address.town, address.postcode]
      .filter((part) => part)
      .join(", ");
    for (const r of recipients) {
      await queueEmail(
        tx,
        {
          to: r.email,
          template: "KEYFREE_OFFER",
          subject: `Save ${pounds(data.savingAmount)} with ${PRODUCT_NAME}!`,
          text: [
            `Hello ${r.firstName},`,
            "",
            `For ${where} you can choose ${PRODUCT_NAME} (${pounds(data.keyfreeAmount)}) instead of a cash deposit (${pounds(data.cashDepositAmount)}).`,
            ...(data.annualFeesEnabled
              ? [`For tenancies over 12 months a ${pounds(ANNUAL_FEE_PENCE)} annual fee is split between tenants.`]
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

const InventoryRequestInput = z.object({
  /** A fixed id for the demo; a new one otherwise. */
  id: z.string().min(1).optional(),
  tenancyId: z.string().min(1),
  /** Fixed tokens for the demo, keyed by the tenant's user id or e-mail address. */
  tokens: z.record(z.string(), GivenToken).optional(),
});
export type InventoryRequestInput = z.input<typeof InventoryRequestInput>;

/**
 * The agent asks the tenants to confirm they received their tenancy inventory
 * (part 2 §2 tenancy inventory pages): a request with a response row per tenant of
 * the tenancy, each with its own token, and an e-mail to each with two links,
 * `${APP_URL}/tenancy-inventory-response?token=…&response=CONFIRMED` and the same
 * with `response=UNCONFIRMED`. `tokens` may fix a tenant's token (keyed by user id
 * or e-mail). Returns the request id and each tenant's token.
 */
export async function createInventoryRequest(db: Database, input: InventoryRequestInput, now: Date) {
  const data = InventoryRequestInput.parse(input);
  const [tenancy] = await db.select({ id: tenancies.id }).from(tenancies).where(eq(tenancies.id, data.tenancyId)).limit(1);
  if (!tenancy) throw new Error(`No tenancy ${data.tenancyId}`);
  const tenants = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(tenancyTenants)
    .innerJoin(users, eq(users.id, tenancyTenants.userId))
    .where(eq(tenancyTenants.tenancyId, data.tenancyId))
    .orderBy(tenancyTenants.createdAt, tenancyTenants.id);
  if (tenants.length === 0) throw new Error(`Tenancy ${data.tenancyId} has no tenants`);
  const given = new Map(Object.entries(data.tokens ?? {}).map(([key, token]) => [key.toLowerCase(), token]));
  for (const key of given.keys()) {
    if (!tenants.some((t) => t.userId.toLowerCase() === key || t.email.toLowerCase() === key)) {
      throw new Error(`${key} is not a tenant of tenancy ${data.tenancyId}`);
    }
  }
  const rows = tenants.map((t) => ({
    ...t,
    responseId: newId(),
    token: given.get(t.userId.toLowerCase()) ?? given.get(t.email.toLowerCase()) ?? newSecretToken(),
  }));
  assertDistinctTokens(rows.map((r) => r.token));

  const requestId = data.id ?? newId();
  await db.transaction(async (tx) => {
    await tx.insert(tenancyInventoryRequests).values({ id: requestId, tenancyId: data.tenancyId, createdAt: now });
    await tx.insert(tenancyInventoryResponses).values(
      rows.map((r) => ({ id: r.responseId, requestId, userId: r.userId, tokenHash: hashToken(r.token), createdAt: now })),
    );
    for (const r of rows) {
      const link = (response: string) =>
        `${appUrl()}/tenancy-inventory-response?token=${encodeURIComponent(r.token)}&response=${response}`;
      await queueEmail(
        tx,
        {
          to: r.email,
          userId: r.userId,
          template: "TENANCY_INVENTORY_REQUEST",
          subject: "Have you received your tenancy inventory?",
          text: [
            `Hello ${r.firstName},`,
            "",
            "Please let us know whether you have received your tenancy inventory.",
            `I have received it: ${link("CONFIRMED")}`,
            `I have not received it: ${link("UNCONFIRMED")}`,
          ].join("\n"),
        },
        now,
      );
    }
  });
  return {
    requestId,
    responses: rows.map((r) => ({ responseId: r.responseId, userId: r.userId, email: r.email, token: r.token })),
  };
}
