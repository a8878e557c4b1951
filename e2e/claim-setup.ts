/**
 * A claim raised on an ended tenancy, for the specs that start from one (the claim page, more
 * time, Breathing Space, a plan from a budget, the co-tenants' panel): one place for the tenancy
 * they share, through the back office's ops commands (the other parties' stand-ins).
 */
export type Ops = (path: string, body: unknown) => Promise<unknown>;
export type TenantOnTenancy = { email: string; firstName: string; lastName: string };
export type ClaimItem = { description: string; type: string; amount: number; explanation?: string; evidence?: number };
export type RaisedClaim = { tenancyId: string; claimId: string; claimProposalId: string; itemIds: string[] };

/** The tenancy (2025-01-01 to 2026-10-31, £1,200 a month, its Keyfree complete) and charges raised on it: oven cleaning unless `items` say otherwise. */
export async function claimOnEndedTenancy(
  ops: Ops,
  tenants: TenantOnTenancy[],
  claim: { items?: ClaimItem[]; mediationEnabled?: boolean; publishedDaysAgo?: number } = {},
): Promise<RaisedClaim> {
  const { tenancyId } = (await ops("create-tenancy", {
    tenants,
    ppm: 120_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: false,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const raised = (await ops("raise-claim", {
    tenancyId,
    items: claim.items ?? [{ description: "Oven cleaning", type: "CLEANING", amount: 12_000 }],
    mediationEnabled: claim.mediationEnabled ?? true,
    ...(claim.publishedDaysAgo !== undefined ? { publishedDaysAgo: claim.publishedDaysAgo } : {}),
  })) as Omit<RaisedClaim, "tenancyId">;
  return { tenancyId, ...raised };
}
