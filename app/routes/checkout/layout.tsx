import { Outlet, useLocation, useNavigation } from "react-router";
import { ActionButton } from "~/components/action-button";
import { StepTracker } from "~/components/step-tracker";
import { checkoutMiddleware, getCheckout, trackerSteps } from "./+lib/checkout.server";
import { addressLine } from "~/lib/format";
import { formatPounds, keyfreeFeeRule } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/layout";

/**
 * Every checkout page (part 1 §2.3): the middleware reads the order customer and the user once
 * per request and keeps the tenant on the step of their next action; the layout shows the step
 * tracker, the 'Your Keyfree' fee banner and, on a first visit, the onboarding introduction in
 * place of the step. The banner shows above the step but comes after it in the document, so the
 * step's h1 is the first heading in main (issue 24).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params, url }) => {
    await checkoutMiddleware({ request, context, params, url });
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { oc, user, subRoute } = getCheckout(context);
  const address = oc.order.property.address;
  return {
    steps: trackerSteps(oc, subRoute),
    // Finish (after paying) needs no introduction; every step before it does, until it is read.
    introduction: !user.attributes.onboardingIntroductionComplete && subRoute !== "finish",
    // Its words travel as data, as the banner's do (the card page's script budget).
    introductionWords: introductionWords(formatPounds(oc.order.fees.minimumKeyfree, { wholePounds: true })),
    introductionAction: `/checkout/${encodeURIComponent(oc.order.id)}/${encodeURIComponent(oc.customer.id)}/introduction`,
    address: `${addressLine(address)}, ${address.postcode}`,
    // The banner's words, made here: the layout wraps the card form, whose page is held to 120 KB
    // of script (e2e/delivery.spec.ts), so the words travel as data, not as code.
    banner: feeBannerWords(oc),
  };
}

export default function CheckoutLayout({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow checkout">
      <StepTracker steps={d.steps} />
      {d.introduction ? (
        <Introduction action={d.introductionAction} words={d.introductionWords} />
      ) : (
        <>
          {/* The step first, so its h1 is the first heading in main (issue 24); the stylesheet
              shows 'Your Keyfree' above it, as designed (.checkout__banner). */}
          <div className="checkout__step">
            <Outlet />
          </div>
          <FeeBanner address={d.address} banner={d.banner} />
        </>
      )}
    </div>
  );
}

type Banner = Route.ComponentProps["loaderData"]["banner"];

/** 'Your Keyfree': the fee, its rule, and this tenant's share and liability when it is shared. */
function feeBannerWords(oc: ReturnType<typeof getCheckout>["oc"]) {
  const feeRule = keyfreeFeeRule(formatPounds(oc.order.fees.minimumKeyfree, { wholePounds: true }));
  return {
    // The whole fee, and this tenant's part of it when it is shared.
    fee: formatPounds(oc.order.fees.keyfree),
    share: oc.fee !== oc.order.fees.keyfree ? formatPounds(oc.fee) : null,
    rule: `Your ${PRODUCT.name} fee is ${feeRule}. You pay it instead of a cash deposit, and it is non-refundable.`,
    shared: `The fee is shared between the ${oc.order.tenants.length} tenants. Your share is`,
    liability: oc.tenantLiability > 1 ? `You are responsible for paying the fee for ${oc.tenantLiability} tenants.` : null,
  };
}

/** The onboarding introduction's words (part 1 §2.3), made in the loader. */
function introductionWords(minimumFee: string) {
  return {
    lead: "Here is what happens next, so there are no surprises.",
    steps: [
      "Tell us about yourself and where you have lived.",
      "We check your eligibility (referencing). This usually takes under a minute.",
      `Check your details, agree to the terms and pay the ${PRODUCT.name} fee by card.`,
    ],
    fee: `The fee is ${keyfreeFeeRule(minimumFee)}, and it is non-refundable. You stay responsible for any damage or unpaid rent at the end of your tenancy, just as with a cash deposit.`,
  };
}
type IntroductionWords = ReturnType<typeof introductionWords>;

/** 'Your Keyfree': the fee, one week's rent with the £150 minimum, and this tenant's share. */
function FeeBanner({ address, banner: b }: { address: string; banner: Banner }) {
  return (
    <section className="fee-banner checkout__banner" aria-labelledby="fee-banner-title">
      <h2 id="fee-banner-title">Your {PRODUCT.name}</h2>
      <p className="fee-banner__address">{address}</p>
      <p className="fee-banner__amount">{b.fee}</p>
      <p>{b.rule}</p>
      {b.share ? (
        <p>
          {b.shared} <strong>{b.share}</strong>.
        </p>
      ) : null}
      {b.liability ? <p>{b.liability}</p> : null}
    </section>
  );
}

/**
 * The onboarding introduction (part 1 §2.3), shown until the tenant presses 'I understand'.
 * 'Processing...' while it posts where the page has script (Pay); the other steps send none,
 * so there the browser shows the post loading, and pressing twice changes nothing
 * (docs/decisions/0013).
 */
function Introduction({ action, words }: { action: string; words: IntroductionWords }) {
  const navigation = useNavigation();
  const location = useLocation();
  const from = location.pathname + location.search;
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <section className="introduction" aria-labelledby="introduction-title">
      <title>{pageTitle(`Welcome to ${PRODUCT.name}`)}</title>
      <h1 id="introduction-title">Welcome to {PRODUCT.name}</h1>
      <p className="lead">{words.lead}</p>
      <ol className="introduction__steps">
        {words.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>{words.fee}</p>
      <ActionButton action={action} fields={{ from }} disabled={busy}>
        {busy ? "Processing..." : "I understand"}
      </ActionButton>
    </section>
  );
}
