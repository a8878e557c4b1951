import { poundsInputValue } from "#common/wording";
import { z } from "zod";
import {
  AMOUNT_PROBLEM_MESSAGES,
  CLAIM_PROPOSAL_MESSAGES,
  counterProposalCeilingMessage,
  EXPLANATION_MAX_LENGTH,
  parseAmount,
} from "#common/claim-proposal";
import type { components } from "~/lib/api/schema";
import { claimPageHref } from "./claim-page-url";
import { textField } from "~/lib/text-rules";

type Claim = components["schemas"]["Claim"];

/**
 * The tenant proposal form (part 1 §5) for one item, capped at the agent's current amount for
 * it (pence): the one schema the browser (conform) and the page's action use. `amount` comes
 * out in pence, `explanation` trimmed. The rules and words are common/claim-proposal.ts's.
 */
export function claimProposalSchema(capPence: number) {
  return z.object({
    amount: textField("phone", { required: CLAIM_PROPOSAL_MESSAGES.amountRequired }).transform((text, ctx) => {
        const parsed = parseAmount(text);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: AMOUNT_PROBLEM_MESSAGES[parsed.problem] });
          return z.NEVER;
        }
        if (parsed.pence > capPence) {
          ctx.addIssue({ code: "custom", message: counterProposalCeilingMessage(capPence) });
          return z.NEVER;
        }
        return parsed.pence;
      }),
    explanation: textField(EXPLANATION_MAX_LENGTH, {
      kind: "multi-line",
      required: CLAIM_PROPOSAL_MESSAGES.explanationRequired,
      tooLong: CLAIM_PROPOSAL_MESSAGES.explanationTooLong,
    })
      .trim()
      .min(1, { error: CLAIM_PROPOSAL_MESSAGES.explanationRequired }),
  });
}
export type ClaimProposalInput = z.output<ReturnType<typeof claimProposalSchema>>;

/** Pence as the amount field shows it: 1850 → "18.50". */
export function amountFieldText(pence: number): string {
  return poundsInputValue(pence);
}

/** The claim fields the proposal page reads (the Claim view of GET /claims/{claimId}). */
type ClaimForProposal = {
  id: string;
  canRespond: boolean;
  allowedActions: readonly string[];
  tenantDraftProposalId: string | null;
  currentProposalId: string | null;
  items: ReadonlyArray<{
    id: string;
    description: string;
    type: string;
    currentAmount: number | null;
    tenantEvidence: ReadonlyArray<{ id: string; name: string; url: string; uploadedByCurrentUser: boolean; claimItemProposalId: string | null }>;
  }>;
  proposals: ReadonlyArray<{
    id: string;
    itemProposals: ReadonlyArray<{ id: string; claimItemId: string; amount: number; explanation: string | null }>;
  }>;
};

/** An item type as the spec shows it, title-cased: "RENT_ARREARS" → "Rent Arrears", "CLEANING" → "Cleaning". */
export function titleCaseType(type: string): string {
  return type
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

/**
 * May the tenant give (or change) their own amount for an item now: they can respond, and
 * either may start a counter-proposal or has their own draft to edit (part 1 §4.1, §6).
 */
export function canPropose(claim: Pick<ClaimForProposal, "canRespond" | "allowedActions" | "tenantDraftProposalId">): boolean {
  return claim.canRespond && (claim.allowedActions.includes("counter") || claim.tenantDraftProposalId !== null);
}

/**
 * What the proposal page needs of one item, or null when the claim has no such item with a
 * charge: the agent's current amount (the cap), the tenant's draft and item proposal when they
 * exist (Edit prefills them), and the evidence the tenant uploaded for this item that is not
 * part of a submitted proposal (it goes with their item proposal).
 */
export function proposalItemView(claim: ClaimForProposal, claimItemId: string) {
  const item = claim.items.find((i) => i.id === claimItemId);
  if (!item || item.currentAmount === null) return null;
  const draft = claim.proposals.find((p) => p.id === claim.tenantDraftProposalId) ?? null;
  const itemProposal = draft?.itemProposals.find((ip) => ip.claimItemId === claimItemId) ?? null;
  const documents = item.tenantEvidence
    .filter((d) => d.uploadedByCurrentUser && (d.claimItemProposalId === null || d.claimItemProposalId === itemProposal?.id))
    .map((d) => ({ id: d.id, name: d.name, url: d.url }));
  return {
    item: { id: item.id, description: item.description, type: titleCaseType(item.type) },
    capPence: item.currentAmount,
    draftId: draft?.id ?? null,
    itemProposal,
    documents,
  };
}

/** The proposal page's words (docs/decisions/0019). */
export const PROPOSAL_MESSAGES = {
  saved: "Your proposal for this item is saved.",
  agreed: "You accepted your landlord's charge for this item.",
  cannotPropose: "You cannot give a new proposal for these charges now.",
} as const;

const segment = (value: string) => encodeURIComponent(value);

/** The URLs of an item's proposal page, its evidence page and their upload resource (the URL map of issue 11). */
export const proposalPaths = {
  proposal: (claimId: string, claimItemId: string) => `/claims/${segment(claimId)}/items/${segment(claimItemId)}/proposal`,
  documents: (claimId: string, claimItemId: string) => `/claims/${segment(claimId)}/items/${segment(claimItemId)}/documents`,
  /** The item's evidence page: the upload zone, hydrating for progress (docs/decisions/0021). */
  evidence: (claimId: string, claimItemId: string) => `/claims/${segment(claimId)}/items/${segment(claimItemId)}/evidence`,
};

/** The claim page at this item's panel (where saving, Agree and 'Back to charges' go). */
export function itemAnchor(claim: Pick<Claim, "id" | "mediationEnabled">, claimItemId: string) {
  return claimPageHref(claim, {}, `item-${claimItemId}`);
}
