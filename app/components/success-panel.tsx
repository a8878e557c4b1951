import type { ReactNode } from "react";
import { Link } from "react-router";
import { pageTitle } from "~/lib/product";

/**
 * The end of a journey (a payment through, a card added, a message sent, or a payment still going
 * through): a narrow panel with the page's title and heading, its own text, and the button home.
 * Without `title`, the children bring their own title and heading (PaymentTakingLonger).
 */
export function SuccessPanel({
  title,
  heading = title,
  children,
}: {
  title?: string;
  heading?: string;
  children: ReactNode;
}) {
  return (
    <div className="panel panel--narrow">
      {title ? (
        <>
          <title>{pageTitle(title)}</title>
          <h1>{heading}</h1>
        </>
      ) : null}
      {children}
      <p>
        <Link to="/" className="button">
          Return Home
        </Link>
      </p>
    </div>
  );
}
