import { Link } from "react-router";
import { contactPath } from "~/lib/contact";

/** The foot of every page: where to get help (issue 26: the contact page, which needs no script). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav className="site-footer__inner" aria-label="Help">
        <ul className="site-footer__links">
          <li>
            <Link to={contactPath()}>Contact us</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
