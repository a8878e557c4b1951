import { Link, useActionData } from "react-router";
import { CheckboxField } from "~/components/checkbox-field";
import { AppForm, useAppForm } from "~/components/forms";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import { flash } from "~/lib/session.server";
import { BackToKeyfrees } from "./+lib/back-to-keyfrees";
import { CLOSE_ACCOUNT_PATH, CLOSE_FLASH, closeSchema, closeView, CONFIRM_LABEL, PRIVACY_PATH, YOUR_DATA_PATH, type CloseView } from "./+lib/close";
import type { Route } from "./+types/close";

const TITLE = "Close your account";

/**
 * Close your account (issue 40, scope 4; decision 0068): a request, never an instant deletion.
 * Before asking: what closing means, what keeps the account open (its claims and payment plans
 * still open, each linked), what goes at once and what is kept and for how long (the privacy
 * notice's table), and a box to tick. After: when it was asked, what still keeps it open, and
 * when we close it (the retention job, on the sweep after nothing is open). The request's state
 * lives in the API: the page is a plain reload. One form, a native post: no script.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return closeView(await context.get(apiContext).GET("/me/closure"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, closeSchema);
  if (!form.ok) return form.invalid;
  try {
    await context.get(apiContext).POST("/me/closure");
  } catch (error) {
    // Already asked (409): the page shows the request; anything else, the API's words.
    if (error instanceof ApiFailure && error.status < 500) return flash.redirectWithError(CLOSE_ACCOUNT_PATH, failureMessage(error));
    throw error;
  }
  return flash.redirectWithSuccess(CLOSE_ACCOUNT_PATH, CLOSE_FLASH.requested);
}

export default function CloseAccount({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      {d.status === "NONE" ? <BeforeAsking d={d} /> : <Asked d={d} />}
      <BackToKeyfrees />
    </div>
  );
}

/** What is still open, each linked to its page. */
function StillOpenList({ d }: { d: CloseView }) {
  return (
    <ul>
      {d.stillOpen.map((item) => (
        <li key={item.key}>
          <Link to={item.href}>{item.words}</Link>
        </li>
      ))}
    </ul>
  );
}

function BeforeAsking({ d }: { d: CloseView }) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "close-account",
    schema: closeSchema,
    reply: actionData && "result" in actionData ? actionData : undefined,
    fieldNames: ["confirm"],
  });
  return (
    <>
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <p>
        You can ask us to close your {PRODUCT.name} account. Once it is closed you cannot sign in, and we do not contact you again about it.
      </p>

      <h2>If something is still open</h2>
      {d.stillOpen.length > 0 ? (
        <>
          <p>We keep your account open until these are closed, so that you can still sign in to deal with them:</p>
          <StillOpenList d={d} />
          <p>You can ask now. We close your account once they are all closed.</p>
        </>
      ) : (
        <p>An account with a claim or a payment plan still open is kept until they close. You have nothing open, so we close your account within a few minutes of your request.</p>
      )}

      <h2>What we delete and what we keep</h2>
      <p>When your account closes, we remove your password, end your sessions and remove your phone number straight away.</p>
      <p>We keep some records for as long as the law requires, then remove them:</p>
      <ul>
        <li>money records (what you paid, what we gave back, payment plans): {d.moneyKept}</li>
        <li>your name, e-mail address, date of birth and addresses: {d.accountKept}</li>
      </ul>
      <p>
        <Link to={`${PRIVACY_PATH}#how-long`}>How long we keep each kind of record, and why</Link> is in our privacy notice.
      </p>

      <h2>Before you ask</h2>
      <p>
        You may want to <Link to={YOUR_DATA_PATH}>download your data</Link> first. You cannot download it once your account is closed.
      </p>

      <AppForm {...form}>
        <CheckboxField field={fields.confirm} plainLabel label={CONFIRM_LABEL} />
        <button type="submit" className="button">
          Close your account
        </button>
      </AppForm>
    </>
  );
}

function Asked({ d }: { d: CloseView }) {
  const title = d.status === "CLOSED" ? "Your account is closed" : "You have asked us to close your account";
  return (
    <>
      <title>{pageTitle(title)}</title>
      <h1>{title}</h1>
      {d.requested ? <p>You asked at {d.requested}. We sent you an e-mail to confirm it.</p> : null}
      {d.status === "CLOSED" ? null : d.stillOpen.length > 0 ? (
        <>
          <p>We cannot close it yet, because these are still open:</p>
          <StillOpenList d={d} />
          <p>We close your account once they are all closed. Until then you can still sign in to deal with them.</p>
        </>
      ) : (
        <p>Nothing of yours is still open, so we close your account within a few minutes. After that you cannot sign in.</p>
      )}
      <p>
        <Link to={`${PRIVACY_PATH}#how-long`}>How long we keep each kind of record, and why</Link> is in our privacy notice.
      </p>
    </>
  );
}
