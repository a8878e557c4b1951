import { data } from "react-router";
import { londonDateTime } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import { claimRecordView } from "./+lib/claim-record";
import { ClaimRecordSections } from "./+lib/claim-record-sections";
import { openSharedRecord, shareToken } from "./+lib/shared-record.server";
import type { Route } from "./+types/shared-record";

/**
 * A claim's record shared with an adviser (issue 39, scope 5; decision 0065): read-only, no
 * sign-in. It shows the record and its PDF only — no document's contents (no file links), no
 * action, no other claim — and the API logs every view. A link that does not work (stopped, more
 * than 30 days old, or never made) gets a 404 page saying so in plain words. No script; the page
 * sends no Referer (the token is in its address) and asks search engines not to index it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = shareToken(request);
  const shared = await openSharedRecord(context, token, "PAGE");
  if (!shared) return data({ shared: null }, { status: 404 });
  return {
    shared: {
      view: claimRecordView(shared.record),
      adviserName: shared.adviserName,
      until: londonDateTime(shared.expiresAt),
      pdfHref: `/shared-record.pdf?token=${encodeURIComponent(token)}`,
    },
  };
}

export default function SharedRecord({ loaderData: { shared } }: Route.ComponentProps) {
  if (!shared) {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("This link does not work")}</title>
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <h1>This link does not work</h1>
        <p>
          The tenant who shared this claim record may have stopped the link, or it may be more than 30 days old. Ask them for a new link: they
          can make one from their claim record on {PRODUCT.name}.
        </p>
      </div>
    );
  }
  return (
    <div className="panel claim-record">
      <title>{pageTitle(shared.view.title)}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1>{shared.view.heading}</h1>
      <p>{shared.view.address}</p>
      <p>
        A tenant shared this record with {shared.adviserName}. It is read only, as at {shared.view.asAt} (UK time), and the link works until{" "}
        {shared.until} unless they stop it sooner. The files themselves are not shared: each one is listed with its SHA-256, so a copy the
        tenant gives you can be checked against it.
      </p>
      <p>
        <a href={shared.pdfHref} className="button button--secondary" download>
          Download this record (PDF)
        </a>
      </p>
      <ClaimRecordSections view={shared.view} />
    </div>
  );
}
