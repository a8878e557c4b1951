import { Link } from "react-router";

/** Shaped in the loader by breathingSpaceNotice (app/lib/breathing-space.server.ts). */
export type BreathingSpaceNoticeView = { heading: string; endKnown: boolean };

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
      <p>
        We will not ask you to pay anything {notice.endKnown ? "until then" : "while it lasts"}, no instalment is taken and no charges are
        treated as accepted.{" "}
        {notice.endKnown
          ? "Any deadline that fell in it has moved to after it ends: the dates shown are the new ones."
          : "Any deadline that falls in it will move to after it ends: we will e-mail you the new dates once its end is known."}{" "}
        You can still answer or pay, if you choose to.
      </p>
      <p>
        <Link to="/help/breathing-space">What Breathing Space pauses</Link>
      </p>
    </section>
  );
}
