import type { BreathingSpaceNoticeView } from "~/components/breathing-space-notice";
import type { components } from "~/lib/api/schema";
import { formatDate } from "#common/wording";

export type BreathingSpaceStatus = components["schemas"]["BreathingSpaceStatus"];

/** "Breathing Space until 21st Jan 2027", or, while a mental health crisis one has no end yet, that it is in place. */
export function breathingSpaceHeading(status: NonNullable<BreathingSpaceStatus>): string {
  if (status.until) return `Breathing Space until ${formatDate(status.until)}`;
  return status.type === "MENTAL_HEALTH_CRISIS" ? "Breathing Space (mental health crisis) in place" : "Breathing Space in place";
}

/**
 * What <BreathingSpaceNotice> shows, from the `breathingSpace` the API's views carry (issue 36),
 * shaped in the loader so the component needs no date library (card pages hydrate).
 */
export function breathingSpaceNotice(status: BreathingSpaceStatus | undefined): BreathingSpaceNoticeView | null {
  return status ? { heading: breathingSpaceHeading(status), meaning: breathingSpaceMeaning(status.until !== null) } : null;
}

/** What a Breathing Space means for the page, in plain words: whether its end is known changes the deadlines' sentence. */
export function breathingSpaceMeaning(endKnown: boolean): string {
  return [
    `We will not ask you to pay anything ${endKnown ? "until then" : "while it lasts"}, no instalment is taken and no charges are treated as accepted.`,
    endKnown
      ? "Any deadline that fell in it has moved to after it ends: the dates shown are the new ones."
      : "Any deadline that falls in it will move to after it ends: we will e-mail you the new dates once its end is known.",
    "You can still answer or pay, if you choose to.",
  ].join(" ");
}
