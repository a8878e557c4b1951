/**
 * The contract of a plan the tenant can afford (issue 36, scope 2): the caller's own debts, a
 * budget worked out against one of them, and a request for a plan. Amounts are pence; each budget
 * line is checked with the rule the web's form uses (common/budget.ts), with the same message.
 */
import { z } from "@hono/zod-openapi";
import {
  BUDGET_FREQUENCIES,
  BUDGET_LINE_KEYS,
  budgetAmountMessage,
  budgetAmountProblem,
  MAX_PLAN_INSTALMENTS,
} from "#common/budget";
import { idField } from "../lib/input-schemas";
import { DEBT_TYPES } from "./debts";

export const REQUEST_STATUSES = ["PENDING", "OFFERED", "REFUSED", "WITHDRAWN"] as const;

const DebtTypeSchema = z.enum(DEBT_TYPES).openapi({
  description:
    "CLAIM_BALANCE: charges accepted and unpaid, the tenant's own share (named by claimId); ADJUDICATION_AWARD: what the adjudicator decided, unpaid (arbitrationId); MISSED_INSTALMENT: a payment plan instalment that failed (paymentPlanInstalmentId)",
});

const debtFields = {
  debtType: DebtTypeSchema,
  claimId: idField().optional().openapi({ description: "CLAIM_BALANCE: the claim (one the tenant answers; 404 otherwise)" }),
  arbitrationId: idField().optional().openapi({ description: "ADJUDICATION_AWARD: the adjudication (of a claim the tenant answers; 404 otherwise)" }),
  paymentPlanInstalmentId: idField()
    .optional()
    .openapi({ description: "MISSED_INSTALMENT: the failed instalment (of the tenant's own plan; 404 otherwise)" }),
};

const BudgetLineBody = z
  .object({
    line: z.enum(BUDGET_LINE_KEYS).openapi({ description: "The line of the form (common/budget.ts BUDGET_GROUPS)" }),
    amountPence: z.number().int().openapi({ description: "The amount as the tenant gave it, in pence: £0 up to £100,000 a month" }),
    frequency: z.enum(BUDGET_FREQUENCIES).openapi({ description: "How often: its monthly figure is weekly × 52 ÷ 12, fortnightly × 26 ÷ 12, four-weekly × 13 ÷ 12" }),
  })
  .openapi("BudgetLineInput");

/** The lines, each at most once, each £0 or more and at most £100,000 a month (with its field's message). */
const BudgetLines = z
  .array(BudgetLineBody)
  .max(BUDGET_LINE_KEYS.length)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((l, i) => {
      if (seen.has(l.line)) ctx.addIssue({ code: "custom", path: [i, "line"], message: "Give each line once" });
      seen.add(l.line);
      const problem = budgetAmountProblem(l.amountPence, l.frequency);
      if (problem) ctx.addIssue({ code: "custom", path: [i, "amountPence"], message: budgetAmountMessage(l.line, problem) });
    });
  })
  .openapi({ description: "Income and outgoings in the Standard Financial Statement's groups; a line left out is £0" });

export const WorkOutBudgetBody = z.object({ ...debtFields, lines: BudgetLines }).openapi("WorkOutBudgetRequest");

export const PaymentPlanRequestBody = z
  .object({
    ...debtFields,
    lines: BudgetLines,
    instalments: z
      .number()
      .int()
      .min(1)
      .max(MAX_PLAN_INSTALMENTS, `A plan is at most ${MAX_PLAN_INSTALMENTS} monthly instalments`)
      .openapi({ description: "The plan asked for: one of the plans that fit (workOutBudget's plans)" }),
  })
  .openapi("PaymentPlanRequestInput");

export const InstalmentPlanSchema = z
  .object({
    instalments: z.number().int(),
    firstPence: z.number().int().openapi({ description: "The first instalment: the largest, by the pennies left over" }),
    otherPence: z.number().int().openapi({ description: "Each instalment after the first" }),
  })
  .openapi("InstalmentPlan");

export const PlanRequestSummarySchema = z
  .object({
    id: z.string(),
    status: z.enum(REQUEST_STATUSES),
    amountPence: z.number().int().openapi({ description: "What was owed when it was asked for" }),
    plan: InstalmentPlanSchema,
    createdAt: z.string().openapi({ description: "ISO date-time" }),
    answeredAt: z.string().nullable(),
  })
  .openapi("PaymentPlanRequestSummary");

export const DebtSchema = z
  .object({
    debtType: z.enum(DEBT_TYPES),
    claimId: z.string().nullable(),
    arbitrationId: z.string().nullable(),
    paymentPlanInstalmentId: z.string().nullable(),
    paymentPlanId: z.string().nullable().openapi({ description: "A missed instalment's plan" }),
    instalmentNumber: z.number().int().nullable().openapi({ description: "A missed instalment's number" }),
    amountPence: z.number().int().openapi({ description: "The tenant's own part still owed, in pence" }),
    property: z.string().openapi({ description: "The property, on one line" }),
    request: PlanRequestSummarySchema.nullable().openapi({ description: "The tenant's latest request for a plan for it, if any" }),
  })
  .openapi("Debt");

export const DebtsSchema = z
  .object({
    debts: z.array(DebtSchema),
    maxInstalments: z.number().int().openapi({ description: "A plan is at most this many monthly instalments, with no interest and no fees" }),
    offerHours: z.number().int().openapi({ description: "A plan offered on a request is set up in its three steps within this many hours (part 2 §9)" }),
  })
  .openapi("Debts");

export const WorkedOutBudgetSchema = z
  .object({
    debt: DebtSchema,
    monthlyIncomePence: z.number().int(),
    monthlyOutgoingsPence: z.number().int(),
    leftPence: z.number().int().openapi({ description: "Income − outgoings each month (below 0 when more goes out than comes in)" }),
    fits: z.boolean().openapi({ description: "Some plan of at most 12 monthly instalments fits what is left" }),
    why: z
      .enum(["NOTHING_LEFT", "NOT_ENOUGH_LEFT"])
      .nullable()
      .openapi({ description: "When nothing fits: nothing is left each month, or even 12 instalments are more than is left" }),
    plans: z.array(InstalmentPlanSchema).openapi({ description: "From the fewest monthly instalments that fit what is left, up to 12" }),
    maxInstalments: z.number().int(),
  })
  .openapi("WorkedOutBudget");

export const PaymentPlanRequestSchema = PlanRequestSummarySchema.extend({
  debtType: z.enum(DEBT_TYPES),
  monthlyIncomePence: z.number().int(),
  monthlyOutgoingsPence: z.number().int(),
}).openapi("PaymentPlanRequest");
