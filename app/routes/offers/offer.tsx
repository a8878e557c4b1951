import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { ActionButton } from "~/components/action-button";
import { CancelLink } from "~/components/cancel-link";
import { ButtonGroup } from "~/components/button-group";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { flash } from "~/lib/session.server";
import { webConfig } from "~/lib/env.server";
import { consentedTools, consentOf } from "~/lib/consent.server";
import { useNonce, type DeliveryHandle } from "~/lib/page-delivery";
import { thirdPartyTools } from "~/lib/third-parties.server";
import { textField } from "~/lib/text-rules";
import { readOffer } from "./+lib/offers.server";
import { CHOICE_PARAM, CHOICE_SLUGS, choiceSlug, CONFIRM_HEADINGS, offerPaths, offerView, type ChoiceSlug } from "./+lib/offers";
import { offerReviews, offerThirdParties, type OfferReviews } from "./+lib/reviews";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/offer";
import { readForm } from "~/lib/csrf.server";

/**
 * The Keyfree offer (part 2 §2 offer pages), opened from the offer e-mail without login: the
 * token in the query stands for the recipient. No token: home. A wrong token: not found (the
 * API's 404), revealing nothing. Choosing an option asks for confirmation, a page state in
 * the URL (`?choice=keyfree` or `?choice=cash-deposit`) so it works without script.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  if (!token) throw redirect("/");
  const offer = await readOffer(context.get(apiContext), params.keyfreeOfferId, token);
  const view = offerView(offer, { annualFeesEnabled: url.searchParams.get("annualFeesEnabled") === "true" });
  // The reviews (and Trustpilot's TrustBox, when configured and consented to) beside an open offer only.
  const reviews = view.chosen
    ? null
    : offerReviews({ reviewsUrl: webConfig.trustRatingUrl, trustpilot: thirdPartyTools.trustpilot, consented: consentedTools(await consentOf(request)) });
  return {
    offer: view,
    token,
    links: {
      keyfree: offerPaths.offer(view.id, token, "keyfree"),
      cashDeposit: offerPaths.offer(view.id, token, "cash-deposit"),
      cancel: offerPaths.offer(view.id, token),
      rejected: offerPaths.rejected(view.id, token),
    },
    confirming: view.chosen ? null : choiceSlug(url.searchParams.get(CHOICE_PARAM)),
    reviews,
  };
}

/** Trustpilot's origins in this page's CSP exactly while it shows the TrustBox (no other page names it). */
export const handle: DeliveryHandle = { thirdParties: offerThirdParties };

export const choiceSchema = z.object({
  token: textField("token").min(1),
  choice: z.enum(Object.keys(CHOICE_SLUGS) as [ChoiceSlug, ...ChoiceSlug[]]),
});

/** Confirm: records the choice, then /accepted for Keyfree, /rejected?token=… for a cash deposit (part 2 §2). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = choiceSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: "This choice could not be read. Go back to the offer and choose again." }, { status: 400 });
  const { token, choice } = parsed.data;
  try {
    await context.get(apiContext).POST("/keyfree-offers/{keyfreeOfferId}/choice", {
      params: { path: { keyfreeOfferId: params.keyfreeOfferId } },
      body: { token, choice: CHOICE_SLUGS[choice] },
    });
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    // Chosen already (by a co-tenant, or another choice): the offer page says so, with the outcome.
    if (error.status === 409) return redirect(offerPaths.offer(params.keyfreeOfferId, token));
    // Anything else: back to the same confirmation, saying what went wrong, so Confirm can be pressed again.
    return flash.redirectWithError(offerPaths.offer(params.keyfreeOfferId, token, choice), failureMessage(error));
  }
  return redirect(choice === "keyfree" ? offerPaths.accepted(params.keyfreeOfferId) : offerPaths.rejected(params.keyfreeOfferId, token));
}

export default function KeyfreeOffer({ loaderData }: Route.ComponentProps) {
  const { offer, token, links, confirming, reviews } = loaderData;
  const heading = `Save ${offer.saving} with ${PRODUCT.name}!`;

  if (offer.chosen) {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Your deposit option has been chosen already")}</title>
        <h1>Your deposit option has been chosen already</h1>
        <p className="lead">
          {offer.address}, {offer.postcode}
        </p>
        <p>{offer.chosen}</p>
        {offer.canGiveReason ? (
          <p>
            <Link to={links.rejected}>Tell us why you chose a cash deposit</Link>
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="panel">
      <title>{pageTitle(confirming ? CONFIRM_HEADINGS[confirming] : heading)}</title>
      <h1>{heading}</h1>
      <p className="lead">
        {offer.address}, {offer.postcode}
      </p>

      {confirming ? (
        <section className="confirm-choice" aria-labelledby="confirm-choice-title">
          <h2 id="confirm-choice-title">{CONFIRM_HEADINGS[confirming]}</h2>
          <p>
            {confirming === "keyfree"
              ? `You are choosing ${PRODUCT.name}: a total to pay of ${offer.keyfreeTotal}.`
              : `You are choosing a cash deposit: a total to pay of ${offer.cashDepositTotal}.`}{" "}
            Your choice is final for your tenancy and cannot be changed by your co-tenants.
          </p>
          <ButtonGroup className="confirm-choice__actions">
            <ActionButton fields={{ token, choice: confirming }} autoFocus>
              Confirm
            </ActionButton>
            <CancelLink to={links.cancel} />
          </ButtonGroup>
        </section>
      ) : null}

      <h2 className="visually-hidden">
        Your deposit options
      </h2>
      <ul className="offer-options">
        <li className="card offer-option">
          <h2 className="card__title">{PRODUCT.name} Fee</h2>
          <p className="offer-option__label">Total to pay</p>
          <p className="offer-option__amount">{offer.keyfreeTotal}</p>
          {confirming ? null : (
            <Link to={links.keyfree} className="button">
              Choose {PRODUCT.name}
            </Link>
          )}
        </li>
        <li className="card offer-option">
          <h2 className="card__title">Cash Deposit</h2>
          <p className="offer-option__label">Total to pay</p>
          <p className="offer-option__amount">{offer.cashDepositTotal}</p>
          {confirming ? null : (
            <Link to={links.cashDeposit} className="button button--secondary">
              Choose a Cash Deposit
            </Link>
          )}
        </li>
      </ul>

      {offer.annualFeeNote ? <p className="notice">{offer.annualFeeNote}</p> : null}

      {reviews ? <CustomerReviews reviews={reviews} /> : null}
    </div>
  );
}

/**
 * The reviews link; with the TrustBox, that link inside Trustpilot's box (its integration code:
 * the box's data attributes, the link as its fallback) and the bootstrap script, a plain script
 * tag with the page's nonce (the page itself does not hydrate). The script swaps the link for
 * the rating; without script the link stays.
 */
function CustomerReviews({ reviews }: { reviews: OfferReviews }) {
  const nonce = useNonce();
  const link = (
    <a href={reviews.url} rel="noopener" target="_blank">
      Read what tenants say about {PRODUCT.name} (opens in a new tab)
    </a>
  );
  const box = reviews.trustBox;
  return (
    <aside className="trust-rating" aria-label="Customer reviews">
      {box ? (
        <>
          <div
            className="trustpilot-widget"
            data-locale={box.locale}
            data-template-id={box.templateId}
            data-businessunit-id={box.businessUnitId}
            data-style-height={box.styleHeight}
            data-style-width={box.styleWidth}
            data-theme={box.theme}
          >
            {link}
          </div>
          <script src={box.widgetUrl} async nonce={nonce || undefined} />
        </>
      ) : (
        link
      )}
    </aside>
  );
}
