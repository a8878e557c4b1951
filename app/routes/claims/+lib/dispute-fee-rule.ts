/**
 * What happens to the £60 if the tenant disputes (part 1 §4.1, issue 27): the rule's cases said in
 * advance, in the one set of sentences (common/wording/fees.ts), for the pages that lead to
 * the fee (reject with no evidence, the dispute form). Read by loaders only: the pages get the
 * sentences, and no page's script carries the words. Pure.
 */
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { feeCaseSentence, feeRuleInAdvance, formatPounds } from "#common/wording";
import type { components } from "~/lib/api/schema";

type Claim = components["schemas"]["Claim"];

/**
 * The sentences, one per case this claim can reach: the "reduced, but not below the maximum
 * liability" case only when what is asked for (the proposal being disputed) is above the limit,
 * or when the page cannot tell.
 */
export function disputeFeeRuleSentences(claim: Pick<Claim, "limit" | "proposals" | "currentProposalId">): string[] {
  const asked = claim.proposals.find((p) => p.id === claim.currentProposalId)?.totalAmount;
  return feeRuleInAdvance({
    fee: formatPounds(DISPUTE_FEE_PENCE),
    limit: formatPounds(claim.limit),
    canExceedLimit: asked === undefined || asked > claim.limit,
  }).map(feeCaseSentence);
}
