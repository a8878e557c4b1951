/**
 * The arbitration page's data (part 1 §2.5, §4.1, §9): the adjudicator's result, the report,
 * the 3-calendar-day payment deadline and the tenant's repayment actions.
 */
import { z } from "@hono/zod-openapi";
import { and, asc, eq } from "drizzle-orm";
import type { Deps } from "../context";
import {
  arbitrationDocuments,
  arbitrations,
  documents,
  orderCustomerActions,
  orderCustomers,
  orders,
  organizations,
} from "../db/schema";
import { daysRemaining } from "../domain/deadlines";
import { adjudicationRepayment } from "../domain/claim-responses";
import { disputeFeeOutcome } from "#common/dispute-fee";
import { CLAIM_STATUSES } from "../domain/statuses";
import { currentCustomer } from "../lib/auth";
import { notFound } from "../lib/errors";
import { BreathingSpaceStatusSchema, PayActionSchema } from "../lib/schemas";
import { breathingSpaceStatus } from "../lib/breathing-space-reads";
import { documentUrl } from "../lib/uploads";
import { claimPaymentPlans, claimOfRespondent } from "../claims";
import { AdjudicatorReasonSchema, adjudicatorReasons } from "./reasons";

const IsoDateTime = z.string().openapi({ description: "ISO 8601 date-time" });
const Pence = z.number().int().openapi({ description: "Pence" });

export const ArbitrationSchema = z
  .object({
    id: z.string(),
    claimId: z.string(),
    claim: z.object({
      id: z.string(),
      status: z.enum(CLAIM_STATUSES),
      finalAmount: Pence.nullable(),
      limit: Pence,
      organization: z.object({ name: z.string() }),
    }),
    arbitratedAmount: Pence.nullable().openapi({ description: "What the adjudicator awarded; null until decided" }),
    decidedAt: IsoDateTime.nullable(),
    paymentDeadline: IsoDateTime.nullable().openapi({ description: "3 calendar days after the decision (end of day, London)" }),
    daysRemaining: z.number().int().nullable(),
    documents: z.array(z.object({ id: z.string(), document: z.object({ id: z.string(), url: z.string(), name: z.string() }) })),
    reasons: z
      .array(AdjudicatorReasonSchema)
      .openapi({ description: "The adjudicator's reasons, item by item (issue 39); empty before the decision and for decisions without them" }),
    repaymentOrderId: z.string().nullable(),
    repaymentOrderStatusId: z.enum(["PENDING", "COMPLETE"]).nullable(),
    payActions: z.object({
      ownShare: PayActionSchema.nullable().openapi({ description: "ARBITRATION_PAY: this tenant's share" }),
      remainingBalance: PayActionSchema.nullable().openapi({
        description: "ARBITRATION_PAY_REMAINING_BALANCE: the whole remaining balance",
      }),
    }),
    paymentChoice: z
      .boolean()
      .openapi({
        description: "Both actions exist, neither is completed and the amounts differ ('How much would you like to pay?')",
      }),
    paymentRequired: z.boolean().openapi({ description: "'Payment required': this tenant has an open repayment action" }),
    amountDue: Pence.nullable().openapi({
      description: "What the repayment order asked of the tenants in all (the award up to the limit, less the dispute fee credit); null until decided",
    }),
    tenantLiability: z
      .number()
      .int()
      .openapi({ description: "How many tenants' shares this tenant answers for ('You are responsible for paying the fee for N tenants.')" }),
    disputeFeeOutcome: z
      .object({
        credited: z.boolean(),
        reason: z.enum(["ADJUDICATOR_REDUCED_CHARGES", "EXCEEDS_EIGHT_WEEKS_RENT", "AWARDED_WHOLLY_TO_LANDLORD"]),
        creditPence: Pence,
      })
      .nullable()
      .openapi({ description: "What happens to the £60 dispute fee; null until decided" }),
    paymentPlanId: z.string().nullable(),
    breathingSpace: BreathingSpaceStatusSchema.openapi({ description: "This tenant's own Breathing Space in force ('Breathing Space until …', issue 36), or null" }),
  })
  .openapi("Arbitration");

export type ArbitrationView = z.infer<typeof ArbitrationSchema>;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The arbitration of a claim the user is a respondent of; anyone else's is "not found". */
export async function arbitrationView(deps: Deps, arbitrationId: string, userId: string): Promise<ArbitrationView> {
  const { db } = deps;
  const now = deps.clock.now();
  const [arbitration] = await db.select().from(arbitrations).where(eq(arbitrations.id, arbitrationId));
  if (!arbitration) throw notFound();
  const { claim, status, respondents } = await claimOfRespondent(db, arbitration.claimId, userId);
  const customer = await currentCustomer(deps, userId);
  const [[organization], docs, breathingSpace, reasons] = await Promise.all([
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, claim.organizationId)),
    db
      .select({ link: arbitrationDocuments, document: documents })
      .from(arbitrationDocuments)
      .innerJoin(documents, eq(documents.id, arbitrationDocuments.documentId))
      .where(eq(arbitrationDocuments.arbitrationId, arbitration.id))
      .orderBy(asc(arbitrationDocuments.createdAt)),
    breathingSpaceStatus(db, userId, now),
    adjudicatorReasons(db, arbitration.id, claim.id),
  ]);
  let repaymentOrderStatusId: "PENDING" | "COMPLETE" | null = null;
  const actions: { id: string; typeId: string; orderId: string; amountRemaining: number; completedAt: string | null }[] = [];
  if (arbitration.repaymentOrderId !== null) {
    const [order] = await db.select().from(orders).where(eq(orders.id, arbitration.repaymentOrderId));
    repaymentOrderStatusId = order?.statusId === "COMPLETE" ? "COMPLETE" : "PENDING";
    const rows = await db
      .select({ action: orderCustomerActions })
      .from(orderCustomerActions)
      .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
      .where(and(eq(orderCustomers.orderId, arbitration.repaymentOrderId), eq(orderCustomers.customerId, customer.id)));
    for (const { action } of rows) {
      actions.push({
        id: action.id,
        typeId: action.typeId,
        orderId: arbitration.repaymentOrderId,
        amountRemaining: Number(action.details.amountRemaining ?? 0),
        completedAt: iso(action.completedAt),
      });
    }
  }
  const ownShare = actions.find((a) => a.typeId === "ARBITRATION_PAY") ?? null;
  const remainingBalance = actions.find((a) => a.typeId === "ARBITRATION_PAY_REMAINING_BALANCE") ?? null;
  const plans = await claimPaymentPlans(
    db,
    claim.id,
    { mine: customer.id, others: respondents.filter((r) => r.userId !== userId).map((r) => r.customerId) },
    now,
  );
  const decided = arbitration.arbitratedAmount !== null && arbitration.decidedAt !== null;
  const outcome = decided
    ? disputeFeeOutcome({
        adjudicatedAmountPence: arbitration.arbitratedAmount!,
        finalAmountPence: claim.finalAmount ?? arbitration.arbitratedAmount!,
        limitPence: claim.limit,
      })
    : null;
  return {
    id: arbitration.id,
    claimId: claim.id,
    claim: {
      id: claim.id,
      status,
      finalAmount: claim.finalAmount,
      limit: claim.limit,
      organization: { name: organization?.name ?? "" },
    },
    arbitratedAmount: arbitration.arbitratedAmount,
    decidedAt: iso(arbitration.decidedAt),
    paymentDeadline: iso(arbitration.paymentDeadline),
    daysRemaining: arbitration.paymentDeadline === null ? null : daysRemaining(arbitration.paymentDeadline, now),
    documents: docs.map((d) => ({
      id: d.link.id,
      document: { id: d.document.id, url: documentUrl(d.document.id), name: d.document.name },
    })),
    reasons,
    repaymentOrderId: arbitration.repaymentOrderId,
    repaymentOrderStatusId,
    payActions: { ownShare, remainingBalance },
    paymentChoice:
      ownShare !== null &&
      remainingBalance !== null &&
      ownShare.completedAt === null &&
      remainingBalance.completedAt === null &&
      ownShare.amountRemaining !== remainingBalance.amountRemaining,
    paymentRequired: repaymentOrderStatusId === "PENDING" && actions.some((a) => a.completedAt === null),
    amountDue: outcome ? adjudicationRepayment(arbitration.arbitratedAmount!, claim.limit, outcome.creditPence).amountDuePence : null,
    tenantLiability: respondents.find((r) => r.userId === userId)?.tenantLiability ?? 1,
    disputeFeeOutcome: outcome,
    paymentPlanId: plans.paymentPlanId,
    breathingSpace,
  };
}
