/**
 * A plan the tenant can afford, worked out from their budget (issue 36, scope 2): the caller's
 * own debts, a budget worked out against one (nothing stored), and a request for a plan. Another
 * tenant's claim, adjudication or instalment is not found (404), as an unknown one is.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { DebtsSchema, PaymentPlanRequestBody, PaymentPlanRequestSchema, WorkedOutBudgetSchema, WorkOutBudgetBody } from "./schemas";
import { requestPaymentPlan } from "./service";
import { debtsView, workedOutBudgetView } from "./views";

const common = { tags: ["payment plan requests"], auth: "tenant" } as const;

const listDebts = apiRoute({
  ...common, method: "get", path: "/debts", operationId: "listDebts",
  summary:
    "The signed-in tenant's own open debts a plan can be asked for (a claim's balance, an adjudicator's award, a missed instalment), each their own part in pence, with their latest request for a plan",
  ok: ["The debts", DebtsSchema], errors: [401],
});

const workOutBudget = apiRoute({
  ...common, method: "post", path: "/debts/budget", operationId: "workOutBudget",
  summary:
    "Work out a budget against one of the tenant's debts: each line as a monthly figure, what is left each month, and the plans of at most 12 monthly instalments (no interest, no fees) that fit it. Nothing is stored.",
  body: WorkOutBudgetBody,
  ok: ["The budget worked out", WorkedOutBudgetSchema], errors: [400, 401, 404, 409],
});

const createPaymentPlanRequest = apiRoute({
  ...common, method: "post", path: "/payment-plan-requests", operationId: "createPaymentPlanRequest",
  summary:
    "Ask for a plan for one of the tenant's debts, worked out from their budget: recorded as PENDING, with a receipt e-mailed to the tenant and support told. One pending request per debt (409). Until it is answered, no reminder asks for that money and nothing about it escalates.",
  body: PaymentPlanRequestBody,
  created: ["The request, waiting for an answer", PaymentPlanRequestSchema], errors: [400, 401, 404, 409],
});

export const planRequestRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listDebts, async (c) => c.json(await debtsView(c.get("deps"), c.get("auth").userId), 200))
  .openapi(workOutBudget, async (c) => c.json(await workedOutBudgetView(c.get("deps"), c.get("auth").userId, c.req.valid("json")), 200))
  .openapi(createPaymentPlanRequest, async (c) => c.json(await requestPaymentPlan(c.get("deps"), c.get("auth").userId, c.req.valid("json")), 201));
