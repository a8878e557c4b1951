import { Link } from "react-router";
import { COOKIES_PATH } from "~/lib/third-parties";

/** Every page's footer: how to reach us (the contact page, no script needed) and the Cookies page. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <ul className="site-footer__links">
        <li>
          <Link to="/contact">Contact us</Link>
        </li>
        <li>
          <Link to={COOKIES_PATH}>Cookies</Link>
        </li>
      </ul>
    </footer>
  );
}
