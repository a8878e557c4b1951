import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claimItemDocuments,
  claimItemProposals,
  claimProposals,
  claimResponseDocuments,
  documents,
  orderCustomers,
  outboxEmails,
  paymentPlans,
} from "../../server/db/schema";
import { claimLimitPence } from "../../server/domain/fees";
import { responseDeadline } from "../../server/domain/deadlines";
import { newId } from "../../server/lib/tokens";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { payClaimAction, raiseClaim, samplePdf } from "../../stand-ins/scenarios/claims";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;

/** Tenants on a tenancy with a Keyfree order, and a claim raised against it. */
async function claimFor(
  options: {
    tenants?: number;
    items?: { description: string; type: string; amount: number; evidence?: number }[];
    mediationEnabled?: boolean;
    documents?: string[];
    ppm?: number;
  } = {},
) {
  const tenants: Tenant[] = [];
  for (let i = 0; i < (options.tenants ?? 2); i += 1) tenants.push(await t.signedInTenant());
  const ppm = options.ppm ?? 130_000;
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: tenants.map((x) => x.userId), ppm });
  await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm, customers: tenants.map((x) => ({ customerId: x.customerId })), status: "COMPLETE" });
  const claim = await raiseClaim(
    t.db,
    {
      tenancyId: tenancy.id,
      items: options.items ?? [
        { description: "Carpet cleaning", type: "CLEANING", amount: 12_000, evidence: 1 },
        { description: "Broken window", type: "DAMAGE", amount: 30_000 },
      ],
      mediationEnabled: options.mediationEnabled ?? true,
      documents: options.documents,
    },
    t.clock.now(),
    t.files,
  );
  return { tenants, tenancy, claim, ppm };
}

function upload(path: string, token: string | undefined, fields: Record<string, string | Blob>, fileName = "evidence.pdf") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, fileName);
    else form.append(key, value);
  }
  return t.api.request(path, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
}
const pdf = () => new Blob([Buffer.from(samplePdf("Tenant evidence"))], { type: "application/pdf" });

describe("findClaimById", () => {
  it("returns the claim, its items, documents in display order and the facts the screen needs", async () => {
    const { tenants, claim, ppm } = await claimFor({
      documents: ["SIGNED_TENANCY_AGREEMENT", "PROOF_OF_IDENTITY", "INVENTORY_CHECK_IN", "OTHER_THING", "INVENTORY_CHECK_OUT"],
    });
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const res = await t.json("GET", `/claims/${claim.claimId}`, undefined, me.token);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      id: claim.claimId,
      status: "AWAITING_RESPONDENTS",
      limit: claimLimitPence(ppm),
      finalAmount: 42_000,
      mediationEnabled: true,
      tenantDisputeMessage: null,
      organization: { name: "Harbour Lettings" },
      tenancy: { PPM: ppm, property: { address: { street: "Orchard Road", postcode: "BS1 4DJ" } } },
      canRespond: true,
      awaitingTenantResponse: true,
      disputed: false,
      awaitingPayment: false,
      autoResponded: false,
      tenantDraftProposalId: null,
      inProgress: true,
      payableOrderId: null,
      payActions: [],
      chargesPayment: null,
      allowedActions: ["accept", "counter"],
      awaitingResponseFrom: null,
      responseDeadline: responseDeadline(t.clock.now()).toISOString(),
      daysRemaining: 7,
      urgency: "low",
      paymentPlanId: null,
      coTenantOnPaymentPlan: false,
      moreTime: { canAsk: true, waiting: null },
      arbitration: null,
      adjudicationFeeOrder: null,
    });
    // Display order, referencing documents hidden, others last.
    expect(body.documents.map((d: { typeId: string }) => d.typeId)).toEqual([
      "INVENTORY_CHECK_OUT",
      "INVENTORY_CHECK_IN",
      "SIGNED_TENANCY_AGREEMENT",
      "OTHER_THING",
    ]);
    expect(body.documents[0].url).toBe(`/documents/${body.documents[0].id}`);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ description: "Carpet cleaning", type: "CLEANING", isSettled: false, chargedAmount: 12_000, currentAmount: 12_000, tenantEvidence: [] });
    expect(body.items[0].landlordEvidence).toHaveLength(1);
    expect(body.items[0].landlordEvidence[0]).toMatchObject({ source: "SUPPLIER", typeId: "CLAIM_ITEM", uploadedByCurrentUser: false });
    expect(body.items[1].landlordEvidence).toEqual([]);
    expect(body.respondents).toHaveLength(2);
    expect(body.respondents.find((r: { userId: string }) => r.userId === me.userId)).toMatchObject({ isCurrentUser: true });
    expect(body.respondents.find((r: { userId: string }) => r.userId === coTenant.userId)).toMatchObject({ isCurrentUser: false });
    expect(body.currentRespondent.claimResponseId).toBeTruthy();
    expect(body.proposals).toHaveLength(1);
    expect(body.proposals[0]).toMatchObject({ round: 1, status: "AWAITING_RESPONSE", source: "SUPPLIER", totalAmount: 42_000, orderId: claim.orderId });
    expect(body.activities.filter((a: { activityType: string }) => a.activityType === "CHARGE_CREATED")).toHaveLength(2);
  });

  it("never sends an agent's draft proposal", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1 });
    await t.db.insert(claimProposals).values({ id: newId(), claimId: claim.claimId, round: 3, status: "DRAFT", type: "FINAL", source: "SUPPLIER" });
    const res = await t.json("GET", `/claims/${claim.claimId}`, undefined, tenants[0]!.token);
    expect(res.status).toBe(200);
    expect(res.body.proposals.map((p: { round: number }) => p.round)).toEqual([1]);
  });

  it("answers 404 to a tenant who is not a respondent, and for a made-up id; 401 without a token", async () => {
    const { claim } = await claimFor({ tenants: 1 });
    const stranger = await t.signedInTenant();
    expect(await t.json("GET", `/claims/${claim.claimId}`, undefined, stranger.token)).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect((await t.json("GET", `/claims/${newId()}`, undefined, stranger.token)).status).toBe(404);
    expect((await t.json("GET", `/claims/${claim.claimId}`)).status).toBe(401);
  });

  it("shows the tenant's own active payment plan and a co-tenant's as 'Payment plan in progress'", async () => {
    const { tenants, claim } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/agree`, undefined, me.token);
    const [oc] = await t.db
      .select()
      .from(orderCustomers)
      .where(and(eq(orderCustomers.orderId, claim.orderId), eq(orderCustomers.customerId, me.customerId)));
    const planId = newId();
    await t.db.insert(paymentPlans).values({
      id: planId,
      orderCustomerId: oc!.id,
      claimId: claim.claimId,
      status: "ACTIVE",
      amount: 42_000,
      offerExpiresAt: new Date(t.clock.now().getTime() + 48 * 3600_000),
    });
    const mine = await t.json("GET", `/claims/${claim.claimId}`, undefined, me.token);
    expect(mine.body).toMatchObject({ paymentPlanId: planId, coTenantOnPaymentPlan: false });
    const theirs = await t.json("GET", `/claims/${claim.claimId}`, undefined, coTenant.token);
    expect(theirs.body).toMatchObject({ paymentPlanId: null, coTenantOnPaymentPlan: true });
    await t.db.update(paymentPlans).set({ status: "CANCELLED" }).where(eq(paymentPlans.id, planId));
    expect((await t.json("GET", `/claims/${claim.claimId}`, undefined, me.token)).body.paymentPlanId).toBeNull();
  });
});

describe("claim response documents", () => {
  it("uploads, lists and deletes the tenant's own documents", async () => {
    const { tenants, claim } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const res = await upload(`/claims/${claim.claimId}/response-documents`, me.token, { file: pdf(), fileName: "Reason.pdf", type: "CLAIMRESPONSE" });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ name: "Reason.pdf", typeId: "CLAIM_RESPONSE", uploadedByCurrentUser: true, url: `/documents/${created.id}` });
    const [link] = await t.db.select().from(claimResponseDocuments).where(eq(claimResponseDocuments.documentId, created.id));
    expect(link).toMatchObject({ claimId: claim.claimId, uploadedByUserId: me.userId });

    const listed = await t.json("GET", `/claims/${claim.claimId}/response-documents`, undefined, coTenant.token);
    expect(listed.status).toBe(200);
    expect(listed.body.claimResponseDocuments).toEqual([expect.objectContaining({ id: created.id, uploadedByCurrentUser: false })]);

    // A co-tenant cannot delete it; the uploader can.
    expect((await t.json("DELETE", `/claims/${claim.claimId}/response-documents/${created.id}`, undefined, coTenant.token)).status).toBe(404);
    expect((await t.json("DELETE", `/claims/${claim.claimId}/response-documents/${created.id}`, undefined, me.token)).status).toBe(204);
    expect(await t.db.select().from(claimResponseDocuments).where(eq(claimResponseDocuments.documentId, created.id))).toEqual([]);
    expect(await t.db.select().from(documents).where(eq(documents.id, created.id))).toEqual([]);
  });

  it("refuses a wrong type (400), a bad file (415), a stranger (404), no token (401), and a claim with the adjudicator (409)", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1, mediationEnabled: false });
    const me = tenants[0]!;
    const path = `/claims/${claim.claimId}/response-documents`;
    expect((await upload(path, me.token, { file: pdf(), type: "CLAIM_ITEM" })).status).toBe(400);
    const wrong = await upload(path, me.token, { file: new Blob(["just text"]), fileName: "notes.exe", type: "CLAIM_RESPONSE" }, "notes.exe");
    expect(wrong.status).toBe(415);
    expect((await wrong.json()).message).toBe("notes.exe is an invalid type, please convert to a PDF");
    const stranger = await t.signedInTenant();
    expect((await upload(path, stranger.token, { file: pdf(), type: "CLAIM_RESPONSE" })).status).toBe(404);
    expect((await t.json("GET", path, undefined, stranger.token)).status).toBe(404);
    expect((await upload(path, undefined, { file: pdf(), type: "CLAIM_RESPONSE" })).status).toBe(401);

    await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/dispute`, undefined, me.token);
    const view = await t.json("GET", `/claims/${claim.claimId}`, undefined, me.token);
    await payClaimAction(t.db, view.body.adjudicationFeeOrder.action.id, t.clock.now());
    const late = await upload(path, me.token, { file: pdf(), type: "CLAIM_RESPONSE" });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe("This claim is with the adjudicator.");
    expect(await t.db.select().from(claimResponseDocuments).where(eq(claimResponseDocuments.claimId, claim.claimId))).toEqual([]);
  });
});

describe("claim item documents", () => {
  it("uploads tenant evidence, links it to the counter-proposal, and locks it once submitted", async () => {
    const { tenants, claim } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const [itemA, itemB] = claim.itemIds as [string, string];
    const res = await upload(`/claims/${claim.claimId}/items/${itemA}/documents`, me.token, { file: pdf(), fileName: "photo.pdf", type: "CLAIM_ITEM" });
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({ name: "photo.pdf", source: "TENANT", claimItemId: itemA, claimItemProposalId: null, uploadedByCurrentUser: true });

    const counter = await t.json(
      "POST",
      `/claims/${claim.claimId}/counter-proposals`,
      { claimItemId: itemA, amount: 5_000, explanation: "It was clean", documentIds: [doc.id] },
      me.token,
    );
    expect(counter.status).toBe(201);
    const itemProposal = counter.body.itemProposals[0];
    expect(itemProposal.documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    const [link] = await t.db.select().from(claimItemDocuments).where(eq(claimItemDocuments.documentId, doc.id));
    expect(link!.claimItemProposalId).toBe(itemProposal.id);

    // A second upload straight onto the item proposal.
    const direct = await upload(`/claims/${claim.claimId}/items/${itemA}/documents`, me.token, {
      file: pdf(),
      type: "CLAIM_ITEM",
      claimItemProposalId: itemProposal.id,
    });
    expect(direct.status).toBe(201);
    expect((await direct.json()).claimItemProposalId).toBe(itemProposal.id);

    // The co-tenant can neither attach to nor delete the tenant's evidence.
    expect(
      (await upload(`/claims/${claim.claimId}/items/${itemA}/documents`, coTenant.token, { file: pdf(), type: "CLAIM_ITEM", claimItemProposalId: itemProposal.id })).status,
    ).toBe(404);
    expect((await t.json("DELETE", `/claims/${claim.claimId}/items/${itemA}/documents/${doc.id}`, undefined, coTenant.token)).status).toBe(404);

    // Submit the proposal (£0 on the other item keeps it free): the evidence is locked.
    await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { claimItemId: itemB, amount: 0, explanation: "Not us" }, me.token);
    await t.db.update(claimItemProposals).set({ amount: 0 }).where(eq(claimItemProposals.id, itemProposal.id));
    const published = await t.json("POST", `/claims/${claim.claimId}/proposals/${counter.body.id}/publish`, undefined, me.token);
    expect(published.status).toBe(200);
    const locked = await t.json("DELETE", `/claims/${claim.claimId}/items/${itemA}/documents/${doc.id}`, undefined, me.token);
    expect(locked).toMatchObject({ status: 409, body: { message: "This document is part of a proposal you have submitted, so it can no longer be removed." } });
    const lockedUpload = await upload(`/claims/${claim.claimId}/items/${itemA}/documents`, me.token, {
      file: pdf(),
      type: "CLAIM_ITEM",
      claimItemProposalId: itemProposal.id,
    });
    expect(lockedUpload.status).toBe(409);
  });

  it("deletes the tenant's own unsubmitted evidence; refuses a wrong type, an unknown item, a stranger and no token", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    const item = claim.itemIds[0]!;
    const path = `/claims/${claim.claimId}/items/${item}/documents`;
    const created = await (await upload(path, me.token, { file: pdf(), type: "CLAIMITEM" })).json();
    expect((await t.json("DELETE", `${path}/${created.id}`, undefined, me.token)).status).toBe(204);
    expect(await t.db.select().from(claimItemDocuments).where(eq(claimItemDocuments.documentId, created.id))).toEqual([]);
    expect((await t.json("DELETE", `${path}/${created.id}`, undefined, me.token)).status).toBe(404);
    expect((await upload(path, me.token, { file: pdf(), type: "CLAIM_RESPONSE" })).status).toBe(400);
    expect((await upload(`/claims/${claim.claimId}/items/${newId()}/documents`, me.token, { file: pdf(), type: "CLAIM_ITEM" })).status).toBe(404);
    const stranger = await t.signedInTenant();
    expect((await upload(path, stranger.token, { file: pdf(), type: "CLAIM_ITEM" })).status).toBe(404);
    expect((await upload(path, undefined, { file: pdf(), type: "CLAIM_ITEM" })).status).toBe(401);
  });

  it("refuses evidence once the charges are accepted (409)", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/agree`, undefined, me.token);
    const res = await upload(`/claims/${claim.claimId}/items/${claim.itemIds[0]}/documents`, me.token, { file: pdf(), type: "CLAIM_ITEM" });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("You have accepted these charges. The next step is to pay.");
  });
});

describe("counter-proposals", () => {
  let shared: Awaited<ReturnType<typeof claimFor>> | undefined;
  it("createCounterProposal starts the tenant's draft and updateCounterProposal changes it", async () => {
    const { tenants, claim } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const [itemA] = claim.itemIds as [string, string];
    const res = await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { claimItemId: itemA, amount: 6_000, explanation: "Half of it" }, me.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ round: 2, status: "DRAFT", source: "TENANT", createdByCurrentUser: true, totalAmount: 6_000 });
    expect(res.body.itemProposals[0]).toMatchObject({ claimItemId: itemA, amount: 6_000, explanation: "Half of it", settled: false });
    const [row] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, res.body.id));
    expect(row).toMatchObject({ round: 2, status: "DRAFT", createdByUserId: me.userId, claimId: claim.claimId });

    const view = await t.json("GET", `/claims/${claim.claimId}`, undefined, me.token);
    expect(view.body.tenantDraftProposalId).toBe(res.body.id);
    expect(view.body.allowedActions).toEqual(["accept"]);
    expect(view.body.canRespond).toBe(true);
    // The co-tenant does not see an unsubmitted proposal, and cannot start another.
    const theirs = await t.json("GET", `/claims/${claim.claimId}`, undefined, coTenant.token);
    expect(theirs.body.proposals.map((p: { id: string }) => p.id)).toEqual([claim.claimProposalId]);
    expect(theirs.body.tenantDraftProposalId).toBeNull();
    const blocked = await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { claimItemId: itemA, amount: 1, explanation: "x" }, coTenant.token);
    expect(blocked).toMatchObject({ status: 409, body: { message: "Another tenant is already preparing a proposal for this claim." } });

    const itemProposalId = res.body.itemProposals[0].id;
    const updated = await t.json(
      "PUT",
      `/claims/${claim.claimId}/counter-proposals/${itemProposalId}`,
      { claimItemId: itemA, amount: 12_000, explanation: "Fair enough" },
      me.token,
    );
    expect(updated.status).toBe(200);
    // Agreeing (the agent's amount) marks the item settled by the tenant.
    expect(updated.body.itemProposals[0]).toMatchObject({ id: itemProposalId, amount: 12_000, settled: true, settledSource: "TENANT" });
    const [ip] = await t.db.select().from(claimItemProposals).where(eq(claimItemProposals.id, itemProposalId));
    expect(ip).toMatchObject({ amount: 12_000, explanation: "Fair enough", settled: true });
    // Another tenant's item proposal id is not theirs to address.
    expect(
      (await t.json("PUT", `/claims/${claim.claimId}/counter-proposals/${itemProposalId}`, { claimItemId: itemA, amount: 1, explanation: "x" }, coTenant.token)).status,
    ).toBe(404);
  });

  it("createClaimItemProposal and updateClaimItemProposal address the same draft by proposal id", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    const [itemA, itemB] = claim.itemIds as [string, string];
    const counter = await t.json("POST", `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/counter`, undefined, me.token);
    const draftId: string = counter.body.tenantDraftProposalId;
    expect(draftId).toBeTruthy();
    const created = await t.json(
      "POST",
      `/claims/${claim.claimId}/proposals/${draftId}/item-proposals`,
      { claimItemId: itemB, amount: 10_000, explanation: "Crack was there before" },
      me.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(draftId);
    const ip = created.body.itemProposals.find((x: { claimItemId: string }) => x.claimItemId === itemB);
    const updated = await t.json(
      "PUT",
      `/claims/${claim.claimId}/proposals/${draftId}/item-proposals/${ip.id}`,
      { claimItemId: itemB, amount: 20_000, explanation: "On reflection" },
      me.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.itemProposals.find((x: { id: string }) => x.id === ip.id)).toMatchObject({ amount: 20_000 });
    // The item proposal id must belong to that item.
    const mismatch = await t.json(
      "PUT",
      `/claims/${claim.claimId}/proposals/${draftId}/item-proposals/${ip.id}`,
      { claimItemId: itemA, amount: 1, explanation: "x" },
      me.token,
    );
    expect(mismatch).toMatchObject({ status: 400, body: { message: "This item proposal does not belong to that item." } });
    // The landlord's proposal is not the tenant's to change.
    const notDraft = await t.json(
      "POST",
      `/claims/${claim.claimId}/proposals/${claim.claimProposalId}/item-proposals`,
      { claimItemId: itemA, amount: 1, explanation: "x" },
      me.token,
    );
    expect(notDraft).toMatchObject({ status: 409, body: { message: "This is not a proposal you can change." } });
    expect(
      (await t.json("POST", `/claims/${claim.claimId}/proposals/${newId()}/item-proposals`, { claimItemId: itemA, amount: 1, explanation: "x" }, me.token)).status,
    ).toBe(404);
  });

  it.each([
    [{ amount: 5_000, explanation: "" }, "You must provide reasoning for your new proposal for this item"],
    [{ amount: 5_000 }, "You must provide reasoning for your new proposal for this item"],
    [{ explanation: "why" }, "Required"],
    [{ amount: "lots", explanation: "why" }, "Amount must be a number"],
    [{ amount: 10.5, explanation: "why" }, "Item amount must have a maximum of two decimal places"],
    [{ amount: -1, explanation: "why" }, "Amount must be 0 or more"],
  ])("refuses %j with 400 and the spec's message", async (body, message) => {
    shared ??= await claimFor({ tenants: 1 });
    const { tenants, claim } = shared;
    const res = await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { claimItemId: claim.itemIds[0], ...body }, tenants[0]!.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await t.db.select().from(claimProposals).where(and(eq(claimProposals.claimId, claim.claimId), eq(claimProposals.round, 2)))).toEqual([]);
  });

  it("Agree (the agent's amount) needs no reasoning; it is stored as none", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1, items: [{ description: "Oven", type: "CLEANING", amount: 18_000 }] });
    const res = await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { claimItemId: claim.itemIds[0], amount: 18_000 }, tenants[0]!.token);
    expect(res.status).toBe(201);
    expect(res.body.itemProposals[0]).toMatchObject({ amount: 18_000, explanation: null, settled: true, settledSource: "TENANT" });
    const below = await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { claimItemId: claim.itemIds[0], amount: 17_999, explanation: "  " }, tenants[0]!.token);
    expect(below).toMatchObject({ status: 400, body: { message: "You must provide reasoning for your new proposal for this item" } });
  });

  it("refuses an offer above the charges raised with the amount in pounds", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1, items: [{ description: "Oven", type: "CLEANING", amount: 123_456 }] });
    const res = await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { claimItemId: claim.itemIds[0], amount: 123_457, explanation: "x" }, tenants[0]!.token);
    expect(res).toMatchObject({ status: 400, body: { message: "New offer cannot exceed the charges raised (£1,234.56)." } });
    expect(await t.db.select().from(claimProposals).where(and(eq(claimProposals.claimId, claim.claimId), eq(claimProposals.round, 2)))).toEqual([]);
  });

  it("refuses without mediation (409), for a stranger or an unknown item (404), and without a token (401)", async () => {
    const { tenants, claim } = await claimFor({ tenants: 1, mediationEnabled: false });
    const body = { claimItemId: claim.itemIds[0], amount: 1, explanation: "x" };
    expect(await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, body, tenants[0]!.token)).toMatchObject({
      status: 409,
      body: { message: "Counter-proposals are not available for this claim. You can accept the charges or raise a dispute." },
    });
    const stranger = await t.signedInTenant();
    expect((await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, body, stranger.token)).status).toBe(404);
    expect((await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, { ...body, claimItemId: newId() }, tenants[0]!.token)).status).toBe(404);
    expect((await t.json("POST", `/claims/${claim.claimId}/counter-proposals`, body)).status).toBe(401);
  });
});

describe("raiseClaim (scenario)", () => {
  it("raises charges for every tenant of the tenancy, with the organisation named, and tells each tenant by e-mail", async () => {
    const tenants = [await t.signedInTenant(), await t.signedInTenant()];
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: tenants.map((x) => x.userId), ppm: 200_000, coverLevel: "HIGHER" });
    const raised = await raiseClaim(
      t.db,
      { tenancyId: tenancy.id, items: [{ description: "Garden", type: "GARDENING", amount: 5_000 }], organization: { name: "Agents & Co" }, details: "Check-out on 1 May" },
      t.clock.now(),
    );
    expect(raised.respondentIds).toHaveLength(2);
    const view = await t.json("GET", `/claims/${raised.claimId}`, undefined, tenants[1]!.token);
    expect(view.body).toMatchObject({ organization: { name: "Agents & Co" }, details: "Check-out on 1 May", limit: claimLimitPence(200_000, "HIGHER") });
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.template, "CLAIM_RAISED"));
    expect(mails.filter((m) => tenants.some((x) => x.userId === m.userId))).toHaveLength(2);
    await expect(
      raiseClaim(t.db, { tenancyId: tenancy.id, items: [{ description: "Again", type: "CLEANING", amount: 1 }] }, t.clock.now()),
    ).rejects.toThrow("already has a claim in progress");
  });

  it("validates its input", async () => {
    const tenant = await t.signedInTenant();
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [tenant.userId] });
    await expect(raiseClaim(t.db, { tenancyId: tenancy.id, items: [] }, t.clock.now())).rejects.toThrow();
    await expect(raiseClaim(t.db, { tenancyId: tenancy.id, items: [{ description: "x", type: "X", amount: 1.5 }] }, t.clock.now())).rejects.toThrow();
    await expect(raiseClaim(t.db, { tenancyId: tenancy.id, items: [{ description: "x", type: "X", amount: 1, evidence: 1 }] }, t.clock.now())).rejects.toThrow("file store");
    await expect(raiseClaim(t.db, { tenancyId: newId(), items: [{ description: "x", type: "X", amount: 1 }] }, t.clock.now())).rejects.toThrow("No tenancy");
    const empty = await createTenancy(t.db, { tenantUserIds: [] });
    await expect(raiseClaim(t.db, { tenancyId: empty.tenancy.id, items: [{ description: "x", type: "X", amount: 1 }] }, t.clock.now())).rejects.toThrow("no tenants");
  });
});
