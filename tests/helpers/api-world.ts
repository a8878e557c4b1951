/**
 * One tenant with one record of every kind the API's operations name (an order at checkout with a
 * reference, uploads, a claim with a draft counter-proposal, a payment plan with a card, an
 * adjudication), built by the other parties (the ops routes) and the tenant's own calls, all over
 * HTTP. The tenant-isolation gate swaps these ids between two tenants; the fuzz gate sends one
 * tenant's real ids as another's.
 */
import { dataExportsSettled } from "../../server/data-exports";
import { OPS_TOKEN, type TestApi } from "./api";

/** The kinds of a tenant's records an operation can name. */
export const KINDS = [
  "userId",
  "addressId",
  "orderId",
  "customerId",
  "referenceId",
  "referenceDocumentId",
  "documentId",
  "claimId",
  "claimItemId",
  "claimProposalId",
  "claimItemProposalId",
  "claimRespondentId",
  "claimResponseId",
  "claimResponseDocumentId",
  "claimItemDocumentId",
  "arbitrationId",
  "paymentPlanId",
  "instalmentId",
  "paymentMethodId",
  "paymentIntentId",
  "setupIntentId",
  // A payment the tenant made (an order action paid, or an instalment): its receipt (issue 27).
  "paymentId",
  // A link to a claim's record for an adviser (issue 39).
  "recordShareId",
  // A ready download of the tenant's data (issue 40): its ZIP.
  "exportId",
  // A complaint's reference (issue 40): /complaints/{reference}.
  "reference",
] as const;
export type Kind = (typeof KINDS)[number];
export type World = Record<Kind, string>;

/** Which kind of record a path parameter names. */
export function pathKind(path: string, name: string): Kind | undefined {
  if (name === "id") return path.startsWith("/addresses/") ? "addressId" : path.startsWith("/tenancy-orders/") ? "orderId" : undefined;
  if (name === "documentId") {
    if (path.includes("/response-documents/")) return "claimResponseDocumentId";
    if (path.includes("/items/")) return "claimItemDocumentId";
    return "documentId";
  }
  return (KINDS as readonly string[]).includes(name) ? (name as Kind) : undefined;
}

/** Which kind of record a body field names (by its name; documentIds are a counter-proposal's evidence). */
export const BODY_KINDS: Record<string, Kind> = {
  claimItemId: "claimItemId",
  claimItemProposalId: "claimItemProposalId",
  documentIds: "claimItemDocumentId",
  paymentMethodId: "paymentMethodId",
  setupIntentId: "setupIntentId",
  paymentIntentId: "paymentIntentId",
  paymentPlanId: "paymentPlanId",
  paymentPlanInstalmentId: "instalmentId",
  // The contact page's message names the claim or the Keyfree (order) it is about (sendSupportMessage).
  claimId: "claimId",
  // A request for a payment plan names an adjudicator's award it is for (issue 36).
  arbitrationId: "arbitrationId",
  orderId: "orderId",
};
/** A tiny PDF that passes the upload checks. */
export const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

async function ops(t: TestApi, command: string, body: unknown) {
  const res = await t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });
  if (res.status !== 200) throw new Error(`ops ${command}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function call(t: TestApi, method: string, path: string, token: string, body?: unknown) {
  const res = await t.json(method, path, body, token);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function upload(t: TestApi, path: string, token: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set("file", new Blob([PDF], { type: "application/pdf" }), "evidence.pdf");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await t.api.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`upload ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

const CHECKOUT_BEFORE_PAY = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM"];

/** One tenant with one record of every kind: built by the other parties (ops) and the tenant's own calls. */
export async function buildWorld(t: TestApi, name: string): Promise<World & { token: string }> {
  const email = `isolation-${name}@example.test`;
  const tenancy = (extra: object) =>
    ops(t, "create-tenancy", {
      tenants: [{ email, firstName: name.toUpperCase(), lastName: "Tenant" }],
      ppm: 130_000,
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      ...extra,
    });
  // A Keyfree at the checkout's Pay step, with a reference asking for documents.
  const checkout = await tenancy({ completed: [CHECKOUT_BEFORE_PAY] });
  const me = checkout.tenants[0];
  const token = (await t.json("POST", "/auth/login", { email, password: "Keyfree-demo-1" })).body.accessToken as string;
  const { referenceId } = await ops(t, "set-reference-outcome", { orderCustomerId: me.orderCustomerId, status: "INFO_REQUIRED" });
  const referenceDocument = await upload(t, `/references/${referenceId}/documents`, token, { type: "PROOF_OF_IDENTITY" });
  const payment = await call(t, "POST", `/orders/${checkout.orderId}/customers/${me.customerId}/pay`, token, {});
  const document = await upload(t, "/documents", token, { type: "CLAIM_ITEM" });
  const address = await call(t, "POST", `/users/${me.userId}/addresses`, token, {
    id: "new",
    buildingNumber: "1",
    street: "High Street",
    town: "Bristol",
    postcode: "BS1 4DJ",
    country: "GBR",
    startDate: "2020-01-01",
    endDate: null,
    currentlyAtAddress: true,
  });

  // A finished Keyfree with charges in mediation: the tenant's draft counter-proposal with evidence.
  const claimed = await tenancy({ orderStatus: "COMPLETE" });
  const claim = await ops(t, "raise-claim", {
    tenancyId: claimed.tenancyId,
    items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000, evidence: 1 }],
    mediationEnabled: true,
  });
  const claimItemId = claim.itemIds[0] as string;
  const itemDocument = await upload(t, `/claims/${claim.claimId}/items/${claimItemId}/documents`, token, { type: "CLAIM_ITEM" });
  const counter = await call(t, "POST", `/claims/${claim.claimId}/counter-proposals`, token, {
    claimItemId,
    amount: 5_000,
    explanation: "It was clean",
    documentIds: [itemDocument.id],
  });
  const responseDocument = await upload(t, `/claims/${claim.claimId}/response-documents`, token, { type: "CLAIMRESPONSE" });
  const view = await call(t, "GET", `/claims/${claim.claimId}`, token);
  const recordShare = await call(t, "POST", `/claims/${claim.claimId}/record-shares`, token, { adviserName: "Citizens Advice" });
  const complaint = await call(t, "POST", "/complaints", token, { topic: "CHARGE", whatHappened: "The charge is wrong.", putRight: "Take it off.", claimId: claim.claimId });

  // A payment plan for the charges, its first steps done, with a card set up.
  const plan = await ops(t, "offer-payment-plan", {
    orderCustomerId: claimed.tenants[0].orderCustomerId,
    amount: 18_000,
    instalments: 3,
    firstDueDate: "2027-02-01",
  });
  await call(t, "POST", `/payment-plans/${plan.paymentPlanId}/confirm`, token);
  await call(t, "PUT", `/payment-plans/${plan.paymentPlanId}/address`, token, {
    addresses: [{ buildingNumber: "22", street: "Harbour Way", town: "Bristol", postcode: "BS1 4DJ", country: "GB", currentlyAtAddress: true }],
  });
  const setup = await call(t, "POST", `/payment-plans/${plan.paymentPlanId}/setup-intent`, token);
  const card = await t.payments.stripe.paymentMethods.create({
    type: "card",
    card: { number: name === "a" ? "4242424242424242" : "5555555555554444", exp_month: 12, exp_year: 2030, cvc: "123" },
    billing_details: { name: `${name.toUpperCase()} Tenant`, address: { line1: "1 High Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } },
  });
  await call(t, "POST", "/customer/payment-methods", token, { paymentMethodId: card.id });

  // Charges sent to the adjudicator.
  const disputedTenancy = await tenancy({ orderStatus: "COMPLETE" });
  const disputedClaim = await ops(t, "raise-claim", {
    tenancyId: disputedTenancy.tenancyId,
    items: [{ description: "Redecoration", type: "REDECORATION", amount: 50_000 }],
    mediationEnabled: false,
  });
  const disputed = await call(t, "POST", `/claims/${disputedClaim.claimId}/proposals/${disputedClaim.claimProposalId}/dispute`, token);
  await ops(t, "pay-action", { orderCustomerActionId: disputed.adjudicationFeeOrder.action.id });
  const { arbitrationId } = await ops(t, "send-to-adjudication", { claimId: disputedClaim.claimId });

  // Last, so it holds all of the above: the tenant's data, asked for and built (issue 40).
  await call(t, "POST", "/me/data-exports", token);
  await dataExportsSettled();
  const exports = await call(t, "GET", "/me/data-exports", token);

  return {
    token,
    userId: me.userId,
    addressId: address.id,
    orderId: checkout.orderId,
    customerId: me.customerId,
    referenceId,
    referenceDocumentId: referenceDocument.id,
    documentId: document.id,
    claimId: claim.claimId,
    claimItemId,
    claimProposalId: counter.id,
    claimItemProposalId: counter.itemProposals[0].id,
    claimRespondentId: view.currentRespondent.id,
    recordShareId: recordShare.share.id,
    reference: complaint.reference,
    claimResponseId: view.currentRespondent.claimResponseId,
    claimResponseDocumentId: responseDocument.id,
    claimItemDocumentId: itemDocument.id,
    arbitrationId,
    paymentPlanId: plan.paymentPlanId,
    instalmentId: plan.instalmentIds[0],
    paymentMethodId: card.id,
    paymentIntentId: payment.paymentIntentId,
    setupIntentId: setup.setupIntentId,
    // The dispute fee paid above: a payment of the tenant's, with a receipt.
    paymentId: disputed.adjudicationFeeOrder.action.id,
    exportId: exports.latest.id,
  };
}

