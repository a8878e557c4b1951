/**
 * The Keyfree fee's words (part 1 §1, §9), apart from the £60's sentences (./fees.ts) so that a
 * page quoting the fee's rule (the checkout's layout, around the card form) carries only these few
 * lines in its script: the card pages are held to 120 KB (e2e/delivery.spec.ts).
 */
import { KEYFREE_FEE_WEEKS } from "../keyfree-fee";

/** A number of weeks' rent in words: 1 → "one week's rent", 5 → "5 weeks' rent". */
export function weeksRent(weeks: number): string {
  return weeks === 1 ? "one week's rent" : `${weeks} weeks' rent`;
}

/**
 * The Keyfree fee's rule, "one week's rent, with a minimum of £150": the checkout's banner and
 * introduction, the terms summary and the guide say it in these words. `minimumFee` formatted.
 */
export function keyfreeFeeRule(minimumFee: string): string {
  return `${weeksRent(KEYFREE_FEE_WEEKS)}, with a minimum of ${minimumFee}`;
}
