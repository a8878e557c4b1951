/**
 * One item panel of the claim page (part 1 §2.5, §4.1): its amount and label, its state in
 * words, 'Show more' with the History and Evidence tabs, and the tenant's ways to answer it. Pure.
 */
import { chargeEvidence } from "#common/charge-evidence";
import { itemHelpPath } from "./item-help";
import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime.js";
import type { components } from "~/lib/api/schema";
import { formatPounds, londonDayText } from "#common/wording";
import { itemTypeLabel } from "./claim-labels";
import { claimPageHref, type ClaimPageState, type ClaimTab } from "./claim-page-url";
import { latestOf, tenantProposalOf } from "./claim-rounds";

dayjs.extend(relativeTime);

type Claim = components["schemas"]["Claim"];
type ClaimItem = Claim["items"][number];
type ItemDocument = ClaimItem["landlordEvidence"][number];

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
  /** 'What helps for a … charge' (issue 27): the item's evidence checklist and wear-and-tear page; null once settled. */
  help: { href: string; label: string } | null;
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
        date: londonDayText(a.createdAt),
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
 * in canRespond (the API says false then) — and the item offers Agree and Disagree, the answer
 * the highlight asks for (not while the tenant's proposal waits for its payment).
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

  // A final proposal, or charges without mediation, is answered as a whole (accept or dispute): no item asks for an answer.
  const answeredAsAWhole = claim.allowedActions.includes("dispute");
  // "Response required: agree or disagree" only where the item offers Agree and Disagree (issue
  // 24): a proposal waiting for its payment is no draft, and the tenant can still respond (by
  // paying it, or accepting the charges), but no item can be answered then.
  const required =
    claim.canRespond &&
    actions?.kind === "answer" &&
    !answeredAsAWhole &&
    !expanded &&
    claim.tenantDraftProposalId === null &&
    round1 !== undefined &&
    round1.status !== "SETTLED" &&
    !item.isSettled;

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
    help: item.isSettled ? null : { href: itemHelpPath(claim.id, item.id), label: `What helps for ${chargeEvidence(item.type).name}` },
    actions,
  };
}
