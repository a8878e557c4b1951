/**
 * The arbitration page (part 1 §2.5, §4.1, §9): the HTTP contract; the view is views.ts's.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { requireTenant } from "../lib/auth";
import { errorResponses } from "../lib/errors";
import { idParam } from "../lib/input-schemas";
import { ArbitrationSchema, arbitrationView } from "./views";

const getArbitrationById = createRoute({
  method: "get",
  path: "/arbitrations/{arbitrationId}",
  operationId: "getArbitrationById",
  tags: ["claims"],
  summary: "The adjudication of a claim the tenant is a respondent of",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: z.object({ arbitrationId: idParam() }) },
  responses: {
    200: { description: "The arbitration", content: { "application/json": { schema: ArbitrationSchema } } },
    ...errorResponses(401, 404),
  },
});

export const arbitrationsRoutes = new OpenAPIHono<AppEnv>().openapi(getArbitrationById, async (c) =>
  c.json(await arbitrationView(c.get("deps"), c.req.valid("param").arbitrationId, c.get("auth").userId), 200),
);
