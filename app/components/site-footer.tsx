import { Link } from "react-router";
import { COOKIES_PATH } from "~/lib/third-parties";

/**
 * Every page's footer: how to reach us (the contact page, no script needed), the Cookies page,
 * the privacy notice and the accessibility statement (issue 40);
 * signed in, also how we contact the tenant (e-mails always, text messages unless turned off) and
 * their support needs and someone to help (issue 36).
 */
export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <footer className="site-footer">
      <ul className="site-footer__links">
        {signedIn ? (
          <>
            <li>
              <Link to="/notifications">How we contact you</Link>
            </li>
            <li>
              {/* A literal, like the links beside it: importing common/support-needs.ts would put its label maps in every card page's script (the 120 KB budget). */}
              <Link to="/account/support-needs">Your support needs</Link>
            </li>
          </>
        ) : null}
        <li>
          <Link to="/contact">Contact us</Link>
        </li>
        <li>
          <Link to={COOKIES_PATH}>Cookies</Link>
        </li>
        <li>
          <Link to="/privacy">Privacy notice</Link>
        </li>
        <li>
          <Link to="/accessibility">Accessibility statement</Link>
        </li>
      </ul>
    </footer>
  );
}
