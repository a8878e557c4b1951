/**
 * The back office's commands for requests for a plan worked out from a budget (issue 36, scope
 * 2; docs/decisions/0048): list them, refuse one with a reason (offering one is
 * `offer-payment-plan --request-id`, server/ops/scenario-commands.ts), and a tenant's request made
 * as the budget page makes it (for tests and demos).
 */
import { z } from "zod";
import { BUDGET_FREQUENCIES, BUDGET_LINE_KEYS, MAX_PLAN_INSTALMENTS } from "#common/budget";
import { ApiError } from "../lib/errors";
import { listPlanRequests, refusePlanRequest, requestPaymentPlan, REFUSAL_REASON_MAX_LENGTH } from "../plan-requests/service";
import { findUserByEmail } from "../accounts/account-service";
import { command, type OpsCommand } from "./commands";

const requestId = z.string().min(1).max(100);

export const planRequestCommands: OpsCommand[] = [
  command({
    name: "payment-plan-requests",
    summary:
      "Requests for a payment plan worked out from a budget: the pending first (the longest waiting first), with the plan asked for and the budget's totals; one request (--request-id) with its budget lines",
    example: "npm run ops -- payment-plan-requests [--status PENDING] [--request-id <id>]",
    input: z.object({ status: z.enum(["PENDING", "OFFERED", "REFUSED", "WITHDRAWN"]).optional(), requestId: requestId.optional() }),
    run: (deps, input) => listPlanRequests(deps.db, input),
  }),
  command({
    name: "refuse-payment-plan-request",
    summary:
      "Refuse a pending request for a payment plan: the tenant is e-mailed the reason, plainly, with what they can do next (free debt advice, Breathing Space, contact us); reminders about that money start again",
    example: 'npm run ops -- refuse-payment-plan-request --request-id <id> --reason "Your co-tenant has already paid the charges."',
    input: z.object({ requestId, reason: z.string().trim().min(1).max(REFUSAL_REASON_MAX_LENGTH) }),
    run: (deps, input) => refusePlanRequest(deps, input.requestId, input.reason),
  }),
  command({
    name: "tenant-payment-plan-request",
    summary:
      "A tenant (by e-mail) asks for a payment plan for one of their debts with a budget (amounts in pence), as the budget page does: a receipt to them and an e-mail to support (for tests and demos)",
    example:
      'npm run ops -- tenant-payment-plan-request --email ann@example.com --debt-type CLAIM_BALANCE --claim-id <id> --instalments 6 --lines \'[{"line":"earnings","amountPence":150000,"frequency":"MONTHLY"},{"line":"rent","amountPence":90000,"frequency":"MONTHLY"}]\'',
    input: z.object({
      email: z.string().min(1),
      debtType: z.enum(["CLAIM_BALANCE", "ADJUDICATION_AWARD", "MISSED_INSTALMENT"]),
      claimId: z.string().min(1).optional(),
      arbitrationId: z.string().min(1).optional(),
      paymentPlanInstalmentId: z.string().min(1).optional(),
      instalments: z.number().int().min(1).max(MAX_PLAN_INSTALMENTS),
      lines: z.array(z.object({ line: z.enum(BUDGET_LINE_KEYS), amountPence: z.number().int().min(0), frequency: z.enum(BUDGET_FREQUENCIES) })),
    }),
    run: async (deps, { email, ...input }) => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw new ApiError(400, `No user ${email}`);
      return requestPaymentPlan(deps, user.id, input);
    },
  }),
];
