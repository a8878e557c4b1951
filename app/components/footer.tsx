import { Link } from "react-router";

/**
 * The foot of every page: where to get help (issue 26: the contact page, which needs no script).
 * The root renders it, so it stays in every hydrating page's JavaScript: a literal path, not
 * app/lib/contact.ts with the topics' words (e2e/delivery.spec.ts's budget).
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p className="site-footer__inner">
        <Link to="/contact">Contact us</Link>
      </p>
    </footer>
  );
}
