/**
 * Support needs and someone to help (issue 36, scope 5): the requests and answers of the
 * area's contract. The words and limits are common/support-needs.ts's, so the web's forms and
 * the API refuse the same things in the same words.
 */
import { z } from "@hono/zod-openapi";
import {
  HELPER_RELATIONSHIPS,
  SUPPORT_HELPER_MESSAGES,
  SUPPORT_NEED_CODES,
  SUPPORT_NEEDS_DETAILS_MAX_LENGTH,
  SUPPORT_NEEDS_MESSAGES,
} from "#common/support-needs";
import { emailAddress, multiLineText, singleLineText } from "../lib/input-schemas";

// ── Requests ─────────────────────────────────────────────────────────────────

export const SaveSupportNeedsBody = z
  .object({
    consent: z.literal(true, { error: SUPPORT_NEEDS_MESSAGES.consent }).openapi({
      description:
        "Must be true: the tenant agrees to Keyfree recording this to help support them (seen only by the team that supports tenants; removed at any time). Nothing is saved without it.",
    }),
    needs: z
      .array(z.enum(SUPPORT_NEED_CODES, { error: SUPPORT_NEEDS_MESSAGES.unknownNeed }))
      .max(SUPPORT_NEED_CODES.length * 2)
      .default([])
      .openapi({ description: `What would help: any of ${SUPPORT_NEED_CODES.join(", ")}` }),
    details: multiLineText(SUPPORT_NEEDS_DETAILS_MAX_LENGTH, { tooLong: SUPPORT_NEEDS_MESSAGES.detailsTooLong })
      .trim()
      .nullish()
      .openapi({ description: `Anything else, in the tenant's own words (at most ${SUPPORT_NEEDS_DETAILS_MAX_LENGTH} characters)` }),
  })
  .superRefine((body, ctx) => {
    if (body.needs.length === 0 && !body.details) ctx.addIssue({ code: "custom", path: ["needs"], message: SUPPORT_NEEDS_MESSAGES.nothingChosen });
  })
  .openapi("SaveSupportNeedsRequest");

export const AddSupportHelperBody = z
  .object({
    name: singleLineText("name", { required: SUPPORT_HELPER_MESSAGES.name }).trim().min(1, SUPPORT_HELPER_MESSAGES.name),
    email: emailAddress({ required: SUPPORT_HELPER_MESSAGES.email }).openapi({ example: "helper@example.com" }),
    relationship: z.enum(HELPER_RELATIONSHIPS, { error: SUPPORT_HELPER_MESSAGES.relationship }),
    agree: z.literal(true, { error: SUPPORT_HELPER_MESSAGES.agree }).openapi({
      description: "Must be true: the tenant wants this person to get a copy of the e-mails about their Keyfree, claims and payments",
    }),
  })
  .openapi("AddSupportHelperRequest");

export const HelperTokenBody = z
  .object({ token: singleLineText("token").min(1).openapi({ description: "The token from the link e-mailed to the helper" }) })
  .openapi("SupportHelperConfirmRequest");

export const HelperTokenQuery = z.object({
  token: singleLineText("token").min(1).openapi({ description: "The token from the link e-mailed to the helper" }),
});

// ── Answers ──────────────────────────────────────────────────────────────────

export const SupportNeedsSchema = z
  .object({
    needs: z
      .object({
        codes: z.array(z.enum(SUPPORT_NEED_CODES)),
        details: z.string().nullable(),
        consentedAt: z.string().openapi({ description: "When the tenant agreed to us recording what is recorded now" }),
        updatedAt: z.string(),
      })
      .nullable()
      .openapi({ description: "What the tenant has told us, with their consent; null when nothing is recorded" }),
    helper: z
      .object({
        name: z.string(),
        email: z.string(),
        relationship: z.enum(HELPER_RELATIONSHIPS).nullable(),
        status: z.enum(["PENDING", "EXPIRED", "CONFIRMED"]).openapi({
          description: "PENDING: the link is e-mailed and not yet followed; EXPIRED: it ran out unused; CONFIRMED: they get copies",
        }),
        addedAt: z.string(),
        confirmedAt: z.string().nullable(),
        linkExpiresAt: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: "The one person who helps the tenant; null when there is none" }),
    emailOnly: z.boolean().openapi({ description: "Whether the tenant asked to be contacted by e-mail only: no text message is sent to them" }),
  })
  .openapi("SupportNeeds");

export const RemovedHelperSchema = z
  .object({
    removed: z
      .object({
        name: z.string(),
        told: z.boolean().openapi({ description: "Whether they were e-mailed that they no longer get copies (only a helper who had confirmed is)" }),
      })
      .nullable()
      .openapi({ description: "Who was removed; null when nobody was helping" }),
  })
  .openapi("RemovedSupportHelper");

export const HelperConfirmationSchema = z
  .object({
    state: z.enum(["USABLE", "USED", "EXPIRED", "INVALID"]),
    message: z.string().nullable().openapi({ description: "Why the link cannot be used; null when it can" }),
    tenantFirstName: z.string().nullable().openapi({ description: "Whom they would help: only while the link can be used" }),
    helperName: z.string().nullable(),
    linkExpiresAt: z.string().nullable(),
  })
  .openapi("SupportHelperConfirmation");

export const HelperConfirmedSchema = z
  .object({ tenantFirstName: z.string().openapi({ description: "Whom they now help" }) })
  .openapi("SupportHelperConfirmed");
