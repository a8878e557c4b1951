import { Link } from "react-router";

/**
 * Shaped and worded in the loader by breathingSpaceNotice (app/lib/breathing-space.server.ts): the
 * heading and the sentence of what it means, so the words stay out of the card pages' script.
 */
export type BreathingSpaceNoticeView = { heading: string; meaning: string };

/**
 * The tenant's own Breathing Space (issue 36, decision 0047), from the `breathingSpace` the API's
 * views carry (the dashboard, the claim, the adjudication and the payment plan; GET
 * /breathing-space for the annual fee): "Breathing Space until …", what it means for the page in
 * plain words, and where to read more. Nothing when none is in force. Placed after the page's h1.
 */
export function BreathingSpaceNotice({ notice }: { notice: BreathingSpaceNoticeView | null | undefined }) {
  if (!notice) return null;
  return (
    <section className="notice breathing-space-notice" aria-label="Breathing Space">
      <h2 className="notice__title">{notice.heading}</h2>
      <p>{notice.meaning}</p>
      <p>
        <Link to="/help/breathing-space">What Breathing Space pauses</Link>
      </p>
    </section>
  );
}
