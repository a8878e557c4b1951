/**
 * Keyfree offers, answered without login (part 2 §2 offer pages, §3 {product}Offer,
 * §4, §5 rejection form, §6 "Anonymous visitor with a token", §7). The token from the
 * offer e-mail takes the place of a bearer token: a token that is not a recipient's of
 * that offer answers 404 and reveals nothing about the offer.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import type { Database } from "../db";
import { addresses, keyfreeOfferRecipients, keyfreeOffers } from "../db/schema";
import {
  decideOfferChoice,
  decideRejectionReason,
  offerChosenBy,
  REJECTION_MESSAGES,
  REJECTION_REASON_MAX_LENGTH,
  rejectionProblems,
} from "../domain/keyfree-offers";
import {
  normaliseOfferChoice,
  normaliseRejectionReason,
  OFFER_CHOICES,
  REJECTION_REASONS,
  type OfferChoice,
  type RejectionReason,
} from "../domain/statuses";
import { ApiError, errorResponses, notFound } from "../lib/errors";
import { hashToken } from "../lib/tokens";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// ── Schemas ─────────────────────────────────────────────────────────────────

const Token = z.string().min(1).max(200).openapi({ description: "The recipient's token from the offer e-mail" });

const OfferParams = z.object({
  keyfreeOfferId: z.string().min(1).max(200).openapi({ param: { name: "keyfreeOfferId", in: "path" } }),
});

/** Both spellings the spec uses (KEYFREE, CASH_DEPOSIT / CASHDEPOSIT), read as the canonical one. */
const OfferChoiceInput = z
  .enum([...OFFER_CHOICES, "CASHDEPOSIT"])
  .transform((value) => normaliseOfferChoice(value) as OfferChoice)
  .openapi({ description: "KEYFREE or CASH_DEPOSIT (CASHDEPOSIT is accepted too)" });

const RejectionReasonInput = z
  .enum([...REJECTION_REASONS, "TOOEXPENSIVE", "DONTUNDERSTAND", "NONREFUNDABLEFEE"], { error: REJECTION_MESSAGES.reason })
  .transform((value) => normaliseRejectionReason(value) as RejectionReason)
  .openapi({ description: "One of the listed reasons; the spellings without underscores are accepted too" });

const OfferChoiceSchema = z.enum(OFFER_CHOICES);

const KeyfreeOfferAddressSchema = z
  .object({
    buildingName: z.string().nullable(),
    flatNumber: z.string().nullable(),
    buildingNumber: z.string().nullable(),
    street: z.string(),
    subStreet: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string(),
  })
  .openapi("KeyfreeOfferAddress");

const ChosenSchema = z
  .object({
    choice: OfferChoiceSchema,
    chosenBy: z.enum(["YOU", "CO_TENANT"]).openapi({ description: "Whether this recipient or a co-tenant chose" }),
    chosenAt: z.string(),
  })
  .openapi("KeyfreeOfferChosen");

const KeyfreeOfferSchema = z
  .object({
    keyfreeOffer: z.object({
      id: z.string(),
      property: z.object({ address: KeyfreeOfferAddressSchema }),
    }),
    savingAmount: z.number().int().openapi({ description: "Pence: 'Save £{savingAmount} with Keyfree!'" }),
    keyfreeAmount: z.number().int().openapi({ description: "Pence: total to pay for Keyfree" }),
    cashDepositAmount: z.number().int().openapi({ description: "Pence: total to pay for a cash deposit" }),
    annualFeesEnabled: z.boolean(),
    recipient: z.object({
      id: z.string(),
      firstName: z.string().nullable(),
      choice: OfferChoiceSchema.nullable().openapi({ description: "This recipient's own choice, if they made the tenancy's choice" }),
      rejectionReasonGiven: z.boolean(),
    }),
    chosen: ChosenSchema.nullable().openapi({
      description: "The tenancy's choice once made ('Your deposit option has been chosen already'); null before",
    }),
  })
  .openapi("KeyfreeOffer");

const RespondToOfferBody = z.object({ choice: OfferChoiceInput, token: Token }).openapi("RespondToKeyfreeOffer");

const AddRejectionReasonBody = z
  .object({
    rejectionReason: RejectionReasonInput,
    customRejectionReason: z
      .string()
      .max(REJECTION_REASON_MAX_LENGTH, REJECTION_MESSAGES.tooLong)
      .nullish()
      .openapi({ description: "Required for OTHER; at most 500 characters" }),
    token: Token,
  })
  .superRefine((body, ctx) => {
    for (const problem of rejectionProblems(body)) {
      if (problem.message === REJECTION_MESSAGES.tooLong) continue; // reported by the field itself
      ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
    }
  })
  .openapi("KeyfreeOfferRejection");

const RejectionResultSchema = z
  .object({
    keyfreeOfferId: z.string(),
    rejectionReason: z.enum(REJECTION_REASONS),
    customRejectionReason: z.string().nullable(),
  })
  .openapi("KeyfreeOfferRejectionResult");

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

const asChoice = (value: string | null) => (value === null ? null : normaliseOfferChoice(value));

// ── Routes ──────────────────────────────────────────────────────────────────

const getKeyfreeOffer = createRoute({
  method: "get",
  path: "/keyfree-offers/{keyfreeOfferId}",
  operationId: "getKeyfreeOffer",
  tags: ["keyfree offers"],
  summary: "The offer as its recipient sees it, through the token from the offer e-mail (no login)",
  request: { params: OfferParams, query: z.object({ token: Token }) },
  responses: {
    200: { description: "The offer", content: { "application/json": { schema: KeyfreeOfferSchema } } },
    ...errorResponses(400, 404),
  },
});

const respondToOffer = createRoute({
  method: "post",
  path: "/keyfree-offers/{keyfreeOfferId}/choice",
  operationId: "respondToOffer",
  tags: ["keyfree offers"],
  summary: "Choose Keyfree or a cash deposit: final for the tenancy, and cannot be changed by co-tenants",
  request: {
    params: OfferParams,
    body: { required: true, content: { "application/json": { schema: RespondToOfferBody } } },
  },
  responses: {
    200: {
      description: "The choice is recorded (the same answer again for a repeat of the same choice by the same recipient)",
      content: { "application/json": { schema: ChosenSchema.extend({ keyfreeOfferId: z.string() }).openapi("KeyfreeOfferChoiceResult") } },
    },
    ...errorResponses(400, 404, 409),
  },
});

const addRejectionReason = createRoute({
  method: "post",
  path: "/keyfree-offers/{keyfreeOfferId}/rejection-reason",
  operationId: "addRejectionReason",
  tags: ["keyfree offers"],
  summary: "Say why Keyfree was not chosen (after this recipient chose a cash deposit)",
  request: {
    params: OfferParams,
    body: { required: true, content: { "application/json": { schema: AddRejectionReasonBody } } },
  },
  responses: {
    200: { description: "The reason is recorded", content: { "application/json": { schema: RejectionResultSchema } } },
    ...errorResponses(400, 404, 409),
  },
});

export const offersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getKeyfreeOffer, async (c) => {
    const { db } = c.get("deps");
    const { keyfreeOfferId } = c.req.valid("param");
    const { offer, recipient } = await offerForToken(db, keyfreeOfferId, c.req.valid("query").token);
    const [address] = await db.select().from(addresses).where(eq(addresses.id, offer.addressId)).limit(1);
    if (!address) throw notFound();
    const offerChoice = asChoice(offer.choice);
    const recipientChoice = asChoice(recipient.choice);
    return c.json(
      {
        keyfreeOffer: {
          id: offer.id,
          property: {
            address: {
              buildingName: address.buildingName,
              flatNumber: address.flatNumber,
              buildingNumber: address.buildingNumber,
              street: address.street,
              subStreet: address.subStreet,
              town: address.town,
              county: address.county,
              postcode: address.postcode,
            },
          },
        },
        savingAmount: offer.savingAmount,
        keyfreeAmount: offer.keyfreeAmount,
        cashDepositAmount: offer.cashDepositAmount,
        annualFeesEnabled: offer.annualFeesEnabled,
        recipient: {
          id: recipient.id,
          firstName: recipient.firstName,
          choice: recipientChoice,
          rejectionReasonGiven: recipient.rejectionReason !== null,
        },
        chosen:
          offerChoice === null
            ? null
            : { choice: offerChoice, chosenBy: offerChosenBy(recipientChoice), chosenAt: (offer.chosenAt ?? offer.createdAt).toISOString() },
      },
      200,
    );
  })
  .openapi(respondToOffer, async (c) => {
    const { db, clock } = c.get("deps");
    const { keyfreeOfferId } = c.req.valid("param");
    const { choice, token } = c.req.valid("json");
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      // The offer's row is held while deciding, so two tenants choosing at once cannot both win.
      const { offer, recipient } = await offerForToken(tx, keyfreeOfferId, token, true);
      const decision = decideOfferChoice({ offerChoice: asChoice(offer.choice), recipientChoice: asChoice(recipient.choice) }, choice);
      if (decision.kind === "refuse") throw new ApiError(409, decision.message);
      if (decision.kind === "repeat") return { choice, chosenAt: offer.chosenAt ?? now };
      await tx.update(keyfreeOffers).set({ choice, chosenAt: now }).where(eq(keyfreeOffers.id, offer.id));
      await tx.update(keyfreeOfferRecipients).set({ choice, chosenAt: now }).where(eq(keyfreeOfferRecipients.id, recipient.id));
      return { choice, chosenAt: now };
    });
    return c.json({ keyfreeOfferId, choice: result.choice, chosenBy: "YOU" as const, chosenAt: result.chosenAt.toISOString() }, 200);
  })
  .openapi(addRejectionReason, async (c) => {
    const { db } = c.get("deps");
    const { keyfreeOfferId } = c.req.valid("param");
    const body = c.req.valid("json");
    const details = body.customRejectionReason?.trim() ? body.customRejectionReason.trim() : null;
    const reason = { rejectionReason: body.rejectionReason, customRejectionReason: details };
    await db.transaction(async (tx) => {
      const { recipient } = await offerForToken(tx, keyfreeOfferId, body.token, true);
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
    return c.json({ keyfreeOfferId, ...reason }, 200);
  });
