/**
 * The adjudicator's reasons, item by item (issue 39): what each charge was, what the landlord
 * or agent last asked for it, what the adjudicator awarded for it when they said, and why.
 * Decisions made before issue 39 have none (an empty list). Decision 0063.
 */
import { z } from "@hono/zod-openapi";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db";
import { arbitrationReasons, claimItemProposals, claimItems, claimProposals } from "../db/schema";

const Pence = z.number().int().openapi({ description: "Pence" });

export const AdjudicatorReasonSchema = z.object({
  claimItemId: z.string(),
  description: z.string().openapi({ description: "The charge, as the landlord or agent described it" }),
  askedAmount: Pence.nullable().openapi({ description: "What the landlord or agent last asked for this item" }),
  awardedAmount: Pence.nullable().openapi({ description: "What the adjudicator awarded for this item, when they said" }),
  reason: z.string().openapi({ description: "The adjudicator's reason for this item" }),
});

export type AdjudicatorReason = z.infer<typeof AdjudicatorReasonSchema>;

/** The arbitration's reasons in the claim's item order; what was asked is the landlord's latest proposal's figure. */
export async function adjudicatorReasons(db: Database, arbitrationId: string, claimId: string): Promise<AdjudicatorReason[]> {
  const rows = await db
    .select({ reason: arbitrationReasons, item: claimItems })
    .from(arbitrationReasons)
    .innerJoin(claimItems, eq(claimItems.id, arbitrationReasons.claimItemId))
    .where(and(eq(arbitrationReasons.arbitrationId, arbitrationId), eq(claimItems.claimId, claimId)))
    .orderBy(asc(claimItems.position), asc(claimItems.createdAt));
  if (rows.length === 0) return [];
  const asked = await db
    .select({ claimItemId: claimItemProposals.claimItemId, amount: claimItemProposals.amount, round: claimProposals.round })
    .from(claimItemProposals)
    .innerJoin(claimProposals, eq(claimProposals.id, claimItemProposals.claimProposalId))
    .where(and(eq(claimProposals.source, "SUPPLIER"), inArray(claimItemProposals.claimItemId, rows.map((r) => r.item.id))))
    .orderBy(asc(claimProposals.round), asc(claimProposals.createdAt));
  const latest = new Map<string, number>();
  for (const a of asked) latest.set(a.claimItemId, a.amount);
  return rows.map(({ reason, item }) => ({
    claimItemId: item.id,
    description: item.description,
    askedAmount: latest.get(item.id) ?? null,
    awardedAmount: reason.awardedAmount,
    reason: reason.reason,
  }));
}
