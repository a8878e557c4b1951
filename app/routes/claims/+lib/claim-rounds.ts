/** The claim's proposals by round (1: the landlord's charges, 2: the tenant's proposal, 3: the final proposal). Pure. */
import type { components } from "~/lib/api/schema";

type Claim = components["schemas"]["Claim"];
type Proposal = Claim["proposals"][number];

/** The latest proposal of a round, or undefined when the claim has none. */
export function latestOf(proposals: readonly Proposal[], round: number): Proposal | undefined {
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
