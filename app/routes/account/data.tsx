import { Link } from "react-router";
import { ActionButton } from "~/components/action-button";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import { BackToKeyfrees } from "./+lib/back-to-keyfrees";
import { DATA_FLASH, DATA_PATH, dataExportView } from "./+lib/data";
import type { Route } from "./+types/data";

const TITLE = "Your data";

/**
 * Your data (issue 40, scope 4; decision 0069): "Download your data" asks for a ZIP of everything
 * held about the tenant, made by a job and e-mailed as a link back to this page, where it
 * downloads while they are signed in; "Close your account" is a request (its own page). The
 * export's state lives in the API: the page is a plain reload. One-button forms: no script.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return dataExportView(await context.get(apiContext).GET("/me/data-exports"), new Date());
}

export async function action({ context }: Route.ActionArgs) {
  try {
    await context.get(apiContext).POST("/me/data-exports");
  } catch (error) {
    if (error instanceof ApiFailure) return flash.redirectWithError(DATA_PATH, failureMessage(error));
    throw error;
  }
  return flash.redirectWithSuccess(DATA_PATH, DATA_FLASH.requested);
}

export default function YourData({ loaderData: d }: Route.ComponentProps) {
  const e = d.latest;
  const ask = (label: string) => <ActionButton buttonClassName={e.state === "READY" ? "button button--secondary" : "button"}>{label}</ActionButton>;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE)}</title>
      <h1>{TITLE}</h1>
      <p>
        You can have a copy of everything {PRODUCT.name} holds about you: your details, your {PRODUCT.name}s, your eligibility checks,
        claims, payment plans and payments, your support needs, the e-mails and text messages we sent you, what you agreed to, and the
        documents you uploaded. Our <Link to="/privacy">privacy notice</Link> says what we hold, why, and for how long.
      </p>

      <section aria-labelledby="download-title">
        <h2 id="download-title">Download your data</h2>
        {e.state === "PREPARING" ? (
          <div className="notice" role="status">
            <h3 className="notice__title">Being prepared</h3>
            <p>
              You asked for it at {e.requested}. We will e-mail you when it is ready to download. It usually takes a few minutes.
            </p>
            <p>
              <Link to={DATA_PATH}>Check again</Link>
            </p>
          </div>
        ) : null}
        {e.state === "READY" ? (
          <div className="notice notice--success">
            <h3 className="notice__title">Ready to download</h3>
            <p>You can download it until {e.until}. After that we delete the file.</p>
            <p>
              <a href={e.href} className="button" download>
                Download your data (ZIP, {e.size})
              </a>
            </p>
          </div>
        ) : null}
        {e.state === "EXPIRED" ? <p>The copy you asked for before was deleted on {e.expiredOn}, {d.expiryDays} days after it was ready.</p> : null}
        {e.state === "FAILED" ? (
          <p className="notice notice--warning">
            We could not prepare your data. Please try again. If it happens again, <Link to="/contact">contact us</Link>.
          </p>
        ) : null}
        {e.state === "PREPARING" ? null : (
          <>
            <p>
              {e.state === "READY"
                ? "If you want a newer copy, you can ask again: it replaces the one ready now."
                : `We put it in a ZIP file and e-mail you when it is ready. You then download it from this page, signed in, for ${d.expiryDays} days.`}
            </p>
            {ask(e.state === "READY" ? "Prepare a new copy" : "Download your data")}
          </>
        )}
      </section>

      <section aria-labelledby="close-title">
        <h2 id="close-title">Close your account</h2>
        <p>
          You can ask us to close your account. If you have a claim or a payment plan still open, we keep your account until it closes.
        </p>
        <p>
          <Link to="/account/close" className="standalone-link">
            Close your account
          </Link>
        </p>
      </section>
      <BackToKeyfrees />
    </div>
  );
}
