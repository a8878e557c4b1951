import type { ReactNode } from "react";
import { Link, redirect, useActionData } from "react-router";
import { TextAreaField } from "~/components/choice-fields";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { BackLink } from "~/components/back-link";
import { PageHeading } from "~/components/page-heading";
import { ApiFailure, apiContext, failureMessage } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { pageTitle } from "~/lib/product";
import { flash } from "~/lib/session.server";
import { claimPaths, getClaim } from "./+lib/claims.server";
import { moreTimePage, moreTimeSchema, REASON_HINT } from "./+lib/more-time";
import type { Route } from "./+types/more-time";

/**
 * Ask for more time (issue 36, scope 4; docs/decisions/0049): while the charges or the final
 * proposal wait for the tenants, one of them asks for 1 to 14 more days with a reason only the
 * team that decides reads. Then the page says the request is waiting (the charges are not treated
 * as accepted meanwhile, and when we answer by), and once answered, the new deadline or why not
 * and what they can still do. With nothing to ask or show, back to the claim page. No script.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const claim = getClaim(context);
  const moreTime = await context.get(apiContext).GET("/claims/{claimId}/more-time", { params: { path: { claimId: claim.id } } });
  const page = moreTimePage(moreTime);
  if (page.state === "none") throw await flash.redirectWithInfo(claimPaths.page(claim), page.message);
  return { page, claimPage: claimPaths.page(claim), self: claimPaths.sub(claim.id, "more-time") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const claim = getClaim(context);
  const form = await parseForm(request, moreTimeSchema);
  if (!form.ok) return form.invalid;
  try {
    await context.get(apiContext).POST("/claims/{claimId}/more-time", { params: { path: { claimId: claim.id } }, body: form.value });
  } catch (error) {
    // The form again with what was typed and why it was not sent (the API's refusal, or "try again").
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status >= 500 ? 502 : 400);
    throw error;
  }
  return redirect(claimPaths.sub(claim.id, "more-time"));
}

export default function MoreTime({ loaderData }: Route.ComponentProps) {
  const { page, claimPage } = loaderData;
  const back = <BackLink to={claimPage}>Back to your claim</BackLink>;
  if (page.state === "ask") return <AskForm page={page} back={back} />;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(page.title)}</title>
      <PageHeading above={back}>{page.title}</PageHeading>
      {page.state === "waiting" ? (
        <>
          <p>{page.asked}</p>
          <p>
            We will answer by <strong>{page.answerBy}</strong> (midnight, UK time).
          </p>
          <p>{page.meanwhile}</p>
          <p>You can still answer the charges at any time, if you are ready before we reply.</p>
        </>
      ) : null}
      {page.state === "granted" ? (
        <>
          <p>{page.granted}</p>
          {page.deadline ? (
            <p>
              Your new deadline: <strong>{page.deadline}</strong> (midnight, UK time). {page.whole}
            </p>
          ) : null}
        </>
      ) : null}
      {page.state === "refused" ? (
        <>
          <p>{page.refused}</p>
          {page.reason ? (
            <section aria-labelledby="reason-heading">
              <h2 id="reason-heading">Our reason</h2>
              <p>{page.reason}</p>
            </section>
          ) : null}
          {page.deadline ? (
            <p>
              Your deadline: <strong>{page.deadline}</strong> (midnight, UK time).
            </p>
          ) : null}
          <section aria-labelledby="can-do-heading">
            <h2 id="can-do-heading">What you can still do</h2>
            <ul>
              <li>
                {page.final
                  ? "Answer the final proposal before the deadline: accept it, or dispute it with the independent adjudicator."
                  : "Answer the charges before the deadline: accept them, propose other amounts where your claim allows it, or raise a formal dispute."}
              </li>
              <li>
                If paying is the problem, see <a href="/help/struggling-to-pay">Struggling to pay?</a> for a plan you can afford and free,
                independent debt advice.
              </li>
              <li>
                If something has changed, <a href="/contact">contact us</a>.
              </li>
            </ul>
          </section>
        </>
      ) : null}
      <p>
        <Link to={claimPage} className="button">
          Go to your claim
        </Link>
      </p>
    </div>
  );
}

function AskForm({ page, back }: { page: Extract<ReturnType<typeof moreTimePage>, { state: "ask" }>; back: ReactNode }) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({ id: "more-time", schema: moreTimeSchema, reply: actionData, fieldNames: ["days", "reason"] });
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(page.title, form.errors.length > 0)}</title>
      <PageHeading above={back}>{page.title}</PageHeading>
      <p>
        If you need longer to answer {page.what}, you can ask for up to {page.maxDays} more days.
        {page.deadline ? (
          <>
            {" "}
            Your deadline now: <strong>{page.deadline}</strong> (midnight, UK time).
          </>
        ) : null}
      </p>
      <p>
        We answer within {page.answerWorkingDays} working days. While we look at your request, the charges will not be treated as
        accepted. If we have not answered in time, you get the days you asked for.
      </p>
      <AppForm {...form}>
        <TextField
          field={fields.days}
          label="How many more days do you need?"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          hint={`From ${page.minDays} to ${page.maxDays} days`}
        />
        <TextAreaField field={fields.reason} label="Why do you need more time?" hint={REASON_HINT} />
        <button type="submit" className="button">
          Send request
        </button>
      </AppForm>
    </div>
  );
}
