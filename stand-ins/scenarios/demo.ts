/**
 * The demo dataset (README lists it): one tenant per situation a tenant can be in, all with
 * the password Keyfree-demo-1, plus one Keyfree offer and one tenancy-inventory request with
 * fixed ids and tokens. Loaded into an empty database outside production. Dates are relative
 * to the moment of loading ("deadline in 3 days"), so the situations hold whenever it runs.
 *
 * The other parties act through the scenario functions; what the tenant does (agreeing,
 * counter-proposing, disputing) goes through the tenant API itself, as the tenant.
 */
import { and, count, eq } from "drizzle-orm";
import type { Api } from "../../server/app";
import type { Deps } from "../../server/context";
import { claims, customers, orderCustomerActions, orderCustomers, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "./tenants";
import { createCheckoutScenario, setReferenceOutcome } from "./checkout";
import { decideAdjudication, payClaimAction, raiseClaim, resolveClaim, sendToAdjudication, agentRejectWithFinalProposal } from "./claims";
import { offerPaymentPlan } from "./plans";
import { createAnnualFeeOrder } from "./annual-fee";
import { createInventoryRequest } from "../../server/inventory/service";
import { issueTenantVacatedLink } from "../../server/inventory/vacated";
import { createKeyfreeOffer } from "../../server/offers/service";
import { addSignedDocuments } from "./signed-documents";
import { CHECKOUT_ACTION_TYPES } from "../../server/domain/statuses";

export const DEMO_TENANTS = [
  { email: "demo@keyfree.example", mobileNumber: "07700900101", firstName: "Alex", lastName: "Morgan", situation: "one active Keyfree, nothing outstanding" },
  { email: "checkout@keyfree.example", firstName: "Chris", lastName: "Patel", situation: "new order, introduction not seen, first action About You" },
  { email: "referencing@keyfree.example", mobileNumber: "07700900103", firstName: "Rowan", lastName: "Hughes", situation: "checkout at referencing, status INFO_REQUIRED" },
  { email: "waiting@keyfree.example", mobileNumber: "07700900104", firstName: "Wren", lastName: "Okafor", situation: "shared order, signed, waiting for a co-tenant" },
  { email: "claim@keyfree.example", mobileNumber: "07700900105", firstName: "Casey", lastName: "Brennan", situation: "claim awaiting response: round 1, mediation on, 3 items, deadline in 3 days, a co-tenant" },
  { email: "final@keyfree.example", mobileNumber: "07700900106", firstName: "Finley", lastName: "Shaw", situation: "round 3 final proposal awaiting response" },
  { email: "dispute@keyfree.example", mobileNumber: "07700900107", firstName: "Dana", lastName: "Kowalski", situation: "claim awaiting the £60 admin fee, dispute message written" },
  { email: "arbitration@keyfree.example", mobileNumber: "07700900108", firstName: "Ari", lastName: "Mensah", situation: "adjudicated claim with two pay actions (remaining balance and own share) of different amounts" },
  { email: "plan@keyfree.example", mobileNumber: "07700900109", firstName: "Pat", lastName: "Doyle", situation: "pending payment plan offer, no step done" },
  { email: "annual@keyfree.example", mobileNumber: "07700900110", firstName: "Ana", lastName: "Silva", situation: "annual fee due for 2 years (one rolled over)" },
  { email: "newcard@keyfree.example", mobileNumber: "07700900111", firstName: "Noor", lastName: "Rahman", situation: "customer who must add a new payment method" },
  { email: "expired@keyfree.example", mobileNumber: "07700900112", firstName: "Eli", lastName: "Turner", situation: "only an expired Keyfree whose claim was resolved" },
] as const;

/** Co-tenants who share the demo tenants' tenancies (they can sign in too). */
export const DEMO_CO_TENANTS = [
  { email: "waiting.cotenant@keyfree.example", mobileNumber: "07700900201", firstName: "Sol", lastName: "Okafor" },
  { email: "claim.cotenant@keyfree.example", mobileNumber: "07700900202", firstName: "Jo", lastName: "Brennan" },
  { email: "arbitration.cotenant@keyfree.example", mobileNumber: "07700900203", firstName: "Kit", lastName: "Mensah" },
] as const;

export const DEMO_OFFER = {
  id: "0c6f6d2a-3b7e-4f51-9a8e-6b1d2c3e4f50",
  token: "demo-offer-token-2026-keyfree",
  email: "offer@keyfree.example",
} as const;

export const DEMO_INVENTORY = {
  id: "5e2b8c41-7d9a-4c36-8f0e-1a2b3c4d5e60",
  token: "demo-inventory-token-2026-keyfree",
  email: "demo@keyfree.example",
  /** Issue 38: the same tenant's move-out link (/tenant-vacated?token=…). */
  movedOutToken: "demo-moved-out-token-2026-keyfree",
} as const;

const DAY = 86_400_000;

function isoDate(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** A demo person; past About You, with the mobile number it would have saved (Ofcom's drama range, distinct; README). */
type Tenant = { email: string; firstName: string; lastName: string; mobileNumber?: string };

const person = (t: Tenant, tenantLiability?: number) => ({
  email: t.email,
  firstName: t.firstName,
  lastName: t.lastName,
  ...(t.mobileNumber ? { mobileNumber: t.mobileNumber } : {}),
  password: DEMO_PASSWORD,
  ...(tenantLiability === undefined ? {} : { tenantLiability }),
});

const tenant = (email: string) => DEMO_TENANTS.find((t) => t.email === email)!;

/** The tenant API, used as a signed-in tenant. */
async function asTenant(api: Api, email: string) {
  const login = await api.request("/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async (method: string, path: string, body?: unknown) => {
    const res = await api.request(path, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = res.status === 204 ? null : await res.json();
    if (!res.ok) throw new Error(`demo data: ${method} ${path} as ${email} answered ${res.status}: ${JSON.stringify(json)}`);
    return json as any;
  };
}

/** The open payment action of a type for a user on an order. */
async function paymentAction(deps: Deps, orderId: string, email: string, typeId: string) {
  const [row] = await deps.db
    .select({ id: orderCustomerActions.id })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(and(eq(orderCustomers.orderId, orderId), eq(users.email, email), eq(orderCustomerActions.typeId, typeId)))
    .limit(1);
  if (!row) throw new Error(`demo data: no ${typeId} action for ${email} on order ${orderId}`);
  return row.id;
}

/** A Keyfree that ended: tenancy over, order complete. */
async function endedKeyfree(deps: Deps, tenants: Array<ReturnType<typeof person>>, now: Date, organizationName: string) {
  return createCheckoutScenario(
    deps.db,
    {
      tenants,
      ppm: 125_000,
      startDate: isoDate(new Date(now.getTime() - 380 * DAY)),
      endDate: isoDate(new Date(now.getTime() - 14 * DAY)),
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
      organizationName,
    },
    now,
  );
}

const CLAIM_ITEMS = [
  { description: "Professional clean of the kitchen and bathroom", type: "CLEANING", amount: 18_000, evidence: 2 },
  { description: "Replace the stained living room carpet", type: "DAMAGE", amount: 42_000, evidence: 1 },
  { description: "Repaint the hallway walls", type: "REDECORATION", amount: 15_000, evidence: 1 },
];

/** Loads the demo dataset into an empty database. Returns false when the database already has users. */
export async function seedDemoIfEmpty(deps: Deps, api: Api): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(deps, api);
  return true;
}

export async function seedDemo(deps: Deps, api: Api) {
  const { db, files } = deps;
  const now = deps.clock.now();
  const past = (days: number) => new Date(now.getTime() - days * DAY);

  // demo: one active Keyfree, nothing outstanding.
  const demo = await createCheckoutScenario(
    db,
    {
      tenants: [person(tenant("demo@keyfree.example"))],
      ppm: 130_000,
      startDate: isoDate(past(60)),
      endDate: isoDate(new Date(now.getTime() + 305 * DAY)),
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
      organizationName: "Harbour Lettings",
    },
    now,
  );
  await addSignedDocuments(deps, { tenancyId: demo.tenancyId, userId: demo.tenants[0]!.userId }, now);

  // checkout: a new order, nothing done yet (the introduction not seen).
  await createCheckoutScenario(
    db,
    {
      tenants: [person(tenant("checkout@keyfree.example"))],
      ppm: 95_000,
      startDate: isoDate(new Date(now.getTime() + 21 * DAY)),
      endDate: isoDate(new Date(now.getTime() + 386 * DAY)),
      isNewTenancy: true,
      topUpEnabled: true,
      organizationName: "Northgate Homes",
    },
    now,
  );

  // referencing: About You and address history done; the reference needs more information.
  const referencing = await createCheckoutScenario(
    db,
    {
      tenants: [{ ...person(tenant("referencing@keyfree.example")), onboardingIntroductionComplete: true }],
      ppm: 110_000,
      startDate: isoDate(new Date(now.getTime() + 14 * DAY)),
      endDate: isoDate(new Date(now.getTime() + 379 * DAY)),
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"]],
      organizationName: "Northgate Homes",
    },
    now,
  );
  await setReferenceOutcome(db, { orderCustomerId: referencing.tenants[0]!.orderCustomerId, status: "INFO_REQUIRED" }, now);

  // waiting: a shared order; this tenant has signed, the co-tenant has not: payment waits for them.
  const beforePay = CHECKOUT_ACTION_TYPES.filter((t) => t !== "KEYFREE_PAY");
  await createCheckoutScenario(
    db,
    {
      tenants: [{ ...person(tenant("waiting@keyfree.example")), onboardingIntroductionComplete: true }, person(DEMO_CO_TENANTS[0])],
      ppm: 160_000,
      startDate: isoDate(new Date(now.getTime() + 10 * DAY)),
      endDate: isoDate(new Date(now.getTime() + 375 * DAY)),
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [beforePay, ["KEYFREE_ABOUT_YOU"]],
      organizationName: "Harbour Lettings",
    },
    now,
  );

  // claim: round 1 charges awaiting response, mediation on, 3 items, deadline in 3 days, a co-tenant.
  const claimTenancy = await endedKeyfree(deps, [person(tenant("claim@keyfree.example")), person(DEMO_CO_TENANTS[1])], now, "Harbour Lettings");
  await raiseClaim(
    db,
    { tenancyId: claimTenancy.tenancyId, items: CLAIM_ITEMS, mediationEnabled: true, publishedAt: past(4), documents: ["INVENTORY_CHECK_OUT", "INVENTORY_CHECK_IN"] },
    past(4),
    files,
  );

  // final: the tenant counter-proposed (and paid upfront); the agent answered with a final proposal.
  const finalTenancy = await endedKeyfree(deps, [person(tenant("final@keyfree.example"))], now, "Harbour Lettings");
  const finalClaim = await raiseClaim(
    db,
    { tenancyId: finalTenancy.tenancyId, items: CLAIM_ITEMS, mediationEnabled: true, publishedAt: past(6) },
    past(6),
    files,
  );
  const finalApi = await asTenant(api, "final@keyfree.example");
  await finalApi("POST", `/claims/${finalClaim.claimId}/proposals/${finalClaim.claimProposalId}/counter`);
  const counterAmounts = [9_000, 21_000, 7_500];
  for (const [i, itemId] of finalClaim.itemIds.entries()) {
    await finalApi("POST", `/claims/${finalClaim.claimId}/counter-proposals`, {
      claimItemId: itemId,
      amount: counterAmounts[i],
      explanation: "The property was left in the same condition as the check-in inventory, apart from fair wear and tear.",
      documentIds: [],
    });
  }
  const draftId = (await finalApi("GET", `/claims/${finalClaim.claimId}`)).tenantDraftProposalId as string;
  const published = await finalApi("POST", `/claims/${finalClaim.claimId}/proposals/${draftId}/publish`);
  if (!published.proposalPayment) throw new Error("demo data: the counter-proposal asked for no upfront payment");
  await payClaimAction(db, published.proposalPayment.orderCustomerActionId, now);
  await agentRejectWithFinalProposal(
    db,
    finalClaim.claimId,
    { amounts: Object.fromEntries(finalClaim.itemIds.map((id, i) => [id, [14_000, 32_000, 11_000][i]!])) },
    now,
  );

  // dispute: mediation off, the tenant disputed and wrote a message; the £60 fee is unpaid.
  const disputeTenancy = await endedKeyfree(deps, [person(tenant("dispute@keyfree.example"))], now, "Castle Estates");
  const disputeClaim = await raiseClaim(
    db,
    { tenancyId: disputeTenancy.tenancyId, items: CLAIM_ITEMS.slice(0, 2), mediationEnabled: false, publishedAt: past(2) },
    past(2),
    files,
  );
  const disputeApi = await asTenant(api, "dispute@keyfree.example");
  await disputeApi("POST", `/claims/${disputeClaim.claimId}/proposals/${disputeClaim.claimProposalId}/dispute`);
  await disputeApi("PUT", `/claims/${disputeClaim.claimId}/dispute-message`, {
    message: "The carpet was already worn when I moved in; the check-in inventory photos show the same marks.",
  });

  // arbitration: two tenants disputed, paid the fee, and the adjudicator decided part of the charges.
  const arbitrationTenancy = await endedKeyfree(
    deps,
    [person(tenant("arbitration@keyfree.example")), person(DEMO_CO_TENANTS[2])],
    now,
    "Castle Estates",
  );
  const arbitrationClaim = await raiseClaim(
    db,
    { tenancyId: arbitrationTenancy.tenancyId, items: CLAIM_ITEMS, mediationEnabled: false, publishedAt: past(5) },
    past(5),
    files,
  );
  const arbitrationApi = await asTenant(api, "arbitration@keyfree.example");
  const disputed = await arbitrationApi(
    "POST",
    `/claims/${arbitrationClaim.claimId}/proposals/${arbitrationClaim.claimProposalId}/dispute`,
  );
  await arbitrationApi("PUT", `/claims/${arbitrationClaim.claimId}/dispute-message`, {
    message: "We do not agree that the carpet needed replacing.",
  });
  const feeActionId = disputed.adjudicationFeeOrder?.action?.id as string | undefined;
  if (!feeActionId) throw new Error("demo data: the dispute made no fee to pay");
  // The tenant's steps went through the API just now, so the rest follows on from now.
  await payClaimAction(db, feeActionId, now);
  await sendToAdjudication(db, arbitrationClaim.claimId, now);
  // £450 of £750, with the adjudicator's reasons item by item (issue 39).
  const [clean, carpet, paint] = arbitrationClaim.itemIds as [string, string, string];
  const reasons = { [clean]: "The check-out report shows grease in the oven and limescale in the shower.", [carpet]: "The carpet was 8 years old: the tenants pay for the stain, not a new carpet.", [paint]: "Scuffs from furniture over 2 years are fair wear and tear." };
  await decideAdjudication(db, arbitrationClaim.claimId, { amount: 45_000, reportPdf: true, reasons, awarded: { [clean]: 18_000, [carpet]: 27_000, [paint]: 0 } }, now, files);

  // plan: charges accepted, and a payment plan offered for them; no step done yet.
  const planTenancy = await endedKeyfree(deps, [person(tenant("plan@keyfree.example"))], now, "Northgate Homes");
  const planClaim = await raiseClaim(
    db,
    { tenancyId: planTenancy.tenancyId, items: CLAIM_ITEMS.slice(0, 2), mediationEnabled: true, publishedAt: past(3) },
    past(3),
    files,
  );
  const planApi = await asTenant(api, "plan@keyfree.example");
  await planApi("POST", `/claims/${planClaim.claimId}/proposals/${planClaim.claimProposalId}/agree`);
  const [planOrderCustomer] = await db
    .select({ id: orderCustomers.id })
    .from(orderCustomers)
    .where(eq(orderCustomers.orderId, planClaim.orderId))
    .limit(1);
  if (!planOrderCustomer) throw new Error("demo data: accepting the charges made no order customer");
  await offerPaymentPlan(
    db,
    {
      orderCustomerId: planOrderCustomer.id,
      claimId: planClaim.claimId,
      amount: CLAIM_ITEMS[0]!.amount + CLAIM_ITEMS[1]!.amount,
      instalments: 6,
      firstDueDate: isoDate(new Date(now.getTime() + 30 * DAY)),
    },
    now,
  );

  // annual: a tenancy in its third year; two years' fees due (the first rolled over).
  const annual = await createCheckoutScenario(
    db,
    {
      tenants: [person(tenant("annual@keyfree.example"))],
      ppm: 140_000,
      startDate: isoDate(past(2 * 365 + 30)),
      endDate: isoDate(new Date(now.getTime() + 335 * DAY)),
      isNewTenancy: false,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
      organizationName: "Harbour Lettings",
    },
    now,
  );
  await createAnnualFeeOrder(db, { tenancyId: annual.tenancyId, years: 2 }, now);

  // newcard: an active Keyfree, and the card on file must be replaced.
  const newcard = await createCheckoutScenario(
    db,
    {
      tenants: [person(tenant("newcard@keyfree.example"))],
      ppm: 120_000,
      startDate: isoDate(past(90)),
      endDate: isoDate(new Date(now.getTime() + 275 * DAY)),
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
      organizationName: "Castle Estates",
    },
    now,
  );
  await db.update(customers).set({ requiresNewPaymentMethod: true }).where(eq(customers.id, newcard.tenants[0]!.customerId));

  // expired: the Keyfree ended and its claim was settled and resolved.
  const expiredTenancy = await endedKeyfree(deps, [person(tenant("expired@keyfree.example"))], now, "Northgate Homes");
  const expiredClaim = await raiseClaim(
    db,
    { tenancyId: expiredTenancy.tenancyId, items: CLAIM_ITEMS.slice(0, 1), mediationEnabled: true, publishedAt: past(12) },
    past(12),
    files,
  );
  const expiredApi = await asTenant(api, "expired@keyfree.example");
  await expiredApi("POST", `/claims/${expiredClaim.claimId}/proposals/${expiredClaim.claimProposalId}/agree`);
  await payClaimAction(db, await paymentAction(deps, expiredClaim.orderId, "expired@keyfree.example", "CLAIM_PAY_REMAINING_BALANCE"), now);
  const [expiredClaimRow] = await db.select({ status: claims.status }).from(claims).where(eq(claims.id, expiredClaim.claimId));
  // Paying the whole balance resolves the claim; resolve it by hand only if it did not.
  if (expiredClaimRow?.status !== "RESOLVED") await resolveClaim(db, expiredClaim.claimId, now);

  // One Keyfree offer and one tenancy-inventory request, with fixed ids and tokens.
  await createKeyfreeOffer(
    db,
    {
      id: DEMO_OFFER.id,
      address: { buildingNumber: "4", street: "Mill Lane", town: "Leeds", postcode: "LS1 4AP" },
      savingAmount: 115_385,
      keyfreeAmount: 34_615,
      cashDepositAmount: 150_000,
      annualFeesEnabled: true,
      recipients: [{ email: DEMO_OFFER.email, firstName: "Robin", lastName: "Ellis", token: DEMO_OFFER.token }],
    },
    now,
  );
  await createInventoryRequest(
    db,
    { id: DEMO_INVENTORY.id, tenancyId: demo.tenancyId, tokens: { [DEMO_INVENTORY.email]: DEMO_INVENTORY.token } },
    now,
  );
  await issueTenantVacatedLink(db, { tenancyId: demo.tenancyId, email: DEMO_INVENTORY.email, token: DEMO_INVENTORY.movedOutToken }, now);
}
