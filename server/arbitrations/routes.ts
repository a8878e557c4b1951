/**
 * The arbitration page (part 1 §2.5, §4.1, §9): the HTTP contract; the view is views.ts's.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { idParam } from "../lib/input-schemas";
import { ArbitrationSchema, arbitrationView } from "./views";

const getArbitrationById = apiRoute({
  method: "get", path: "/arbitrations/{arbitrationId}", operationId: "getArbitrationById", tags: ["claims"],
  summary: "The adjudication of a claim the tenant is a respondent of",
  auth: "tenant", params: z.object({ arbitrationId: idParam() }),
  ok: ["The arbitration", ArbitrationSchema], errors: [401, 404],
});

export const arbitrationsRoutes = new OpenAPIHono<AppEnv>().openapi(getArbitrationById, async (c) =>
  c.json(await arbitrationView(c.get("deps"), c.req.valid("param").arbitrationId, c.get("auth").userId), 200),
);
