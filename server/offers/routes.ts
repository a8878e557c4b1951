/**
 * Keyfree offers, answered without login (part 2 §2 offer pages, §3 {product}Offer,
 * §4, §5 rejection form, §6 "Anonymous visitor with a token", §7). The token from the
 * offer e-mail takes the place of a bearer token: a token that is not a recipient's of
 * that offer answers 404 and reveals nothing about the offer.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { REJECTION_MESSAGES, REJECTION_REASON_MAX_LENGTH, rejectionProblems } from "../domain/keyfree-offers";
import {
  normaliseOfferChoice,
  normaliseRejectionReason,
  OFFER_CHOICES,
  REJECTION_REASONS,
  type OfferChoice,
  type RejectionReason,
} from "../domain/statuses";
import { apiRoute } from "../lib/api-route";
import { idParam, multiLineText, singleLineText } from "../lib/input-schemas";
import { addRejectionReason as recordRejectionReason, readOfferForRecipient, respondToOffer as recordChoice } from "./service";
import { ChosenSchema, KeyfreeOfferSchema, keyfreeOfferView } from "./views";

// ── Schemas ─────────────────────────────────────────────────────────────────

const Token = singleLineText("token").min(1).openapi({ description: "The recipient's token from the offer e-mail" });

const OfferParams = z.object({
  keyfreeOfferId: idParam().openapi({ param: { name: "keyfreeOfferId", in: "path" } }),
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

const RespondToOfferBody = z.object({ choice: OfferChoiceInput, token: Token }).openapi("RespondToKeyfreeOffer");

const AddRejectionReasonBody = z
  .object({
    rejectionReason: RejectionReasonInput,
    customRejectionReason: multiLineText(REJECTION_REASON_MAX_LENGTH, { tooLong: REJECTION_MESSAGES.tooLong })
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

// ── Routes ──────────────────────────────────────────────────────────────────

const getKeyfreeOffer = apiRoute({
  method: "get", path: "/keyfree-offers/{keyfreeOfferId}", operationId: "getKeyfreeOffer", tags: ["keyfree offers"],
  summary: "The offer as its recipient sees it, through the token from the offer e-mail (no login)",
  params: OfferParams, query: z.object({ token: Token }),
  ok: ["The offer", KeyfreeOfferSchema], errors: [400, 404],
});

const respondToOffer = apiRoute({
  method: "post", path: "/keyfree-offers/{keyfreeOfferId}/choice", operationId: "respondToOffer", tags: ["keyfree offers"],
  summary: "Choose Keyfree or a cash deposit: final for the tenancy, and cannot be changed by co-tenants",
  params: OfferParams, body: RespondToOfferBody,
  ok: [
    "The choice is recorded (the same answer again for a repeat of the same choice by the same recipient)",
    ChosenSchema.extend({ keyfreeOfferId: z.string() }).openapi("KeyfreeOfferChoiceResult"),
  ],
  errors: [400, 404, 409],
});

const addRejectionReason = apiRoute({
  method: "post", path: "/keyfree-offers/{keyfreeOfferId}/rejection-reason", operationId: "addRejectionReason", tags: ["keyfree offers"],
  summary: "Say why Keyfree was not chosen (after this recipient chose a cash deposit)",
  params: OfferParams, body: AddRejectionReasonBody,
  ok: ["The reason is recorded", RejectionResultSchema], errors: [400, 404, 409],
});

export const offersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getKeyfreeOffer, async (c) => {
    const { keyfreeOfferId } = c.req.valid("param");
    const offer = await readOfferForRecipient(c.get("deps").db, keyfreeOfferId, c.req.valid("query").token);
    return c.json(keyfreeOfferView(offer), 200);
  })
  .openapi(respondToOffer, async (c) => {
    const { db, clock } = c.get("deps");
    const { keyfreeOfferId } = c.req.valid("param");
    const { choice, token } = c.req.valid("json");
    const result = await recordChoice(db, { keyfreeOfferId, token, choice }, clock.now());
    return c.json({ keyfreeOfferId, choice: result.choice, chosenBy: "YOU" as const, chosenAt: result.chosenAt.toISOString() }, 200);
  })
  .openapi(addRejectionReason, async (c) => {
    const { keyfreeOfferId } = c.req.valid("param");
    const reason = await recordRejectionReason(c.get("deps").db, { keyfreeOfferId, ...c.req.valid("json") });
    return c.json({ keyfreeOfferId, ...reason }, 200);
  });
