/**
 * The claim page's view (part 1 §2.5, §4.1, §6): what each part of /claims/:claimId shows,
 * shaped from the API's claim (GET /claims/{claimId}) and the page's URL. Pure: the loader
 * passes "now", so tests hold every wording against the spec. The API decides what may happen
 * (canRespond, allowedActions, daysRemaining, urgency); this module decides how it reads.
 */
import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime.js";
import { ADJUDICATION_PAYMENT_DAYS, ADJUDICATION_MAX_WEEKS, DISPUTE_FEE_PENCE, disputeFeeOutcome } from "../../../../common/dispute-fee";
import { COVER_WEEKS, RESPONSE_WINDOW_DAYS } from "../../../../common/tenant-terms";
import { allDayCalendar } from "../../../../common/calendar";
import type { components } from "~/lib/api/schema";
import { coTenantPaidText } from "./claim-pay";
import { addressLine, formatDate, formatPounds } from "~/lib/format";

dayjs.extend(relativeTime);

type Claim = components["schemas"]["Claim"];
type ClaimItem = Claim["items"][number];
type Proposal = Claim["proposals"][number];
type ItemDocument = ClaimItem["landlordEvidence"][number];

// ── The page's state, in the URL (docs/decisions/0018) ──────────────────────

export type ClaimTab = "history" | "evidence";

export interface ClaimPageState {
  /** The item whose History and Evidence are shown ('Show more'), or null (every panel collapsed). */
  itemId: string | null;
  tab: ClaimTab;
  /** 'Read intro': the mediation introduction in full. */
  intro: boolean;
  /** 'Explaining your end of tenancy process'. */
  explainer: boolean;
}

export function claimPageState(url: URL): ClaimPageState {
  const q = url.searchParams;
  return {
    itemId: q.get("item") || null,
    tab: q.get("tab") === "evidence" ? "evidence" : "history",
    intro: q.has("intro"),
    explainer: q.has("explainer"),
  };
}

/**
 * The page's URL for a state: `?mediationEnabled=true` first when the claim has mediation (part
 * 1 §2.5), then the state; `anchor` is a fragment without '#'.
 */
export function claimPageHref(
  claim: Pick<Claim, "id" | "mediationEnabled">,
  state: Partial<ClaimPageState> = {},
  anchor?: string,
): string {
  const q = new URLSearchParams();
  if (claim.mediationEnabled) q.set("mediationEnabled", "true");
  if (state.itemId) {
    q.set("item", state.itemId);
    q.set("tab", state.tab ?? "history");
  }
  const flags = [state.intro ? "intro" : null, state.explainer ? "explainer" : null].filter(Boolean);
  const query = [q.toString(), ...flags].filter(Boolean).join("&");
  return `/claims/${encodeURIComponent(claim.id)}${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/** Part 1 §2.5: `mediationEnabled=true` is added to the URL when the claim has mediation and it is missing. */
export function mediationRedirect(claim: Pick<Claim, "mediationEnabled">, url: URL): string | null {
  if (!claim.mediationEnabled || url.searchParams.get("mediationEnabled") === "true") return null;
  // Flags without a value (?intro) stay as they were written.
  const rest = url.search
    .slice(1)
    .split("&")
    .filter((part) => part && !part.startsWith("mediationEnabled"));
  return `${url.pathname}?${["mediationEnabled=true", ...rest].join("&")}`;
}

// ── Words ───────────────────────────────────────────────────────────────────

/** Claim item types the spec names, in words: RENTARREARS → 'Rent Arrears'. */
const KNOWN_TYPES: Record<string, string> = {
  RENTARREARS: "Rent Arrears",
  RENT_ARREARS: "Rent Arrears",
  REDECORATION: "Redecoration",
  CLEANING: "Cleaning",
  DAMAGE: "Damage",
  GARDENING: "Gardening",
  MISSINGITEMS: "Missing Items",
  MISSING_ITEMS: "Missing Items",
  UTILITIES: "Utilities",
  OTHER: "Other",
};

/** An item's type title-cased (part 1 §2.5): the known ones mapped, any other split on '_' or spaces. */
export function itemTypeLabel(type: string): string {
  const known = KNOWN_TYPES[type.toUpperCase()];
  if (known) return known;
  return type
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(" ");
}

/** A document type in words: INVENTORY_CHECK_OUT → 'Inventory check out'. */
export function documentTypeLabel(typeId: string): string {
  const words = typeId.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ── The deadline (part 1 §4.1) ──────────────────────────────────────────────

export type Urgency = "high" | "medium" | "low";

export interface DeadlineView {
  urgency: Urgency;
  /** The urgency in words, so it is not colour alone. */
  urgencyLabel: string;
  /** The spec's line. */
  line: string;
  /** The deadline's day, '27th Nov 2026', and as YYYY-MM-DD (London). */
  date: string;
  isoDate: string;
  /** What happens if the tenant does nothing, in one sentence (null once it has happened). */
  ifNothing: string | null;
}

const URGENCY_LABEL: Record<Urgency, string> = { high: "Urgent", medium: "Due soon", low: "Time to respond" };

/** The London calendar day of an instant, as YYYY-MM-DD. */
export function londonDay(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    new Date(iso),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/**
 * The deadline line (part 1 §4.1): days counted by the API from the start of today; at 0 'Your
 * deadline to respond is midnight tonight'; past it 'You must respond immediately', or 'You must
 * pay immediately' when the charges were accepted for the tenant (autoResponded). When the
 * tenant accepted and must pay, the line speaks of paying.
 */
export function deadlineView(
  claim: Pick<Claim, "responseDeadline" | "daysRemaining" | "urgency" | "autoResponded" | "awaitingPayment">,
): DeadlineView | null {
  if (claim.responseDeadline == null || claim.daysRemaining == null) return null;
  const days = claim.daysRemaining;
  const urgency: Urgency = claim.urgency ?? (days < 0 ? "high" : days <= 3 ? "medium" : "low");
  const verb = claim.awaitingPayment ? "pay" : "respond";
  let line: string;
  if (days < 0) line = claim.autoResponded ? "You must pay immediately" : `You must ${verb} immediately`;
  else if (days === 0) line = `Your deadline to ${verb} is midnight tonight`;
  else line = `You have ${days} ${days === 1 ? "day" : "days"} left to ${verb}`;
  const isoDate = londonDay(claim.responseDeadline);
  const ifNothing =
    days < 0 || claim.autoResponded
      ? null
      : claim.awaitingPayment
        ? "If you do not pay by the deadline, the charges stay accepted and you must still pay them."
        : "If you do nothing by the deadline, the charges are treated as accepted and you will have to pay them.";
  return { urgency, urgencyLabel: URGENCY_LABEL[urgency], line, date: formatDate(isoDate), isoDate, ifNothing };
}

// ── Items ───────────────────────────────────────────────────────────────────

export type AmountLabel = "Item charges" | "Your proposal" | "Accepted proposal" | "Agreed settlement";

export interface HistoryEntry {
  id: string;
  phrase: string;
  amount: string;
  /** '2 days ago', with the exact date in a <time> element. */
  relative: string;
  at: string;
  date: string;
  reasoning: string | null;
}

export interface EvidenceLink {
  id: string;
  name: string;
  href: string;
}

export interface ItemPanelView {
  id: string;
  description: string;
  typeLabel: string;
  amountLabel: AmountLabel;
  amount: string;
  /** The spec's icons as text: tick (settled or proposal accepted), sync (the tenant's proposal is pending). */
  icon: "tick" | "sync" | null;
  statusText: string | null;
  /** §4.1's "required" highlight, in words too. */
  required: boolean;
  expanded: boolean;
  tab: ClaimTab;
  showMoreHref: string;
  hideHref: string;
  tabHrefs: Record<ClaimTab, string>;
  history: HistoryEntry[];
  landlordEvidence: EvidenceLink[];
  tenantEvidence: EvidenceLink[];
  /** Round 3: 'Your landlord put forward a final proposal of' this amount, with its reasoning. */
  finalProposal: { phrase: string; amount: string; reasoning: string | null } | null;
  /** What the tenant can do on this item, or null when nothing (cannot respond, or view only). */
  actions:
    | { kind: "answer"; agreeAction: string; disagreeHref: string }
    | { kind: "edit"; editHref: string; backHref: string | null }
    | null;
}

/** The History tab's phrases (part 1 §2.5), by the activity the API records. */
export const HISTORY_PHRASES: Record<string, string> = {
  CHARGE_CREATED: "Your landlord created a charge of",
  CHARGE_ACCEPTED: "You accepted your landlord's charge of",
  CHARGES_DEEMED_ACCEPTED: "The deadline passed, so your landlord's charge was treated as accepted:",
  TENANT_PROPOSED: "You proposed",
  PROPOSAL_ACCEPTED: "Your landlord accepted your proposal of",
  FINAL_PROPOSAL: "Your landlord put forward a final proposal of",
};

function latestOf(proposals: readonly Proposal[], round: number): Proposal | undefined {
  let best: Proposal | undefined;
  for (const p of proposals) if (p.round === round) best = p;
  return best;
}

/** The tenant's own proposal that the page shows (their draft, the one at payment, or the one submitted), unless a final proposal has replaced it. */
export function tenantProposalOf(claim: Pick<Claim, "proposals">): Proposal | undefined {
  const round2 = latestOf(claim.proposals, 2);
  const round3 = latestOf(claim.proposals, 3);
  if (round2 === undefined || round3 !== undefined) return undefined;
  return round2;
}

const PENDING_TEXT: Record<string, string> = {
  DRAFT: "Your proposal is not submitted yet",
  AWAITING_PAYMENT: "Your proposal is waiting for its payment",
  AWAITING_RESPONSE: "Your proposal is waiting for your landlord's answer",
};

function historyOf(claim: Pick<Claim, "activities">, itemId: string, now: Date): HistoryEntry[] {
  return claim.activities
    .filter((a) => a.details.claimItemId === itemId && HISTORY_PHRASES[a.activityType] !== undefined)
    .map((a) => {
      const amount = typeof a.details.amount === "number" ? a.details.amount : null;
      const reasoning = typeof a.details.reasoning === "string" && a.details.reasoning.trim() ? a.details.reasoning : null;
      return {
        id: a.id,
        phrase: HISTORY_PHRASES[a.activityType]!,
        amount: amount === null ? "" : formatPounds(amount),
        relative: dayjs(a.createdAt).from(now),
        at: a.createdAt,
        date: formatDate(londonDay(a.createdAt)),
        reasoning,
      };
    })
    .reverse();
}

const evidence = (docs: readonly ItemDocument[]): EvidenceLink[] => docs.map((d) => ({ id: d.id, name: d.name, href: d.url }));

/**
 * One item panel (part 1 §2.5, §4.1). The amount and its label: 'Agreed settlement' once the
 * item is settled (its settled amount), 'Accepted proposal' when the landlord accepted the
 * tenant's proposal for it, 'Your proposal' while the tenant has one, else 'Item charges' (the
 * landlord's current amount). "Required" (§4.1): the tenant can respond, the panel is
 * collapsed, no tenant draft exists, round 1 exists and is not settled — view only is already
 * in canRespond (the API says false then).
 */
export function itemPanelView(claim: Claim, item: ClaimItem, state: ClaimPageState, now: Date): ItemPanelView {
  const own = tenantProposalOf(claim);
  const ownLine = own?.itemProposals.find((ip) => ip.claimItemId === item.id);
  const settledLine = [...claim.proposals].reverse().flatMap((p) => p.itemProposals.filter((ip) => ip.claimItemId === item.id && ip.settled))[0];
  const round1 = latestOf(claim.proposals, 1);

  let amountLabel: AmountLabel = "Item charges";
  let amountPence = item.currentAmount ?? item.chargedAmount ?? 0;
  let icon: ItemPanelView["icon"] = null;
  let statusText: string | null = null;
  if (item.isSettled && settledLine) {
    const acceptedByLandlord = ownLine !== undefined && ownLine.settled && ownLine.settledSource === "SUPPLIER";
    amountLabel = acceptedByLandlord ? "Accepted proposal" : "Agreed settlement";
    amountPence = settledLine.amount;
    icon = "tick";
    statusText = acceptedByLandlord ? "Your landlord accepted your proposal" : "Settled";
  } else if (own && ownLine) {
    amountLabel = "Your proposal";
    amountPence = ownLine.amount;
    if (PENDING_TEXT[own.status]) {
      icon = "sync";
      statusText = PENDING_TEXT[own.status]!;
    }
  }

  const expanded = state.itemId === item.id;
  const anchor = `item-${item.id}`;
  // A final proposal, or charges without mediation, is answered as a whole (accept or dispute): no item asks for an answer.
  const answeredAsAWhole = claim.allowedActions.includes("dispute");
  const required =
    claim.canRespond &&
    !answeredAsAWhole &&
    !expanded &&
    claim.tenantDraftProposalId === null &&
    round1 !== undefined &&
    round1.status !== "SETTLED" &&
    !item.isSettled;

  const proposalHref = `/claims/${encodeURIComponent(claim.id)}/items/${encodeURIComponent(item.id)}/proposal`;
  const canPropose = claim.canRespond && (claim.allowedActions.includes("counter") || claim.tenantDraftProposalId !== null);
  const ownDraftLine =
    claim.tenantDraftProposalId !== null && own?.id === claim.tenantDraftProposalId ? ownLine : undefined;
  let actions: ItemPanelView["actions"] = null;
  if (canPropose && !item.isSettled) {
    actions = ownDraftLine
      ? { kind: "edit", editHref: proposalHref, backHref: expanded ? claimPageHref(claim, {}, anchor) : null }
      : { kind: "answer", agreeAction: proposalHref, disagreeHref: proposalHref };
  }

  const finalLine = latestOf(claim.proposals, 3)?.itemProposals.find((ip) => ip.claimItemId === item.id);

  return {
    id: item.id,
    description: item.description,
    typeLabel: itemTypeLabel(item.type),
    finalProposal: finalLine
      ? { phrase: HISTORY_PHRASES.FINAL_PROPOSAL!, amount: formatPounds(finalLine.amount), reasoning: finalLine.explanation?.trim() || null }
      : null,
    amountLabel,
    amount: formatPounds(amountPence),
    icon,
    statusText,
    required,
    expanded,
    tab: state.tab,
    showMoreHref: claimPageHref(claim, { itemId: item.id, tab: "history" }, anchor),
    hideHref: claimPageHref(claim, {}, anchor),
    tabHrefs: {
      history: claimPageHref(claim, { itemId: item.id, tab: "history" }, anchor),
      evidence: claimPageHref(claim, { itemId: item.id, tab: "evidence" }, anchor),
    },
    history: expanded ? historyOf(claim, item.id, now) : [],
    landlordEvidence: expanded ? evidence(item.landlordEvidence) : [],
    tenantEvidence: expanded ? evidence(item.tenantEvidence) : [],
    actions,
  };
}

// ── The final proposal and the two ways forward (issue 12, part 1 §4.1) ─────

export interface FeeTableRow {
  /** What the adjudicator awards the landlord, in words and with an example amount. */
  awarded: string;
  /** What happens to the £60. */
  outcome: string;
}

/**
 * The worked table of what happens to the £60 (part 1 §4.1's dispute fee credit rule, the one
 * the API applies: common/dispute-fee.ts), with examples from this claim: everything, part,
 * nothing and — only when it can happen, a proposal above the maximum liability — an award
 * reduced but still at or above the maximum liability (8 weeks' rent). Reading chosen
 * (docs/decisions/0022): the rule decides credited or not; a credit comes off what the tenant
 * owes, and what it cannot come off is refunded to their card (so "nothing" reads "refunded").
 */
export function disputeFeeTable(proposedPence: number, limitPence: number): FeeTableRow[] {
  const fee = formatPounds(DISPUTE_FEE_PENCE);
  const outcomeOf = (awarded: number) => disputeFeeOutcome({ adjudicatedAmountPence: awarded, finalAmountPence: proposedPence, limitPence });
  const words = (awarded: number): string => {
    const outcome = outcomeOf(awarded);
    if (outcome.reason === "AWARDED_WHOLLY_TO_LANDLORD") return `Not refunded. The ${fee} fee is not returned.`;
    if (outcome.reason === "EXCEEDS_EIGHT_WEEKS_RENT") {
      return `Not refunded. You never pay more than your maximum liability of ${formatPounds(limitPence)} (${COVER_WEEKS} weeks' rent), so an award that is still above it does not lower what you pay, and the ${fee} is not credited.`;
    }
    if (awarded === 0) return `Refunded to your card in full, as you owe nothing.`;
    return `Credited: ${fee} comes off what you owe. If you owe less than ${fee}, the difference is refunded to your card.`;
  };
  const part = Math.round(Math.min(proposedPence, limitPence) / 2);
  const rows: FeeTableRow[] = [
    { awarded: `Everything (${formatPounds(proposedPence)})`, outcome: words(proposedPence) },
    { awarded: `Part of it (for example ${formatPounds(part)})`, outcome: words(part) },
    { awarded: `Nothing (${formatPounds(0)})`, outcome: words(0) },
  ];
  if (proposedPence > limitPence) {
    rows.splice(1, 0, {
      awarded: `Less than ${formatPounds(proposedPence)}, but ${formatPounds(limitPence)} or more`,
      outcome: words(limitPence),
    });
  }
  return rows;
}

export interface ClaimChoiceView {
  /** The tenant is answering the landlord's final proposal (round 3), or charges without mediation (round 1). */
  final: boolean;
  accept: {
    heading: string;
    href: string;
    /** What they pay: the total, or the limit when lower; their share when shared. */
    amount: string;
    cost: string;
  } | null;
  dispute: {
    href: string;
    fee: string;
    weeks: number;
    payDays: number;
    rejectNoEvidenceHref: string | null;
  };
  feeTable: FeeTableRow[];
}

/**
 * The tenant's two ways forward when a final proposal waits for them, or charges without
 * mediation (part 1 §4.1: "reject or dispute (final proposal, or when mediation is disabled)"):
 * accept and pay, or a formal dispute for the £60 fee. Null when the API does not allow a
 * dispute now. Amounts come from the API (acceptDue) and common/dispute-fee.ts.
 */
export function claimChoiceView(claim: Claim): ClaimChoiceView | null {
  if (!claim.canRespond || !claim.allowedActions.includes("dispute")) return null;
  const current = claim.proposals.find((p) => p.id === claim.currentProposalId);
  if (!current || current.round === 2) return null;
  const sub = (path: string) => `/claims/${encodeURIComponent(claim.id)}/${path}`;
  const final = current.round === 3;
  let accept: ClaimChoiceView["accept"] = null;
  const due = claim.acceptDue;
  if (claim.allowedActions.includes("accept") && due) {
    const total = formatPounds(current.totalAmount);
    const parts = [`You pay ${formatPounds(due.share)} by card now.`];
    if (due.share < due.amount) {
      parts.push(`That is your share of ${formatPounds(due.amount)}; any tenant can pay the whole amount.`);
    }
    if (due.amount < current.totalAmount) {
      parts.push(`${total} is more than your maximum liability, so you pay no more than ${formatPounds(due.amount)} in total.`);
    }
    parts.push("There is no fee, and once it is paid the charges are settled.");
    accept = {
      heading: final ? "Accept the final proposal" : "Accept the charges",
      href: sub("accept"),
      amount: formatPounds(due.share),
      cost: parts.join(" "),
    };
  }
  return {
    final,
    accept,
    dispute: {
      href: sub("dispute"),
      fee: formatPounds(DISPUTE_FEE_PENCE),
      weeks: ADJUDICATION_MAX_WEEKS,
      payDays: ADJUDICATION_PAYMENT_DAYS,
      rejectNoEvidenceHref: claim.allowedActions.includes("rejectWithNoEvidence") ? sub("reject-no-evidence") : null,
    },
    feeTable: disputeFeeTable(current.totalAmount, claim.limit),
  };
}

// ── The page ────────────────────────────────────────────────────────────────

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
  };
}

// ── The deadline as a calendar file (RFC 5545) ──────────────────────────────

/**
 * The response deadline as an all-day event on its London day (the deadline is midnight at the
 * end of it), a VCALENDAR with one VEVENT: RFC 5545, CRLF line ends, folded lines.
 */
export function deadlineCalendar(
  claim: Pick<Claim, "id" | "responseDeadline" | "awaitingPayment" | "organization" | "tenancy">,
  origin: string,
  now: Date,
): string | null {
  if (claim.responseDeadline == null) return null;
  const day = londonDay(claim.responseDeadline);
  const what = claim.awaitingPayment ? "pay your end of tenancy charges" : "respond to your end of tenancy charges";
  return allDayCalendar(
    "Claim deadline",
    [
      {
        uid: `claim-${claim.id}-deadline-${day.replaceAll("-", "")}@keyfree`,
        date: day,
        summary: `Keyfree: deadline to ${what}`,
        description: `Your deadline to ${claim.awaitingPayment ? "pay" : "respond"} is midnight tonight. Charges raised by ${claim.organization.name} for ${addressLine(claim.tenancy.property.address)}. If you do nothing by then, the charges are treated as accepted. ${origin}/claims/${claim.id}`,
        url: `${origin}/claims/${encodeURIComponent(claim.id)}`,
      },
    ],
    now,
  );
}
