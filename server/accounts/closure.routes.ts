/**
 * "Close your account" (issue 40, decision 0068): the signed-in tenant's own request (no ids: it
 * is always theirs). The writes are in closure-service.ts; the retention job closes the account.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { closureState, requestClosure, type ClosureState } from "./closure-service";

const StillOpenSchema = z
  .object({
    kind: z.enum(["CLAIM", "PAYMENT_PLAN"]),
    claimId: z.string().nullable().openapi({ description: "A claim still open (kind CLAIM)" }),
    property: z.string().nullable().openapi({ description: "The claim's property on one line (kind CLAIM)" }),
    paymentPlanId: z.string().nullable().openapi({ description: "A payment plan offered or not paid off (kind PAYMENT_PLAN)" }),
    amountPence: z.number().int().nullable().openapi({ description: "The plan's total, in pence (kind PAYMENT_PLAN)" }),
  })
  .openapi("AccountClosureStillOpen");

const ClosureSchema = z
  .object({
    status: z.enum(["NONE", "REQUESTED", "CLOSED"]).openapi({ description: "NONE: not asked; REQUESTED: asked, kept while something is open" }),
    requestedAt: z.string().nullable(),
    stillOpen: z.array(StillOpenSchema).openapi({ description: "What keeps the account open: its claims not finished, its payment plans offered or not paid off" }),
  })
  .openapi("AccountClosure");

function closureView(state: ClosureState): z.infer<typeof ClosureSchema> {
  return {
    status: state.status,
    requestedAt: state.requestedAt?.toISOString() ?? null,
    stillOpen: state.stillOpen.map((item) =>
      item.kind === "CLAIM"
        ? { kind: item.kind, claimId: item.claimId, property: item.property, paymentPlanId: null, amountPence: null }
        : { kind: item.kind, claimId: null, property: null, paymentPlanId: item.paymentPlanId, amountPence: item.amountPence },
    ),
  };
}

const getClosure = apiRoute({
  method: "get", path: "/me/closure", operationId: "getAccountClosure", tags: ["account"],
  summary: "Whether the signed-in tenant has asked us to close their account, and what keeps it open (issue 40)",
  auth: "tenant",
  ok: ["The request and what is still open", ClosureSchema], errors: [401],
});

const requestClosureRoute = apiRoute({
  method: "post", path: "/me/closure", operationId: "requestAccountClosure", tags: ["account"],
  summary:
    "Ask us to close the account: confirmed by e-mail, naming what is still open; closed by the retention job once no claim or payment plan is open (sign-in refused after). 409 if already asked",
  auth: "tenant",
  created: ["Asked", ClosureSchema], errors: [401, 409],
});

export const closureRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getClosure, async (c) => c.json(closureView(await closureState(c.get("deps"), c.get("auth").userId)), 200))
  .openapi(requestClosureRoute, async (c) => c.json(closureView(await requestClosure(c.get("deps"), c.get("auth").userId)), 201));
