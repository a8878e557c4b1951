import { GUIDE_PATH, GUIDE_TITLE } from "~/lib/guide";
import { data, Link, redirect } from "react-router";
import { KeyfreeCard, type KeyfreeCardData } from "./+lib/keyfree-card";
import { apiContext } from "~/lib/api.server";
import { BreathingSpaceNotice } from "~/components/breathing-space-notice";
import { breathingSpaceNotice } from "~/lib/breathing-space.server";
import { addressLine } from "~/lib/format";
import { formatDate, formatPounds } from "#common/wording";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/dashboard";

type Filter = "ACTIVE" | "EXPIRED";

function filterFromUrl(url: URL): Filter | null {
  const value = url.searchParams.get("status")?.toUpperCase();
  return value === "ACTIVE" || value === "EXPIRED" ? value : null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  // One API call: the Keyfree cards and what the redirects below need.
  const dashboard = await context.get(apiContext).GET("/dashboard");
  // Part 2, Dashboard redirects, in the spec's order: first the tenant's payment plan that is
  // neither default nor cancelled (nor a void offer, nor paid off: docs/decisions/0026); then an
  // adjudicated claim whose repayment the tenant still has to make (docs/decisions/0024); then a
  // claim in progress to answer when no checkout step is open (the claim page adds
  // ?mediationEnabled=true itself when it is missing, but the dashboard sends it straight away:
  // one redirect, not two).
  const plan = dashboard.paymentPlanToShow;
  if (plan) throw redirect(`/payment-plan/${encodeURIComponent(plan.id)}`);
  const arbitration = dashboard.arbitrationToPay;
  if (arbitration) throw redirect(`/arbitrations/${encodeURIComponent(arbitration.id)}`);
  const claim = dashboard.claimToAnswer;
  if (claim) throw redirect(`/claims/${encodeURIComponent(claim.id)}${claim.mediationEnabled ? "?mediationEnabled=true" : ""}`);
  // Then a pending annual-fee order with an open action.
  const annualFee = dashboard.pendingAnnualFee;
  if (annualFee) throw redirect(`/annual-fee/${annualFee.orderId}/${annualFee.customerId}`);
  // Part 2, Dashboard redirects: a customer who must add (or replace a shared) payment method.
  if (dashboard.mustAddPaymentMethod) throw redirect("/add-payment-method");
  // The API derives the default filter, the heading's "outstanding actions" (every kind, counted there) and each status line (part 2 §2).
  const filter = filterFromUrl(url) ?? dashboard.defaultAccountStatus;
  return data({
    filter,
    breathingSpace: breathingSpaceNotice(dashboard.breathingSpace),
    hasOutstandingActions: dashboard.hasOutstandingActions,
    keyfrees: dashboard.tenancyOrders
      .filter((o) => o.accountStatus === filter)
      .map(
        (o): KeyfreeCardData => ({
          orderId: o.id,
          // Issue 27: a Keyfree still at checkout goes to its checkout; an Active or Expired one to its own page.
          href: o.status === "IN_PROGRESS" ? `/checkout/${o.id}/${o.orderCustomer.customerId}` : `/keyfrees/${encodeURIComponent(o.id)}`,
          continueHref: `/checkout/${o.id}/${o.orderCustomer.customerId}`,
          address: addressLine(o.tenancy.property.address),
          postcode: o.tenancy.property.address.postcode,
          rent: formatPounds(o.tenancy.PPM),
          termLabel: o.tenancy.isNewTenancy ? "Tenancy dates" : `${PRODUCT.name} term`,
          term: `${formatDate(o.tenancy.startDate)}${o.tenancy.endDate ? ` to ${formatDate(o.tenancy.endDate)}` : ""}`,
          tenants: o.tenants.map((t) => t.displayName),
          statusLine: o.statusLine,
          actionable: o.hasOutstandingActions,
          documents: o.documents.map((d) => ({ id: d.id, name: d.name, url: d.url })),
          totalChargesSettled:
            o.claim?.totalChargesSettled != null ? formatPounds(o.claim.totalChargesSettled) : null,
        }),
      ),
  });
}

const FILTERS: Array<{ value: Filter; label: string; empty: string }> = [
  { value: "ACTIVE", label: "Active", empty: `You dont have any active ${PRODUCT.name}s.` },
  { value: "EXPIRED", label: "Expired", empty: `You dont have any expired ${PRODUCT.name}s.` },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { filter, keyfrees, hasOutstandingActions, breathingSpace } = loaderData;
  const current = FILTERS.find((f) => f.value === filter)!;
  return (
    <div className="dashboard">
      <title>{pageTitle(`Your ${PRODUCT.name}s`)}</title>
      <h1>{hasOutstandingActions ? "You have outstanding actions" : "Sit back and relax"}</h1>
      <BreathingSpaceNotice notice={breathingSpace} />
      <nav className="filter-tabs" aria-label={`Filter your ${PRODUCT.name}s`}>
        <ul>
          {FILTERS.map((f) => (
            <li key={f.value}>
              <Link
                to={`/?status=${f.value.toLowerCase()}`}
                className="filter-tabs__link"
                aria-current={f.value === filter ? "page" : undefined}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="visually-hidden">
        {current.label} {PRODUCT.name}s
      </h2>
      {keyfrees.length === 0 ? (
        <p className="empty-state">{current.empty}</p>
      ) : (
        <ul className="card-list">
          {keyfrees.map((k) => (
            <KeyfreeCard key={k.orderId} card={k} />
          ))}
        </ul>
      )}
      <p className="dashboard__guide">
        Moving out? The <a href={GUIDE_PATH}>{GUIDE_TITLE}</a> tells you what happens at the end of your tenancy, step by step.
      </p>
    </div>
  );
}
