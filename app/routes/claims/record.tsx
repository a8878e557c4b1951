import { data, Link, useActionData } from "react-router";
import { z } from "zod";
import { ActionButton } from "~/components/action-button";
import { AppForm, TextField, useAppForm } from "~/components/forms";
import { PageHeading } from "~/components/page-heading";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { parseForm } from "~/lib/forms.server";
import { readForm } from "~/lib/csrf.server";
import { dispatchIntent } from "~/lib/intent.server";
import { pageTitle } from "~/lib/product";
import { commitSession, flash, getSession } from "~/lib/session.server";
import { textField } from "~/lib/text-rules";
import { londonDateTime } from "#common/wording";
import { claimRecordView } from "./+lib/claim-record";
import { ClaimRecordSections } from "./+lib/claim-record-sections";
import type { Route } from "./+types/record";

const SHARE_DAYS = 30;
const NAME_MESSAGE = "Enter the name of the person the link is for";
export const recordShareSchema = z.object({
  adviserName: textField("name", { required: NAME_MESSAGE }).trim().min(1, { error: NAME_MESSAGE }),
});

const recordPath = (claimId: string) => `/claims/${encodeURIComponent(claimId)}/record`;
const STATUS_WORDS = { LIVE: "Working", EXPIRED: "Ended after 30 days", REVOKED: "Stopped" } as const;

/**
 * A claim's record (issue 39, decision 0065): its whole history in one place, for every claim the
 * tenant is or was party to — settled ones too (this page is outside the claims layout, which
 * sends a settled claim's tenant to the dashboard). The same record as a PDF (record.pdf), and
 * read-only links for an adviser: made here for a person the tenant names, listed with when each
 * was last used, stopped at any time. No script.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const claimId = params.claimId;
  const [record, { shares }, session] = await Promise.all([
    api.GET("/claims/{claimId}/record", { params: { path: { claimId } } }),
    api.GET("/claims/{claimId}/record-shares", { params: { path: { claimId } } }),
    getSession(request),
  ]);
  // A link just made is shown once: only now is its token known.
  const made = session.get("recordShare");
  const newLink = made && made.claimId === claimId ? { adviserName: made.adviserName, link: made.link } : null;
  const view = claimRecordView(record, { documentHref: (id) => `/documents/${encodeURIComponent(id)}` });
  const loaded = {
    view,
    claimId,
    newLink,
    shares: shares.map((s) => ({
      id: s.id,
      adviserName: s.adviserName,
      made: londonDateTime(s.createdAt),
      until: londonDateTime(s.expiresAt),
      lastUsed: s.lastUsedAt ? londonDateTime(s.lastUsedAt) : "Not used yet",
      status: STATUS_WORDS[s.status],
      live: s.status === "LIVE",
    })),
  };
  return made ? data(loaded, { headers: { "Set-Cookie": await commitSession(session) } }) : loaded;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const claimId = params.claimId;
  return dispatchIntent(await readForm(request), {
    share: async () => {
      const form = await parseForm(request, recordShareSchema);
      if (!form.ok) return form.invalid;
      try {
        const made = await api.POST("/claims/{claimId}/record-shares", { params: { path: { claimId } }, body: form.value });
        const session = await getSession(request);
        session.flash("recordShare", { claimId, adviserName: made.share.adviserName, link: made.link });
        return flash.redirectWithSuccess(`${recordPath(claimId)}#share`, `Your link for ${made.share.adviserName} is ready.`, {
          headers: { "Set-Cookie": await commitSession(session) },
        });
      } catch (error) {
        if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] }, error.status >= 500 ? 502 : 400);
        throw error;
      }
    },
    stop: async () => {
      const posted = (await readForm(request)).get("recordShareId");
      const recordShareId = typeof posted === "string" ? posted : "";
      await api.DELETE("/claims/{claimId}/record-shares/{recordShareId}", { params: { path: { claimId, recordShareId } } });
      return flash.redirectWithSuccess(`${recordPath(claimId)}#share`, "The link has stopped working. Anyone who opens it now sees that it has ended.");
    },
  });
}

export default function ClaimRecordPage({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "record-share",
    schema: recordShareSchema,
    reply: actionData && "result" in actionData ? actionData : undefined,
    fieldNames: ["adviserName"],
  });
  return (
    <div className="panel claim-record">
      <title>{pageTitle(d.view.title, form.errors.length > 0)}</title>
      <PageHeading
        above={
          <p>
            <Link to="/" className="standalone-link">
              Back to your dashboard
            </Link>
          </p>
        }
      >
        {d.view.heading}
      </PageHeading>
      <p>{d.view.address}</p>
      <p>
        Everything that happened on this claim, in order, as at {d.view.asAt} (UK time). Keep it, print it, or take it to an adviser or a
        court.
      </p>
      <p>
        <a href={`${recordPath(d.claimId)}.pdf`} className="button button--secondary" download>
          Download this record (PDF)
        </a>
      </p>

      <ClaimRecordSections view={d.view} />

      <section aria-labelledby="share" className="claim-record__section">
        <h2 id="share">Share with an adviser</h2>
        <p>
          You can give someone who is helping you, such as Citizens Advice or a solicitor, a link to read this record. The link works for{" "}
          {SHARE_DAYS} days and you can stop it at any time. It shows this record and its PDF only: not the files themselves, not your other
          claims, and nothing they can change. We keep a note of each time it is opened.
        </p>
        {d.newLink ? (
          <div className="claim-record__new-link" role="status">
            <p>
              <strong>Your link for {d.newLink.adviserName}:</strong>
            </p>
            <p>
              <a href={d.newLink.link}>{d.newLink.link}</a>
            </p>
            <p>Copy it now and send it to them. We show it only once: if you lose it, stop it and make another.</p>
          </div>
        ) : null}
        <AppForm {...form}>
          <input type="hidden" name="intent" value="share" />
          <TextField
            field={fields.adviserName}
            label="Who is the link for?"
            hint="Their name or their organisation, for example Citizens Advice Bristol"
            type="text"
            autoComplete="off"
          />
          <button type="submit" className="button">
            Make a link
          </button>
        </AppForm>
        {d.shares.length > 0 ? (
          <section className="table-scroll" aria-labelledby="record-shares-caption" tabIndex={0}>
            <table className="schedule-table">
              <caption id="record-shares-caption" className="schedule-table__caption">
                Your links to this record
              </caption>
              <thead>
                <tr>
                  <th scope="col">For</th>
                  <th scope="col">Made</th>
                  <th scope="col">Works until</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">Stop it</th>
                </tr>
              </thead>
              <tbody>
                {d.shares.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.adviserName}</th>
                    <td>{s.made}</td>
                    <td>{s.until}</td>
                    <td>{s.lastUsed}</td>
                    <td>{s.status}</td>
                    <td>
                      {s.live ? (
                        <ActionButton intent="stop" fields={{ recordShareId: s.id }} buttonClassName="button button--secondary button--small">
                          Stop this link<span className="visually-hidden"> for {s.adviserName}</span>
                        </ActionButton>
                      ) : (
                        "Not needed"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
      </section>
    </div>
  );
}
