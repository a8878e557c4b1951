/**
 * 'What helps for this charge' (issue 27 scope 4): a claim item's evidence checklist for its type,
 * and — for a charge that replaces or renews something — the wear-and-tear and betterment note
 * with its calculator, a GET form whose answer is the same page. Pure: the loader passes the
 * claim and the URL's query; the rules and lists are common/charge-evidence.ts and
 * common/wear-and-tear.ts.
 */
import { chargeEvidence } from "#common/charge-evidence";
import { readWearAndTearQuery, shareOfCost, wearAndTearShare, WEAR_AND_TEAR_FIELDS, type WearAndTearField } from "#common/wear-and-tear";
import type { components } from "~/lib/api/schema";
import { formatPounds } from "#common/wording";
import { canPropose, itemAnchor, proposalPaths } from "./claim-proposal";
import { itemTypeLabel } from "./claim-labels";

type Claim = components["schemas"]["Claim"];

const segment = (value: string) => encodeURIComponent(value);

/** The help page of a claim item. */
export const itemHelpPath = (claimId: string, claimItemId: string) => `/claims/${segment(claimId)}/items/${segment(claimItemId)}/help`;

/** The calculator's inputs' ids (the error summary links to them). */
export const CALCULATOR_IDS: Record<WearAndTearField, string> = { age: "wear-age", life: "wear-life", tenancy: "wear-tenancy" };

const years = (n: number) => {
  const rounded = Math.round(n * 10) / 10;
  return `${rounded.toLocaleString("en-GB")} ${rounded === 1 ? "year" : "years"}`;
};

export type CalculatorView = {
  /** What the tenant typed, as typed (kept after an error). */
  values: Record<WearAndTearField, string>;
  errors: Array<{ field: WearAndTearField; id: string; message: string }>;
  result: { summary: string; share: string; amount: string | null } | null;
};

export type ItemHelpView = {
  self: string;
  claimPage: string;
  proposalHref: string | null;
  item: { description: string; typeLabel: string; amount: string | null };
  name: string;
  checklist: string[];
  calculator: CalculatorView | null;
};

/**
 * The page's view, or null when the claim has no such item (the not-found page). The
 * calculator only for a replacement charge; its query is read whatever it holds (a message for
 * each bad field, never a failure).
 */
export function itemHelpView(claim: Claim, claimItemId: string, query: URLSearchParams): ItemHelpView | null {
  const item = claim.items.find((i) => i.id === claimItemId);
  if (!item) return null;
  const help = chargeEvidence(item.type);
  const costPence = item.currentAmount ?? item.chargedAmount ?? null;
  let calculator: CalculatorView | null = null;
  if (help.replacement) {
    // As typed (a hand-made URL's long value is cut short for the page; it is refused either way).
    const values = Object.fromEntries(WEAR_AND_TEAR_FIELDS.map((f) => [f, (query.get(f) ?? "").slice(0, 40)])) as Record<WearAndTearField, string>;
    const form = readWearAndTearQuery(Object.fromEntries(WEAR_AND_TEAR_FIELDS.map((f) => [f, query.get(f)])));
    calculator = { values, errors: [], result: null };
    if (form.state === "invalid") {
      calculator.errors = WEAR_AND_TEAR_FIELDS.flatMap((f) => (form.errors[f] ? [{ field: f, id: CALCULATOR_IDS[f], message: form.errors[f]! }] : []));
    } else if (form.state === "answered") {
      const share = wearAndTearShare(form.input);
      const { ageAtStartMonths: age, expectedLifeMonths: life, tenancyMonths: tenancy } = form.input;
      const summary =
        share.lifeLeftMonths === 0
          ? `An item ${years(age / 12)} old when your tenancy started, after ${tenancy} ${tenancy === 1 ? "month" : "months"}, was ${years(share.ageAtEndMonths / 12)} old: at or past the ${years(life / 12)} an item like it usually lasts, so it had no useful life left.`
          : `An item ${years(age / 12)} old when your tenancy started, after ${tenancy} ${tenancy === 1 ? "month" : "months"}, was ${years(share.ageAtEndMonths / 12)} old, with ${years(share.lifeLeftMonths / 12)} of its usual ${years(life / 12)} left.`;
      calculator.result = {
        summary,
        share: `A tenant would usually pay about ${share.percent}% of the cost of a new one.`,
        amount:
          costPence === null
            ? null
            : `If ${formatPounds(costPence)} is what a new one costs, that is about ${formatPounds(shareOfCost(costPence, share))}.`,
      };
    }
  }
  return {
    self: itemHelpPath(claim.id, item.id),
    claimPage: itemAnchor(claim, item.id),
    proposalHref: canPropose(claim) && !item.isSettled && item.currentAmount !== null ? proposalPaths.proposal(claim.id, item.id) : null,
    item: { description: item.description, typeLabel: itemTypeLabel(item.type), amount: costPence === null ? null : formatPounds(costPence) },
    name: help.name,
    checklist: help.checklist,
    calculator,
  };
}
