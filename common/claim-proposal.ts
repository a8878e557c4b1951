/**
 * The tenant proposal form's rules (part 1 §5): the amount and reasoning a tenant gives for one
 * claim item, the spec's words, and the two soft warnings. Pure and free of zod (common/ imports
 * nothing): the web's form schema (app/routes/claims/+lib/claim-proposal.ts) is built from these,
 * and the API quotes the cap with the same message (server/claims/responses.ts).
 */
import { LOW_OFFER_PERCENT } from "./claim-confirmation";
import { poundsText } from "./wording";

/** The API's limit on the reasoning (server/claims/schemas.ts ExplanationField). */
export const EXPLANATION_MAX_LENGTH = 5000;

export const CLAIM_PROPOSAL_MESSAGES = {
  explanationRequired: "You must provide reasoning for your new proposal for this item",
  amountRequired: "Required",
  amountNotANumber: "Amount must be a number",
  // The spec gives the minimum (0) without words; these are the API's.
  amountNegative: "Amount must be 0 or more",
  amountDecimals: "Item amount must have a maximum of two decimal places",
  explanationTooLong: "Reasoning must be 5000 characters or fewer",
} as const;


export const CLAIM_PROPOSAL_WARNINGS = {
  zero: "Warning! It's unlikely your offer will be accepted, unless this charge is incorrect. Please consider a proposal which covers a portion of the cost",
  low: "Woah! Your offer looks a little low. We recommend double checking the reason for the charge and consider entering a higher amount, to increase the chances of your proposal being accepted",
} as const;
export type ClaimProposalWarning = keyof typeof CLAIM_PROPOSAL_WARNINGS;

/** Part 1 §5: 'New offer cannot exceed the charges raised (£X).' with the agent's amount. */
export function counterProposalCeilingMessage(agentAmountPence: number): string {
  return `New offer cannot exceed the charges raised (£${poundsText(agentAmountPence)}).`;
}

export type ParsedAmount =
  | { ok: true; pence: number }
  | { ok: false; problem: "required" | "notANumber" | "decimals" | "negative" };

/**
 * An amount in pounds as typed ("180", "£1,250.5", ".99") to whole pence, read from the text
 * (never through floating point, so 0.29 is 29p and "0.30000000000000004" has too many decimals).
 * Self-contained (no imports, no helpers): the proposal page's inline script runs its source.
 */
export function parseAmount(text: string | undefined | null): ParsedAmount {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return { ok: false, problem: "required" };
  const plain = trimmed.replace(/^(-?)\s*£\s*/, "$1").replace(/,(?=\d{3}(\D|$))/g, "");
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return { ok: false, problem: "notANumber" };
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, problem: "decimals" };
  const pence = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(pence)) return { ok: false, problem: "notANumber" };
  if (sign === "-" && pence > 0) return { ok: false, problem: "negative" };
  return { ok: true, pence };
}

/** The message for an amount's problem. */
export const AMOUNT_PROBLEM_MESSAGES = {
  required: CLAIM_PROPOSAL_MESSAGES.amountRequired,
  notANumber: CLAIM_PROPOSAL_MESSAGES.amountNotANumber,
  decimals: CLAIM_PROPOSAL_MESSAGES.amountDecimals,
  negative: CLAIM_PROPOSAL_MESSAGES.amountNegative,
} as const;

/**
 * The soft warning an amount earns (part 1 §5), or null: £0, or below 25% of the agent's
 * amount (exactly 25% is not 'low').
 */
export function claimProposalWarning(amountPence: number, agentAmountPence: number): ClaimProposalWarning | null {
  return proposalWarningRule(amountPence, agentAmountPence, LOW_OFFER_PERCENT);
}

/**
 * The rule itself, with the percentage passed in: self-contained (no imports, no helpers) so
 * the proposal page's small inline script runs this very function's source in the browser to
 * warn on leaving the amount (app/routes/claims/+lib/proposal-warning-script.ts, docs/decisions/0021).
 */
export function proposalWarningRule(amountPence: number, agentAmountPence: number, lowOfferPercent: number): ClaimProposalWarning | null {
  if (amountPence === 0) return agentAmountPence > 0 ? "zero" : null;
  if (amountPence * 100 < agentAmountPence * lowOfferPercent) return "low";
  return null;
}
