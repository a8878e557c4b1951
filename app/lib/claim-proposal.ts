import { z } from "zod";
import {
  AMOUNT_PROBLEM_MESSAGES,
  CLAIM_PROPOSAL_MESSAGES,
  counterProposalCeilingMessage,
  EXPLANATION_MAX_LENGTH,
  parseAmount,
} from "../../common/claim-proposal";

/**
 * The tenant proposal form (part 1 §5) for one item, capped at the agent's current amount for
 * it (pence): the one schema the browser (conform) and the page's action use. `amount` comes
 * out in pence, `explanation` trimmed. The rules and words are common/claim-proposal.ts's.
 */
export function claimProposalSchema(capPence: number) {
  return z.object({
    amount: z
      .string({ error: CLAIM_PROPOSAL_MESSAGES.amountRequired })
      .transform((text, ctx) => {
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
    explanation: z
      .string({ error: CLAIM_PROPOSAL_MESSAGES.explanationRequired })
      .trim()
      .min(1, { error: CLAIM_PROPOSAL_MESSAGES.explanationRequired })
      .max(EXPLANATION_MAX_LENGTH, { error: CLAIM_PROPOSAL_MESSAGES.explanationTooLong }),
  });
}
export type ClaimProposalInput = z.output<ReturnType<typeof claimProposalSchema>>;

/** Pence as the amount field shows it: 1850 → "18.50". */
export function amountFieldText(pence: number): string {
  return (pence / 100).toFixed(2);
}
