import { Link } from "react-router";
import { PRODUCT } from "~/lib/product";
import { ActionButton } from "./action-button";

export function SiteHeader({ firstName }: { firstName: string | null }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          {PRODUCT.name} <span className="visually-hidden">home</span>
        </Link>
        {firstName !== null ? (
          <div className="site-header__account">
            <p className="site-header__greeting">Hi, {firstName}</p>
            <ActionButton action="/auth/logout" className="site-header__logout" buttonClassName="button button--secondary button--small">
              Logout
            </ActionButton>
          </div>
        ) : (
          // A block of its own, as the account's is: without styles 'Login' is not run into the name
          // before it ("Keyfree homeLogin" in a text browser).
          <div className="site-header__account">
            <Link to="/auth/login" className="site-header__login">
              Login
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
