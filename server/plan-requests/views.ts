/**
 * What the budget page reads (issue 36, scope 2): the caller's own debts with their latest
 * request, and a budget worked out against one of them (nothing is stored).
 */
import type { Deps } from "../context";
import { PAYMENT_PLAN_OFFER_HOURS } from "../domain/deadlines";
import { instalmentPlan, MAX_PLAN_INSTALMENTS, plansThatFit, workOutBudget, type BudgetLineInput } from "../domain/budget";
import { latestRequests, ownDebts, resolveOwnDebt, type Debt, type DebtRef, type LatestRequest } from "./debts";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function requestSummary(r: LatestRequest) {
  return {
    id: r.id,
    status: r.status as "PENDING" | "OFFERED" | "REFUSED" | "WITHDRAWN",
    amountPence: r.amountPence,
    plan: instalmentPlan(r.amountPence, r.instalments),
    createdAt: r.createdAt.toISOString(),
    answeredAt: iso(r.answeredAt),
  };
}

export function debtView(debt: Debt, request: LatestRequest | null) {
  return {
    debtType: debt.debtType,
    claimId: debt.debtType === "CLAIM_BALANCE" ? debt.claimId : null,
    arbitrationId: debt.arbitrationId,
    paymentPlanInstalmentId: debt.paymentPlanInstalmentId,
    paymentPlanId: debt.paymentPlanId,
    instalmentNumber: debt.instalmentNumber,
    amountPence: debt.amountPence,
    property: debt.property,
    request: request ? requestSummary(request) : null,
  };
}

/** The caller's open debts, each with their latest request for a plan for it. */
export async function debtsView(deps: Pick<Deps, "db" | "clock">, userId: string) {
  const [debts, latest] = await Promise.all([ownDebts(deps.db, userId, deps.clock.now()), latestRequests(deps.db, userId)]);
  return {
    debts: debts.map((d) => debtView(d, latest.get(d.recordId) ?? null)),
    maxInstalments: MAX_PLAN_INSTALMENTS,
    offerHours: PAYMENT_PLAN_OFFER_HOURS,
  };
}

/** A budget worked out against one of the caller's debts: what is left each month and the plans that fit. */
export async function workedOutBudgetView(deps: Pick<Deps, "db" | "clock">, userId: string, input: DebtRef & { lines: BudgetLineInput[] }) {
  const debt = await resolveOwnDebt(deps.db, userId, input, deps.clock.now());
  const worked = workOutBudget(input.lines);
  const fit = plansThatFit(debt.amountPence, worked.leftPence);
  const latest = (await latestRequests(deps.db, userId)).get(debt.recordId) ?? null;
  return {
    debt: debtView(debt, latest),
    monthlyIncomePence: worked.monthlyIncomePence,
    monthlyOutgoingsPence: worked.monthlyOutgoingsPence,
    leftPence: worked.leftPence,
    fits: fit.fits,
    why: fit.fits ? null : fit.why,
    plans: fit.plans,
    maxInstalments: MAX_PLAN_INSTALMENTS,
  };
}
