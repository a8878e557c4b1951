/**
 * Breathing Space (issue 36, decision 0047): the signed-in tenant's moratorium in force, and
 * recording one from their debt adviser's letter (/help/breathing-space).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { BREATHING_SPACE_MESSAGES, BREATHING_SPACE_TYPES, REFERENCE_MAX_LENGTH } from "#common/breathing-space";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { singleLineText } from "../lib/input-schemas";
import { currentBreathingSpace, recordBreathingSpace } from "./service";

const BreathingSpaceSchema = z
  .object({
    reference: z.string().openapi({ description: "The Insolvency Service's reference, as the adviser's notice gives it" }),
    type: z.enum(BREATHING_SPACE_TYPES),
    startDate: z.string().openapi({ description: "The London day it started, YYYY-MM-DD", example: "2026-11-22" }),
    until: z.string().nullable().openapi({ description: "Its last day (YYYY-MM-DD); null while a mental health crisis one has no end yet" }),
    recordedBy: z.enum(["TENANT", "OPS"]),
  })
  .openapi("BreathingSpace");

const CurrentBreathingSpaceSchema = z
  .object({ current: BreathingSpaceSchema.nullable().openapi({ description: "The tenant's Breathing Space in force, or null" }) })
  .openapi("CurrentBreathingSpace");

const RecordBreathingSpaceBody = z
  .object({
    reference: singleLineText(REFERENCE_MAX_LENGTH * 2, { required: BREATHING_SPACE_MESSAGES.referenceRequired, tooLong: BREATHING_SPACE_MESSAGES.referenceTooLong }).openapi({
      description: "The reference on the debt adviser's letter or e-mail: 3 to 40 letters, digits, spaces, hyphens and slashes",
      example: "BS-2026-123456",
    }),
    type: z.enum(BREATHING_SPACE_TYPES, { error: BREATHING_SPACE_MESSAGES.typeRequired }),
    startDate: singleLineText("code", { required: BREATHING_SPACE_MESSAGES.startDateInvalid }).openapi({
      description: "YYYY-MM-DD: not in the future; a standard one not more than 60 days ago",
      example: "2026-11-22",
    }),
  })
  .openapi("RecordBreathingSpaceRequest");

const getBreathingSpace = apiRoute({
  method: "get", path: "/breathing-space", operationId: "getBreathingSpace", tags: ["breathing-space"],
  summary: "The signed-in tenant's Breathing Space in force (issue 36), or null",
  auth: "tenant",
  ok: ["The tenant's Breathing Space", CurrentBreathingSpaceSchema], errors: [401],
});

const recordBreathingSpaceRoute = apiRoute({
  method: "post", path: "/breathing-space", operationId: "recordBreathingSpace", tags: ["breathing-space"],
  summary:
    "Record the tenant's Breathing Space from their debt adviser's letter (issue 36): the deadlines inside it move, no payment is asked for or taken while it lasts, and the tenant is e-mailed a receipt. One in force at a time (409)",
  auth: "tenant", body: RecordBreathingSpaceBody,
  created: ["Recorded", CurrentBreathingSpaceSchema], errors: [400, 401, 409],
});

export const breathingSpaceRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getBreathingSpace, async (c) => {
    return c.json({ current: await currentBreathingSpace(c.get("deps"), c.get("auth").userId) }, 200);
  })
  .openapi(recordBreathingSpaceRoute, async (c) => {
    const recorded = await recordBreathingSpace(c.get("deps"), c.get("auth").userId, c.req.valid("json"), "TENANT");
    return c.json({ current: recorded }, 201);
  });
