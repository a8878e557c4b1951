/**
 * Your co-tenants (issue 38, decision 0061): what each co-tenant on a Keyfree order or a claim
 * has done and when, what they still have to do, whose answer binds the claim, and the 24 hours
 * between two reminders from one tenant to another. Pure: the views pass the rows they already
 * read. Nothing here carries a co-tenant's e-mail address, phone number, or any amount.
 */

/** What a co-tenant has done, each with when (an ISO instant). */
export type CoTenantEventKind =
  | "FINISHED_STEPS"
  | "PAID_SHARE"
  | "ACCEPTED"
  | "PROPOSED"
  | "DISPUTED"
  | "PAID_DISPUTE_FEE";

/** What a co-tenant still has to do (a reminder can go), or null. */
export type CoTenantWaitingFor = "STEPS" | "PAY_SHARE" | "ANSWER" | "DISPUTE_FEE";

export type CoTenantEvent = { kind: CoTenantEventKind; at: string };

export type CoTenant = {
  /** The id a reminder names: the co-tenant's customer id on an order, their respondent id on a claim. */
  id: string;
  firstName: string;
  lastName: string;
  done: CoTenantEvent[];
  waitingFor: CoTenantWaitingFor | null;
};

/** The answer that binds every tenant on the claim: who gave it (null: nobody answered in time) and when. */
export type BindingAnswer = {
  how: "ACCEPTED" | "PROPOSED" | "DISPUTED" | "DEEMED_ACCEPTED";
  firstName: string | null;
  lastName: string | null;
  byYou: boolean;
  at: string;
};

/** Between two reminders from one tenant to one co-tenant about one order or claim. */
export const COTENANT_REMINDER_HOURS = 24;

/** When the next reminder of a pair can go, given when the last one went. */
export function nextReminderAt(lastSentAt: Date): Date {
  return new Date(lastSentAt.getTime() + COTENANT_REMINDER_HOURS * 60 * 60 * 1000);
}

/** The latest of some instants (ISO), or null when there are none. */
function latest(instants: readonly (Date | null)[]): Date | null {
  let out: Date | null = null;
  for (const d of instants) if (d && (!out || d > out)) out = d;
  return out;
}

type Action = { typeId: string; completedAt: Date | null };
type OrderCustomerRow = { customerId: string; userId: string; actions: readonly Action[] };
type Name = { id: string; firstName: string; lastName: string };

/**
 * The co-tenants on a Keyfree order at checkout, each with their checkout steps finished (when
 * the last step before paying was done) and their share paid; waiting for their steps or their
 * payment. The viewer is left out; a tenant with no order customer (another pays for them) too.
 */
export function checkoutCoTenants(meUserId: string, all: readonly OrderCustomerRow[], names: readonly Name[]): CoTenant[] {
  return all
    .filter((oc) => oc.userId !== meUserId)
    .map((oc) => {
      const name = names.find((n) => n.id === oc.userId);
      const steps = oc.actions.filter((a) => a.typeId !== "KEYFREE_PAY");
      const pay = oc.actions.find((a) => a.typeId === "KEYFREE_PAY");
      const stepsDone = steps.every((a) => a.completedAt !== null);
      const done: CoTenantEvent[] = [];
      const finishedAt = stepsDone ? latest(steps.map((a) => a.completedAt)) : null;
      if (finishedAt) done.push({ kind: "FINISHED_STEPS", at: finishedAt.toISOString() });
      if (pay?.completedAt) done.push({ kind: "PAID_SHARE", at: pay.completedAt.toISOString() });
      const waitingFor: CoTenantWaitingFor | null = !stepsDone ? "STEPS" : pay && !pay.completedAt ? "PAY_SHARE" : null;
      return { id: oc.customerId, firstName: name?.firstName ?? "", lastName: name?.lastName ?? "", done, waitingFor };
    });
}

type Activity = { activityType: string; userId: string | null; details: Record<string, unknown>; createdAt: Date };
type ClaimAction = { customerId: string; orderId: string; typeId: string; completedAt: Date | null; amountRemaining: number };

const ANSWERS: Record<string, BindingAnswer["how"]> = {
  CHARGE_ACCEPTED: "ACCEPTED",
  PROPOSAL_SUBMITTED: "PROPOSED",
  CHARGES_DISPUTED: "DISPUTED",
  CHARGES_DEEMED_ACCEPTED: "DEEMED_ACCEPTED",
};

/** Each answer to a proposal once (accepting records one activity per charge): its kind, who, when. */
function answersOf(activities: readonly Activity[]) {
  const seen = new Set<string>();
  const out: { how: BindingAnswer["how"]; userId: string | null; at: Date }[] = [];
  for (const a of [...activities].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())) {
    const how = ANSWERS[a.activityType];
    if (!how) continue;
    const key = `${a.activityType}:${String(a.details.claimProposalId ?? "")}:${a.userId ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ how, userId: a.userId, at: a.createdAt });
  }
  return out;
}

export type ClaimCoTenantsInput = {
  meUserId: string;
  respondents: readonly { respondentId: string; userId: string; firstName: string; lastName: string }[];
  customers: readonly { userId: string; customerId: string }[];
  activities: readonly Activity[];
  /** Every pay action on the claim's orders. */
  actions: readonly ClaimAction[];
  /** The order the charges are paid on now, or null. */
  payableOrderId: string | null;
  /** The dispute fee's order, or null. */
  feeOrderId: string | null;
  /** The claim waits for a tenant's answer (any of them may give it). */
  awaitingAnswer: boolean;
};

/**
 * The co-tenants on a claim: how and when each answered, when they paid their share and the
 * dispute fee, and what they still have to do; and the answer that binds everyone (the latest
 * one given: the one the claim stands on now).
 */
export function claimCoTenants(input: ClaimCoTenantsInput): { coTenants: CoTenant[]; bindingAnswer: BindingAnswer | null } {
  const answers = answersOf(input.activities);
  const coTenants = input.respondents
    .filter((r) => r.userId !== input.meUserId)
    .map((r) => {
      const customerId = input.customers.find((c) => c.userId === r.userId)?.customerId;
      const mine = input.actions.filter((a) => a.customerId === customerId);
      const done: { kind: CoTenantEventKind; at: Date }[] = answers
        .filter((a) => a.userId === r.userId && a.how !== "DEEMED_ACCEPTED")
        .map((a) => ({ kind: a.how as CoTenantEventKind, at: a.at }));
      const onPayable = input.payableOrderId ? mine.filter((a) => a.orderId === input.payableOrderId && a.typeId !== "ARBITRATION_ADMIN_PAY") : [];
      const paidAt = onPayable.length > 0 && onPayable.every((a) => a.completedAt) ? latest(onPayable.map((a) => a.completedAt)) : null;
      if (paidAt) done.push({ kind: "PAID_SHARE", at: paidAt });
      const fee = input.feeOrderId ? mine.find((a) => a.orderId === input.feeOrderId && a.typeId === "ARBITRATION_ADMIN_PAY") : undefined;
      if (fee?.completedAt) done.push({ kind: "PAID_DISPUTE_FEE", at: fee.completedAt });
      const waitingFor: CoTenantWaitingFor | null = input.awaitingAnswer
        ? "ANSWER"
        : onPayable.some((a) => !a.completedAt && a.amountRemaining > 0)
          ? "PAY_SHARE"
          : fee && !fee.completedAt
            ? "DISPUTE_FEE"
            : null;
      return {
        id: r.respondentId,
        firstName: r.firstName,
        lastName: r.lastName,
        done: done.sort((a, b) => a.at.getTime() - b.at.getTime()).map((e) => ({ kind: e.kind, at: e.at.toISOString() })),
        waitingFor,
      };
    });
  const last = answers.at(-1);
  const by = last?.userId ? input.respondents.find((r) => r.userId === last.userId) : undefined;
  const bindingAnswer: BindingAnswer | null = last
    ? {
        how: last.how,
        firstName: by?.firstName ?? null,
        lastName: by?.lastName ?? null,
        byYou: last.userId !== null && last.userId === input.meUserId,
        at: last.at.toISOString(),
      }
    : null;
  return { coTenants, bindingAnswer };
}
