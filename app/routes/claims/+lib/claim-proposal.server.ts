import { data } from "react-router";
import { canPropose, itemAnchor, proposalItemView, PROPOSAL_MESSAGES } from "./claim-proposal";
import { CLAIM_FLASH_KEYS, type Claim } from "./claims.server";
import { flash } from "~/lib/session.server";

/**
 * The item a tenant's proposal or evidence page is for (docs/decisions/0019, 0021), or what is
 * thrown instead: the not-found page for an item not on the claim; the claim page at the item
 * with an error flash (CLAIM/COUNTER_TENANT_PROPOSAL) when the tenant cannot propose now.
 */
export async function proposableItem(claim: Claim, claimItemId: string) {
  const view = proposalItemView(claim, claimItemId);
  if (!view) throw data(null, { status: 404 });
  if (!canPropose(claim)) {
    throw await flash.redirectWithError(itemAnchor(claim, claimItemId), {
      message: PROPOSAL_MESSAGES.cannotPropose,
      category: CLAIM_FLASH_KEYS.counter,
    });
  }
  return view;
}
