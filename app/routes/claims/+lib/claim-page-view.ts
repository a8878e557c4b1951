/**
 * The claim page's view (part 1 §2.5, §4.1, §6): what each part of /claims/:claimId shows,
 * shaped from the API's claim (GET /claims/{claimId}) and the page's URL. Pure: the loader
 * passes "now", so tests hold every wording against the spec. The API decides what may happen
 * (canRespond, allowedActions, daysRemaining, urgency); this module decides how it reads.
 */
import { RESPONSE_WINDOW_DAYS } from "#common/tenant-terms";
import type { components } from "~/lib/api/schema";
import { addressLine } from "~/lib/format";
import { formatPounds, londonDayText } from "#common/wording";
import { claimChoiceView, type ClaimChoiceView } from "./claim-choice";
import { deadlineView, type DeadlineView } from "./claim-deadline-view";
import { itemPanelView, type EvidenceLink, type ItemPanelView } from "./claim-item-view";
import { documentTypeLabel } from "./claim-labels";
import { claimPageHref, claimPageState, type ClaimPageState } from "./claim-page-url";
import { coTenantPaidText } from "./claim-pay";
import { latestOf, tenantProposalOf } from "./claim-rounds";

type Claim = components["schemas"]["Claim"];

export interface ClaimPageView {
  claimId: string;
  mediationEnabled: boolean;
  state: ClaimPageState;
  organisation: string;
  address: string;
  totalCharges: string;
  limit: string;
  deadline: DeadlineView | null;
  calendarHref: string;
  awaitingResponseFrom: string | null;
  coTenantOnPaymentPlan: boolean;
  /** The co-tenant warning (more than one respondent): the other tenants' names. */
  coTenants: string[];
  items: ItemPanelView[];
  /** Round 3: the landlord's final proposal per item and in total. */
  finalProposal: { lines: { description: string; amount: string; reasoning: string | null }[]; total: string } | null;
  /** The two ways forward (accept or dispute), when the tenant answers a final proposal or charges without mediation. */
  choice: ClaimChoiceView | null;
  /** Claims paid by someone else: "{name} has paid £X. £Y is left to pay." */
  coTenantPaid: string | null;
  /** 'Your Proposal': the tenant's proposal per item and in total, when they have one. */
  proposal: { status: string; lines: { description: string; amount: string | null }[]; total: string } | null;
  supportingDocuments: EvidenceLink[];
  canAddSupportingInformation: boolean;
  tenancyDocuments: (EvidenceLink & { type: string })[];
  /** The ways forward. */
  acceptHref: string | null;
  /** Continue to submit the draft: the link when every item has a proposal, else what is missing. */
  continueStep: { href: string } | { missing: string[] } | null;
  payHref: string | null;
  proposalPaymentHref: string | null;
  proposalPaymentAmount: string | null;
  links: { intro: string; explainer: string; charges: string };
  responseWindowDays: number;
  /** Issue 36: 'Ask for more time' while a tenant may, or the request waiting for our answer (decision 0049). */
  moreTime: { href: string; waiting: string | null } | null;
}

const PROPOSAL_STATUS_TEXT: Record<string, string> = {
  DRAFT: "Not submitted yet",
  AWAITING_PAYMENT: "Waiting for its payment",
  AWAITING_RESPONSE: "Submitted: waiting for your landlord's answer",
  SETTLED: "Accepted",
  DISPUTED: "Refused",
};

export function claimPageView(claim: Claim, url: URL, now: Date): ClaimPageView {
  const state = claimPageState(url);
  const sub = (path: string) => `/claims/${encodeURIComponent(claim.id)}/${path}`;
  const own = tenantProposalOf(claim);
  const round1 = latestOf(claim.proposals, 1);
  const totalCharges = round1?.totalAmount ?? claim.items.reduce((sum, i) => sum + (i.chargedAmount ?? 0), 0);

  let continueStep: ClaimPageView["continueStep"] = null;
  const draft = claim.tenantDraftProposalId ? claim.proposals.find((p) => p.id === claim.tenantDraftProposalId) : undefined;
  if (claim.canRespond && draft) {
    const covered = new Set(draft.itemProposals.map((ip) => ip.claimItemId));
    const missing = claim.items.filter((i) => !covered.has(i.id)).map((i) => i.description);
    continueStep = missing.length === 0 ? { href: sub("submit") } : { missing };
  }
  const round3 = latestOf(claim.proposals, 3);
  const choice = claimChoiceView(claim);
  const payDue = claim.awaitingPayment && claim.payActions.some((a) => a != null && a.completedAt === null && a.amountRemaining > 0);

  return {
    claimId: claim.id,
    mediationEnabled: claim.mediationEnabled,
    state,
    organisation: claim.organization.name,
    address: addressLine(claim.tenancy.property.address),
    totalCharges: formatPounds(totalCharges),
    limit: formatPounds(claim.limit),
    deadline: deadlineView(claim),
    calendarHref: sub("deadline.ics"),
    awaitingResponseFrom: claim.awaitingResponseFrom,
    coTenantOnPaymentPlan: claim.coTenantOnPaymentPlan,
    coTenants:
      claim.respondents.length > 1
        ? claim.respondents.filter((r) => !r.isCurrentUser).map((r) => `${r.firstName} ${r.lastName}`.trim())
        : [],
    items: claim.items.map((item) => itemPanelView(claim, item, state, now)),
    finalProposal: round3
      ? {
          lines: claim.items.flatMap((item) => {
            const line = round3.itemProposals.find((ip) => ip.claimItemId === item.id);
            return line ? [{ description: item.description, amount: formatPounds(line.amount), reasoning: line.explanation?.trim() || null }] : [];
          }),
          total: formatPounds(round3.totalAmount),
        }
      : null,
    choice,
    coTenantPaid: coTenantPaidText(claim),
    proposal: own
      ? {
          status: PROPOSAL_STATUS_TEXT[own.status] ?? own.status,
          lines: claim.items.map((item) => {
            const line = own.itemProposals.find((ip) => ip.claimItemId === item.id);
            return { description: item.description, amount: line ? formatPounds(line.amount) : null };
          }),
          total: formatPounds(own.totalAmount),
        }
      : null,
    supportingDocuments: claim.responseDocuments.map((d) => ({ id: d.id, name: d.name, href: d.url })),
    canAddSupportingInformation: claim.canRespond,
    tenancyDocuments: claim.documents.map((d) => ({ id: d.id, name: d.name, href: d.url, type: documentTypeLabel(d.typeId) })),
    acceptHref: !choice && claim.canRespond && claim.allowedActions.includes("accept") ? sub("accept") : null,
    continueStep,
    payHref: payDue ? sub("pay") : null,
    proposalPaymentHref: claim.proposalPayment ? sub("proposal-payment") : null,
    proposalPaymentAmount: claim.proposalPayment ? formatPounds(claim.proposalPayment.amount) : null,
    links: {
      intro: claimPageHref(claim, { intro: true }, "mediation"),
      explainer: claimPageHref(claim, { explainer: true }, "explainer"),
      charges: claimPageHref(claim, {}, "charges"),
    },
    responseWindowDays: RESPONSE_WINDOW_DAYS,
    moreTime: moreTimeView(claim, sub("more-time")),
  };
}

/** The claim page's more-time line (issue 36): the link while a tenant may ask, the waiting request's words while it waits. */
function moreTimeView(claim: Claim, href: string): ClaimPageView["moreTime"] {
  const waiting = claim.moreTime.waiting;
  if (waiting) {
    const who = waiting.askedByYou ? "You" : waiting.askedBy;
    return {
      href,
      waiting: `${who} asked for more time. We will answer by ${londonDayText(waiting.answerBy)} (midnight, UK time). Until then, the charges will not be treated as accepted.`,
    };
  }
  return claim.moreTime.canAsk ? { href, waiting: null } : null;
}
