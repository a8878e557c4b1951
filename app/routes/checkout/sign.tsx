import { CheckoutHeading } from "./+lib/checkout-back";
import { Link, redirect, useActionData } from "react-router";
import { DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { CPA_CANCELLATION_FEE_PENCE, tenantTermsSummary } from "#common/tenant-terms";
import { CheckboxField } from "~/components/checkbox-field";
import { AppForm, useAppForm } from "~/components/forms";
import { signSchema } from "./+lib/agreements";
import { apiContext, ApiFailure, failureMessage } from "~/lib/api.server";
import { checkoutPath } from "./+lib/checkout";
import { getCheckout, letYouKnowBy, nextActionPath } from "./+lib/checkout.server";
import { formatPounds } from "#common/wording";
import { parseForm } from "~/lib/forms.server";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/sign";
import { CoTenantsPanel, type CoTenantsPanelView } from "~/components/cotenants-panel";
import { coTenantsPanel } from "~/lib/cotenants.server";

/** `?terms`: the full terms open as a section of the page (the spec's overlay, without script). */
export const TERMS_PARAM = "terms";

/**
 * Agree to Terms (part 1 §2.3, part 2 §1): while co-tenants have steps to finish, 'Waiting for
 * other tenants...'; otherwise 'Read our terms' (the summary in plain language, the maximum
 * policy cover and the terms document when there is one), the 'Accept terms' box and what
 * comes next. Accepting e-signs the terms in the tenant's name and records their IP address.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { oc } = getCheckout(context);
  const actionable = oc.nextAction?.actionable === true;
  const url = new URL(request.url);
  const path = checkoutPath(oc.order.id, oc.customer.id, "sign");
  const maximumPolicyCover = formatPounds(oc.terms.maximumPolicyCover);
  return {
    actionable,
    letYouKnowBy: actionable ? null : await letYouKnowBy(context),
    // Your co-tenants (issue 38) while waiting for them.
    coTenants: actionable ? null : coTenantsPanel(oc.coTenants, { orderId: oc.order.id }, path),
    termsOpen: url.searchParams.has(TERMS_PARAM),
    openTermsPath: `${path}?${TERMS_PARAM}#terms`,
    closeTermsPath: `${path}#read-terms`,
    termsLink: oc.terms.termsLink,
    maximumPolicyCover,
    summary: tenantTermsSummary({
      fee: formatPounds(oc.order.fees.keyfree),
      minimumFee: formatPounds(oc.order.fees.minimumKeyfree, { wholePounds: true }),
      maximumPolicyCover,
      cpaCancellationFee: formatPounds(CPA_CANCELLATION_FEE_PENCE, { wholePounds: true }),
      disputeFee: formatPounds(DISPUTE_FEE_PENCE),
    }),
    next: oc.actions.some((a) => a.typeId === "KEYFREE_SIGN_ADDENDUM") ? "Next: Sign Addendum" : "Next: Payment",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await parseForm(request, signSchema);
  if (!form.ok) return form.invalid;
  let next;
  try {
    next = await context.get(apiContext).POST("/orders/{orderId}/customers/{customerId}/sign", {
      params: { path: { orderId: params.orderId, customerId: params.customerId } },
      body: { acceptTerms: true },
    });
  } catch (error) {
    if (error instanceof ApiFailure) return form.reply({ formErrors: [failureMessage(error)] });
    throw error;
  }
  return redirect(nextActionPath(next));
}

export default function Sign({ loaderData: d }: Route.ComponentProps) {
  if (!d.actionable) return <Waiting letYouKnowBy={d.letYouKnowBy} coTenants={d.coTenants} />;
  return <AgreeToTerms d={d} />;
}

function Waiting({ letYouKnowBy, coTenants }: { letYouKnowBy: string | null; coTenants: CoTenantsPanelView | null }) {
  return (
    <>
      <title>{pageTitle("Waiting for other tenants...")}</title>
      <CheckoutHeading>Agree to Terms</CheckoutHeading>
      <div className="notice" role="status">
        <h2 className="notice__title">Waiting for other tenants...</h2>
        <p>
          Everyone on your tenancy needs to finish the steps before this one. We will let you know {letYouKnowBy} when you can agree to
          the terms.
        </p>
        <p>
          <Link to="/notifications">How we contact you</Link>
        </p>
      </div>
      <CoTenantsPanel panel={coTenants} />
    </>
  );
}

function AgreeToTerms({ d }: { d: Route.ComponentProps["loaderData"] }) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({ id: "sign", schema: signSchema, reply: actionData, fieldNames: ["acceptTerms"] });
  return (
    <>
      <title>{pageTitle("Agree to Terms", form.errors.length > 0)}</title>
      <CheckoutHeading>Agree to Terms</CheckoutHeading>
      <p className="lead">
        Before you pay, read and accept the {PRODUCT.name} terms. They say what you pay, what is covered and what happens at the end of
        your tenancy.
      </p>
      <p id="read-terms">
        <Link to={d.openTermsPath}>Read our terms</Link>
      </p>
      {d.termsOpen ? <Terms d={d} /> : null}
      <AppForm {...form}>
        <CheckboxField field={fields.acceptTerms} label="Accept terms" />
        {d.termsLink ? null : (
          <p>
            When you accept, we create an e-signed document of these terms with your name, and we record your IP address.
          </p>
        )}
        <button type="submit" className="button">
          Continue
        </button>
        <p className="checkout-next">{d.next}</p>
      </AppForm>
    </>
  );
}

/** The full terms, in plain language, as a section of the page with a way back ('Close'). */
function Terms({ d }: { d: Route.ComponentProps["loaderData"] }) {
  return (
    <section id="terms" className="terms" aria-labelledby="terms-title" tabIndex={-1}>
      <h2 id="terms-title">Our terms</h2>
      <p className="terms__cover">
        Maximum policy cover: <strong>{d.maximumPolicyCover}</strong>
      </p>
      {d.summary.map((part) => (
        <div key={part.heading} className="terms__part">
          <h3>{part.heading}</h3>
          <ul>
            {part.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      ))}
      {d.termsLink ? (
        <p>
          <a href={d.termsLink} rel="noopener noreferrer">
            Read the full terms document
          </a>
        </p>
      ) : null}
      <p>
        <Link to={d.closeTermsPath} className="button button--secondary">
          Close
        </Link>
      </p>
    </section>
  );
}
