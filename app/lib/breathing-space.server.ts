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
  return status ? { heading: breathingSpaceHeading(status), endKnown: status.until !== null } : null;
}
