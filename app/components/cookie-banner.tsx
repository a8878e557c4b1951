import { Link } from "react-router";
import { COOKIES_PATH, type ConsentCategory } from "~/lib/third-parties";
import { ActionButton } from "./action-button";
import { ButtonGroup } from "./button-group";

/** What each kind of cookie is for, in the banner's list and on the Cookies page. */
export const CATEGORY_PURPOSE: Record<ConsentCategory, string> = {
  analytics: "analytics cookies, to see how people use Keyfree so we can make it better (PostHog)",
  chat: "live chat cookies, so you can message our support team from any page (Intercom)",
  reviews: "Trustpilot's cookies, to show you what other tenants say about Keyfree",
};

/**
 * The cookie banner (issue 26): shown on every page while a configured tool's kind of cookie has
 * not been answered. Accept and reject are plain form posts to the Cookies page (no script), which
 * records the answer and comes back here; `reloadDocument`, so that on a page running script the
 * page loads again under a policy that lets in what was accepted.
 */
export function CookieBanner({ categories, returnTo }: { categories: ConsentCategory[]; returnTo: string }) {
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="cookie-banner__inner">
        <h2 id="cookie-banner-title">Cookies on Keyfree</h2>
        <p>We use some essential cookies to make Keyfree work.</p>
        <p>We'd also like to use:</p>
        <ul>
          {categories.map((category) => (
            <li key={category}>{CATEGORY_PURPOSE[category]}</li>
          ))}
        </ul>
        <p>We will not use these unless you accept them.</p>
        <p>
          Read how we use your personal data in our <Link to="/privacy">privacy notice</Link>.
        </p>
        <ButtonGroup className="cookie-banner__actions">
          <ActionButton action={COOKIES_PATH} intent="accept" fields={{ returnTo }} reloadDocument>
            Accept additional cookies
          </ActionButton>
          <ActionButton action={COOKIES_PATH} intent="reject" fields={{ returnTo }} reloadDocument>
            Reject additional cookies
          </ActionButton>
          <Link to={COOKIES_PATH}>View cookies</Link>
        </ButtonGroup>
      </div>
    </section>
  );
}
