/**
 * What the arbitration page and the adjudication payment screen show, shaped from the API's
 * arbitration (GET /arbitrations/{id}; part 1 §2.4, §2.5, §4.1, §6): pure, so the loaders stay
 * short, the card page's client code stays tiny (its component gets text, not rules) and every
 * state is tested on its own (tests/routes/arbitration.test.ts). Decision 0024.
 */
import { ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS } from "#common/dispute-fee";
import { disputeFeeWordsAfter, type FeeOutcomeWords, formatDate, formatPounds } from "#common/wording";
import type { PaymentType } from "#common/payments";
import type { components } from "~/lib/api/schema";

/** The arbitration as the API gives it to the signed-in tenant. */
export type Arbitration = components["schemas"]["Arbitration"];
type PayAction = NonNullable<Arbitration["payActions"]["ownShare"]>;

export const arbitrationPaths = {
  page: (id: string) => `/arbitrations/${encodeURIComponent(id)}`,
  pay: (id: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return `/arbitrations/${encodeURIComponent(id)}/pay${search ? `?${search}` : ""}`;
  },
};

/** An action the tenant can still pay: not completed and something left on it. */
function open(action: PayAction | null): action is PayAction {
  return action !== null && action.completedAt === null && action.amountRemaining > 0;
}

function landlordOf(arbitration: Pick<Arbitration, "claim">): string {
  return arbitration.claim.organization.name.trim() || "your landlord or agent";
}

export type DisputeFeeView = FeeOutcomeWords;

/**
 * What happened to the dispute fee (part 1 §4.1), in the one set of sentences
 * (common/wording/fees.ts, issue 27): the case comes from the one rule applied to the award,
 * the amount finally asked for and the limit — the figures the API's own outcome came from.
 */
export function disputeFeeView(arbitration: Pick<Arbitration, "disputeFeeOutcome" | "claim" | "arbitratedAmount">): DisputeFeeView | null {
  if (!arbitration.disputeFeeOutcome || arbitration.arbitratedAmount === null) return null;
  return disputeFeeWordsAfter(
    {
      adjudicatedAmountPence: arbitration.arbitratedAmount,
      finalAmountPence: arbitration.claim.finalAmount ?? arbitration.arbitratedAmount,
      limitPence: arbitration.claim.limit,
      landlord: landlordOf(arbitration),
    },
    formatPounds,
  );
}

/** What the tenant is asked to pay now: the remaining balance when it is open, else their own share. */
function payable(arbitration: Pick<Arbitration, "payActions">): { action: PayAction; paymentType: Extract<PaymentType, "ARBITRATION" | "ARBITRATION_REMAINING_BALANCE"> } | null {
  const { ownShare, remainingBalance } = arbitration.payActions;
  if (open(remainingBalance)) return { action: remainingBalance, paymentType: "ARBITRATION_REMAINING_BALANCE" };
  if (open(ownShare)) return { action: ownShare, paymentType: "ARBITRATION" };
  return null;
}

/**
 * What others have paid already (part 1 §4.3, issue 12 scope 5), as a sentence, or null: the
 * remaining balance is below what was due. Paying one's own share lowers one's own balance too,
 * so that is said as "you paid your share".
 */
function paidSoFar(arbitration: Pick<Arbitration, "payActions" | "amountDue">): string | null {
  const { ownShare, remainingBalance } = arbitration.payActions;
  if (!open(remainingBalance) || arbitration.amountDue === null) return null;
  const paid = arbitration.amountDue - remainingBalance.amountRemaining;
  if (paid <= 0) return null;
  const left = formatPounds(remainingBalance.amountRemaining);
  if (ownShare !== null && ownShare.completedAt !== null) {
    return `You have paid your share. ${formatPounds(paid)} of ${formatPounds(arbitration.amountDue)} has been paid so far, and ${left} is still to pay.`;
  }
  return `Another tenant on your tenancy has already paid ${formatPounds(paid)} of ${formatPounds(arbitration.amountDue)}. ${left} is left to pay.`;
}

function deadlineText(arbitration: Pick<Arbitration, "paymentDeadline" | "daysRemaining">): string | null {
  if (!arbitration.paymentDeadline) return null;
  const date = formatDate(arbitration.paymentDeadline);
  const days = arbitration.daysRemaining ?? 0;
  if (days < 0) return `The deadline to pay was ${date}. Please pay now.`;
  const left = days === 0 ? "today is the last day" : `${days} ${days === 1 ? "day" : "days"} left`;
  return `You have ${ADJUDICATION_PAYMENT_DAYS} calendar days from the decision to pay: pay by ${date} (${left}).`;
}

export type ArbitrationPageView = {
  id: string;
  landlord: string;
  /** Before the decision: what is happening and how long it takes. */
  waiting: string | null;
  paymentRequired: { owed: string; deadline: string | null } | null;
  result: {
    awarded: string;
    asked: string | null;
    limit: string;
    amountDue: string | null;
    disputeFee: DisputeFeeView | null;
  } | null;
  reports: { name: string; url: string }[];
  /** The adjudicator's reasons item by item (issue 39), or null when the decision came without them. */
  reasons: {
    /** Whether any item has its own amount awarded (the table's column is shown only then). */
    withAwarded: boolean;
    items: { id: string; description: string; asked: string; awarded: string; reason: string }[];
  } | null;
  payment:
    | { state: "due"; owed: string; deadline: string | null; paidSoFar: string | null; payHref: string }
    | { state: "paid"; text: string }
    | { state: "waiting-others"; text: string }
    | null;
};

/** The arbitration page (part 1 §2.5): the banner, the Result card, the report(s) and the payment section. */
export function arbitrationPageView(arbitration: Arbitration): ArbitrationPageView {
  const landlord = landlordOf(arbitration);
  const decided = arbitration.arbitratedAmount !== null;
  const next = payable(arbitration);
  const deadline = deadlineText(arbitration);
  let payment: ArbitrationPageView["payment"] = null;
  if (decided && arbitration.repaymentOrderId !== null) {
    if (arbitration.repaymentOrderStatusId === "COMPLETE") {
      payment = { state: "paid", text: "The amount the adjudicator awarded has been paid in full. There is nothing more to pay." };
    } else if (next) {
      payment = {
        state: "due",
        owed: formatPounds(next.action.amountRemaining),
        deadline,
        paidSoFar: paidSoFar(arbitration),
        payHref: arbitrationPaths.pay(arbitration.id),
      };
    } else {
      payment = { state: "waiting-others", text: "Your part has been paid. We are waiting for the other tenants on your tenancy to pay theirs." };
    }
  }
  return {
    id: arbitration.id,
    landlord,
    waiting: decided
      ? null
      : `Your dispute is with an independent adjudicator, who is looking at the evidence from you and from ${landlord}. This can take up to ${ADJUDICATION_MAX_WEEKS} weeks. We will let you know when they have decided; there is nothing you need to do until then.`,
    paymentRequired: arbitration.paymentRequired && next ? { owed: formatPounds(next.action.amountRemaining), deadline } : null,
    result: decided
      ? {
          awarded: formatPounds(arbitration.arbitratedAmount!),
          asked: arbitration.claim.finalAmount !== null ? formatPounds(arbitration.claim.finalAmount) : null,
          limit: formatPounds(arbitration.claim.limit),
          amountDue: arbitration.amountDue !== null ? formatPounds(arbitration.amountDue) : null,
          disputeFee: disputeFeeView(arbitration),
        }
      : null,
    reports: arbitration.documents.map((d) => ({ name: d.document.name, url: d.document.url })),
    reasons: reasonsView(arbitration),
    payment,
  };
}

function reasonsView(arbitration: Pick<Arbitration, "reasons" | "arbitratedAmount">): ArbitrationPageView["reasons"] {
  const reasons = arbitration.reasons ?? [];
  if (arbitration.arbitratedAmount === null || reasons.length === 0) return null;
  return {
    withAwarded: reasons.some((r) => r.awardedAmount !== null),
    items: reasons.map((r) => ({
      id: r.claimItemId,
      description: r.description,
      asked: r.askedAmount !== null ? formatPounds(r.askedAmount) : "Not known",
      awarded: r.awardedAmount !== null ? formatPounds(r.awardedAmount) : "Not given",
      reason: r.reason,
    })),
  };
}

export type PayChoice = "share" | "balance";

export type PayScreenView = {
  id: string;
  backHref: string;
  /** 'How much would you like to pay?' (both actions open, amounts differ, nothing chosen yet). */
  choice: { selected: PayChoice; balance: string; share: string } | null;
  /** The summary card and the card form, once the amount is settled. */
  pay: {
    paymentType: Extract<PaymentType, "ARBITRATION" | "ARBITRATION_REMAINING_BALANCE">;
    orderId: string;
    title: string;
    amount: number;
    amountText: string;
    /** 'What does paying my share mean?' (share only): the link, and the explanation when asked for. */
    explainHref: string | null;
    explanation: string[] | null;
    closeExplanationHref: string | null;
    /** Back to the choice, when there was one. */
    changeHref: string | null;
  } | null;
  liability: string | null;
  paidSoFar: string | null;
  deadline: string | null;
};

/**
 * The adjudication payment screen (part 1 §2.4, §6) for `?choice=share|balance` and
 * `?explain=share`, or null when nothing is left for this tenant to pay. The choice is asked
 * only when the API says both actions are open with different amounts (paymentChoice); its
 * default is the remaining balance when that action exists, else the own share.
 */
export function payScreenView(arbitration: Arbitration, query: URLSearchParams): PayScreenView | null {
  const { ownShare, remainingBalance } = arbitration.payActions;
  const next = payable(arbitration);
  if (!next || arbitration.repaymentOrderId === null || arbitration.repaymentOrderStatusId === "COMPLETE") return null;
  const asked = query.get("choice");
  const chosen: PayChoice | null = asked === "share" || asked === "balance" ? asked : null;
  const choosing = arbitration.paymentChoice && open(ownShare) && open(remainingBalance);
  const liability =
    arbitration.tenantLiability > 1 ? `You are responsible for paying the fee for ${arbitration.tenantLiability} tenants.` : null;
  const common = {
    id: arbitration.id,
    backHref: arbitrationPaths.page(arbitration.id),
    liability,
    paidSoFar: paidSoFar(arbitration),
    deadline: deadlineText(arbitration),
  };
  if (choosing && chosen === null) {
    return {
      ...common,
      choice: { selected: "balance", balance: formatPounds(remainingBalance.amountRemaining), share: formatPounds(ownShare.amountRemaining) },
      pay: null,
    };
  }
  const picked = choosing && chosen === "share" ? { action: ownShare, paymentType: "ARBITRATION" as const } : next;
  const share = picked.paymentType === "ARBITRATION";
  const shareQuery: Record<string, string> = choosing ? { choice: "share" } : {};
  return {
    ...common,
    choice: null,
    pay: {
      paymentType: picked.paymentType,
      orderId: arbitration.repaymentOrderId,
      title: share ? "Your share of this adjudication is" : "The remaining balance for this adjudication is",
      amount: picked.action.amountRemaining,
      amountText: formatPounds(picked.action.amountRemaining),
      explainHref: share ? arbitrationPaths.pay(arbitration.id, { ...shareQuery, explain: "share" }) : null,
      explanation:
        share && query.get("explain") === "share"
          ? [
              "Everyone named on the tenancy is jointly and severally liable for what the adjudicator awarded. That means each of you owes your own share, and each of you can also be asked for the whole amount if the others do not pay.",
              `Paying your share pays your part now. If another tenant does not pay theirs, you may still be asked to pay what is left of the ${formatPounds(arbitration.amountDue ?? picked.action.amountRemaining)}.`,
            ]
          : null,
      closeExplanationHref: share ? arbitrationPaths.pay(arbitration.id, shareQuery) : null,
      changeHref: choosing ? arbitrationPaths.pay(arbitration.id) : null,
    },
  };
}
