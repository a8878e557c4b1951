/**
 * What the claim's submit, accept and pay pages show, shaped from the claim the API gives
 * (part 1 §4.1, §4.3): pure, so the loaders stay short and the rules are tested on their own
 * (tests/routes/claim-submit.test.ts, claim-pay.test.ts). What is due and which action the pay
 * page takes are the API's (acceptDue, chargesPayment).
 */
import {
  PROPOSAL_HOLD_DAYS,
  proposalConfirmationKind,
  proposalUpfrontPaymentPence,
  type ProposalConfirmationKind,
} from "#common/claim-confirmation";
import type { components } from "~/lib/api/schema";
import { formatPounds } from "#common/wording";

type Claim = components["schemas"]["Claim"];

/** A claim payment's success page: waiting for the payment, taking longer than expected, or done. */

type ClaimFacts = Pick<Claim, "items" | "proposals" | "limit" | "tenantDraftProposalId">;

/** The charges the tenant is answering: the landlord's or agent's current amount for every item. */
export function totalChargesPence(claim: Pick<Claim, "items">): number {
  return claim.items.reduce((sum, item) => sum + (item.currentAmount ?? 0), 0);
}

/** Part 1 §8's message when Continue is reached before every item has a proposal (the API's own words). */
export const INCOMPLETE_PROPOSAL_MESSAGE = "Give a proposal for every item before you continue.";

export type SubmitView = {
  kind: ProposalConfirmationKind;
  claimProposalId: string;
  proposedPence: number;
  upfrontPence: number;
  proposed: string;
  charges: string;
  limit: string;
  upfront: string;
  holdDays: number;
};

/**
 * The confirmation that fits the tenant's draft (part 1 §4.1), or null when there is no draft
 * or it lacks a proposal for some item (Continue is for a complete proposal only).
 */
export function submitView(claim: ClaimFacts): SubmitView | null {
  const draft = claim.proposals.find((p) => p.id === claim.tenantDraftProposalId && p.round === 2 && p.status === "DRAFT");
  if (!draft) return null;
  const covered = new Set(draft.itemProposals.map((ip) => ip.claimItemId));
  if (claim.items.length === 0 || !claim.items.every((item) => covered.has(item.id))) return null;
  const proposedPence = draft.itemProposals.reduce((sum, ip) => sum + ip.amount, 0);
  const chargesPence = totalChargesPence(claim);
  const upfrontPence = proposalUpfrontPaymentPence(proposedPence, claim.limit);
  return {
    kind: proposalConfirmationKind(proposedPence, chargesPence, claim.limit),
    claimProposalId: draft.id,
    proposedPence,
    upfrontPence,
    proposed: formatPounds(proposedPence),
    charges: formatPounds(chargesPence),
    limit: formatPounds(claim.limit),
    upfront: formatPounds(upfrontPence),
    holdDays: PROPOSAL_HOLD_DAYS,
  };
}

/**
 * Claims paid by someone else (issue 12 scope 5): "{name} has paid £X. £Y is left to pay.", from
 * what co-tenants paid on the payable order and the balance left (the tenant's open
 * CLAIM_PAY_REMAINING_BALANCE, amountRemaining from the API). Null when no co-tenant has paid.
 */
export function coTenantPaidText(claim: Pick<Claim, "coTenantPayments" | "payActions" | "payableOrderId">): string | null {
  if (!claim.payableOrderId || claim.coTenantPayments.length === 0) return null;
  const paid = claim.coTenantPayments.map((p) => `${`${p.firstName} ${p.lastName}`.trim()} has paid ${formatPounds(p.amount)}.`);
  const balance = claim.payActions.find((a) => a !== null && a.orderId === claim.payableOrderId && a.typeId === "CLAIM_PAY_REMAINING_BALANCE");
  const left = balance && balance.completedAt === null ? balance.amountRemaining : 0;
  return [...paid, left > 0 ? `${formatPounds(left)} is left to pay.` : "Nothing is left to pay."].join(" ");
}
