import { pageTitle } from "~/lib/product";
import { apiContext } from "~/lib/api.server";
import { requireAccessToken } from "~/lib/auth.server";
import { londonDateTime, longLondonDate } from "#common/wording";
import type { Route } from "./+types/complaint";

const onDate = (date: string) => longLondonDate(`${date}T12:00:00Z`);

const STATUS_WORDS = {
  ACKNOWLEDGED: "Acknowledged: we are looking into it",
  RESPONDED: "We have sent you an update: our final response is still to come",
  FINAL_RESPONSE: "We have sent our final response",
  OVERDUE: "We have not sent our final response within 8 weeks",
} as const;

/**
 * A complaint's page (issue 40, decision 0066), with no script: its status, each response, the
 * dates that apply (London time), and the ombudsman once a final response is given or 8 weeks
 * pass. Read by the tenant who raised it (signed out without a token: the login page, then here),
 * or with the token from the acknowledgement (`?token=`).
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") || undefined;
  // Without the acknowledgement's token, the page is its owner's: signed out, log in first.
  if (!token) await requireAccessToken(request, url);
  const c = await context.get(apiContext).GET("/complaints/{reference}", { params: { path: { reference: params.reference }, query: token ? { token } : {} } });
  return {
    reference: c.reference,
    topic: c.topicLabel,
    about: c.about,
    whatHappened: c.whatHappened,
    putRight: c.putRight,
    status: STATUS_WORDS[c.status],
    raised: londonDateTime(c.raisedAt),
    acknowledged: c.acknowledgedAt ? londonDateTime(c.acknowledgedAt) : null,
    acknowledgeBy: onDate(c.acknowledgeBy),
    finalResponseBy: onDate(c.finalResponseBy),
    final: c.status === "FINAL_RESPONSE",
    responses: c.responses.map((r) => ({ final: r.final, message: r.message, sent: londonDateTime(r.sentAt) })),
    ombudsman: c.ombudsman,
  };
}

/** Text as typed, a paragraph per line. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n+/)
        .filter((line) => line.trim())
        .map((line, i) => (
          <p key={i}>{line}</p>
        ))}
    </>
  );
}

export default function Complaint({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(`Complaint ${d.reference}`)}</title>
      <h1>Your complaint {d.reference}</h1>
      <p>
        <strong>Status:</strong> {d.status}
      </p>
      <h2>The dates that apply</h2>
      <dl>
        <dt>You made your complaint</dt>
        <dd>{d.raised} (UK time)</dd>
        <dt>We acknowledge it within 5 working days, by</dt>
        <dd>
          {d.acknowledgeBy}
          {d.acknowledged ? ` — we acknowledged it by email on ${d.acknowledged} (UK time)` : null}
        </dd>
        <dt>We send our final response within 8 weeks, by</dt>
        <dd>{d.finalResponseBy}</dd>
      </dl>
      {d.ombudsman ? (
        <section aria-labelledby="ombudsman">
          <h2 id="ombudsman">Taking your complaint to the ombudsman</h2>
          <p>
            {d.final
              ? `If you are not happy with our final response, you can refer your complaint to ${d.ombudsman.name}.`
              : `We have not sent our final response within 8 weeks, so you can refer your complaint to ${d.ombudsman.name} now.`}{" "}
            You have {d.ombudsman.referWithinMonths} months to do so. It is free.
          </p>
          <p>
            Write to: {d.ombudsman.address}
            <br />
            Online: <a href={d.ombudsman.website}>{d.ombudsman.website}</a>
          </p>
        </section>
      ) : null}
      <h2>Our responses</h2>
      {d.responses.length === 0 ? (
        <p>We have not responded yet.</p>
      ) : (
        d.responses.map((r, i) => (
          <section key={i} aria-label={r.final ? "Our final response" : "An update"}>
            <h3>
              {r.final ? "Our final response" : "An update"}, {r.sent} (UK time)
            </h3>
            <Paragraphs text={r.message} />
          </section>
        ))
      )}
      <h2>Your complaint</h2>
      <dl>
        <dt>Topic</dt>
        <dd>{d.topic}</dd>
        <dt>About</dt>
        <dd>{d.about}</dd>
        <dt>What happened</dt>
        <dd>
          <Paragraphs text={d.whatHappened} />
        </dd>
        <dt>What would put it right</dt>
        <dd>
          <Paragraphs text={d.putRight} />
        </dd>
      </dl>
    </div>
  );
}
