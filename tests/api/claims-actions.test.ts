import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claimActivities,
  claimProposals,
  claimResponses,
  claims,
  orderCustomerActions,
  orderCustomers,
  orders,
} from "../../server/db/schema";
import { proposalHoldExpiresAt, responseDeadline } from "../../server/domain/deadlines";
import { claimLimitPence } from "../../server/domain/fees";
import { newId } from "../../server/lib/tokens";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { agentAcceptTenantProposal, agentRejectWithFinalProposal, payClaimAction, raiseClaim } from "../../stand-ins/scenarios/claims";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;

async function claimFor(
  options: { tenants?: number; amounts?: number[]; mediationEnabled?: boolean; ppm?: number; liabilities?: number[] } = {},
) {
  const tenants: Tenant[] = [];
  for (let i = 0; i < (options.tenants ?? 2); i += 1) tenants.push(await t.signedInTenant());
  const ppm = options.ppm ?? 130_000;
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: tenants.map((x) => x.userId), ppm });
  await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm,
    customers: tenants.map((x, i) => ({ customerId: x.customerId, tenantLiability: options.liabilities?.[i] ?? 1 })),
    status: "COMPLETE",
  });
  const amounts = options.amounts ?? [12_000, 30_001];
  const claim = await raiseClaim(
    t.db,
    {
      tenancyId: tenancy.id,
      items: amounts.map((amount, i) => ({ description: `Item ${i + 1}`, type: "DAMAGE", amount })),
      mediationEnabled: options.mediationEnabled ?? true,
    },
    t.clock.now(),
  );
  return { tenants, claim, ppm, path: `/claims/${claim.claimId}` };
}

const get = (path: string, token: string) => t.json("GET", path, undefined, token);
const act = (path: string, proposalId: string, verb: string, token?: string) =>
  t.json("POST", `${path}/proposals/${proposalId}/${verb}`, undefined, token);

async function actionsOn(orderId: string) {
  return t.db
    .select({ action: orderCustomerActions, customerId: orderCustomers.customerId })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .where(eq(orderCustomers.orderId, orderId));
}

/** A tenant's counter-proposal covering every item, at the given amounts. */
async function draftProposal(path: string, itemIds: string[], amounts: number[], token: string) {
  let proposalId = "";
  for (const [i, claimItemId] of itemIds.entries()) {
    const res = await t.json("POST", `${path}/counter-proposals`, { claimItemId, amount: amounts[i], explanation: `Reason ${i}` }, token);
    expect(res.status).toBe(201);
    proposalId = res.body.id;
  }
  return proposalId;
}

describe("agreeClaimProposal", () => {
  it("accepts the charges: AWAITING_PAYMENT, and each tenant can pay their share or the remaining balance", async () => {
    const { tenants, claim, path } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const res = await act(path, claim.claimProposalId, "agree", me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ awaitingPayment: true, autoResponded: false, payableOrderId: claim.orderId, allowedActions: [], canRespond: false });
    // The remaining balance first (the default selection), then this tenant's share.
    expect(res.body.payActions.map((a: { typeId: string }) => a.typeId)).toEqual(["CLAIM_PAY_REMAINING_BALANCE", "CLAIM_PAY"]);
    expect(res.body.payActions[0].amountRemaining).toBe(42_001);
    const myShare: number = res.body.payActions[1].amountRemaining;
    // Two tenants, nobody paid yet: the pay page takes this tenant's share (the API's choice).
    expect(res.body).toMatchObject({
      inProgress: true,
      chargesPayment: { paymentType: "CLAIM", orderId: claim.orderId, orderCustomerActionId: res.body.payActions[1].id, amount: myShare },
    });
    const [proposal] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, claim.claimProposalId));
    expect(proposal).toMatchObject({ status: "AWAITING_PAYMENT", autoResponded: false });
    const rows = await actionsOn(claim.orderId);
    const byCustomer = (customerId: string) =>
      rows.filter((r) => r.customerId === customerId).map((r) => [r.action.typeId, r.action.details.amountRemaining]).sort();
    // 42,001p split in two: the odd penny goes to one share, the shares add up.
    const shares = [byCustomer(me.customerId), byCustomer(coTenant.customerId)];
    expect(shares.map((s) => s.find((x) => x[0] === "CLAIM_PAY")![1]).sort()).toEqual([21_000, 21_001]);
    expect(shares[0]!.find((x) => x[0] === "CLAIM_PAY")![1]).toBe(myShare);
    expect(shares.every((s) => s.find((x) => x[0] === "CLAIM_PAY_REMAINING_BALANCE")![1] === 42_001)).toBe(true);
    const activity = await t.db.select().from(claimActivities).where(and(eq(claimActivities.claimId, claim.claimId), eq(claimActivities.activityType, "CHARGE_ACCEPTED")));
    expect(activity).toHaveLength(2);
    expect(activity[0]!.userId).toBe(me.userId);

    // A second submit changes nothing.
    const again = await act(path, claim.claimProposalId, "agree", coTenant.token);
    expect(again).toMatchObject({ status: 409, body: { message: "You have accepted these charges. The next step is to pay." } });
    expect(await actionsOn(claim.orderId)).toHaveLength(4);
  });

  it("caps what is payable at the claim's limit", async () => {
    const ppm = 50_000;
    const { tenants, claim, path } = await claimFor({ tenants: 1, ppm, amounts: [900_000] });
    const res = await act(path, claim.claimProposalId, "agree", tenants[0]!.token);
    expect(res.body.payActions[0]).toMatchObject({ typeId: "CLAIM_PAY_REMAINING_BALANCE", amountRemaining: claimLimitPence(ppm) });
    // A sole tenant owing the limit: their share is the whole of what is due.
    expect(res.body.chargesPayment).toMatchObject({ paymentType: "CLAIM", orderCustomerActionId: res.body.payActions[1].id, amount: claimLimitPence(ppm) });
  });

  it("two identical submits at once take effect once", async () => {
    const { tenants, claim, path } = await claimFor();
    const results = await Promise.all([act(path, claim.claimProposalId, "agree", tenants[0]!.token), act(path, claim.claimProposalId, "agree", tenants[1]!.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await actionsOn(claim.orderId)).toHaveLength(4);
  });

  it("refuses a stranger and a made-up proposal (404) and answers 401 without a token", async () => {
    const { tenants, claim, path } = await claimFor({ tenants: 1 });
    const stranger = await t.signedInTenant();
    expect((await act(path, claim.claimProposalId, "agree", stranger.token)).status).toBe(404);
    expect((await act(path, newId(), "agree", tenants[0]!.token)).status).toBe(404);
    expect((await act(path, claim.claimProposalId, "agree")).status).toBe(401);
    const [proposal] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, claim.claimProposalId));
    expect(proposal!.status).toBe("AWAITING_RESPONSE");
  });

  it("paying (back-office stand-in) an own share lowers every remaining balance; clearing it settles and resolves the claim", async () => {
    const { tenants, claim, path } = await claimFor({ amounts: [10_000] });
    const [me, coTenant] = tenants as [Tenant, Tenant];
    await act(path, claim.claimProposalId, "agree", me.token);
    const mine = (await get(path, me.token)).body.payActions as { id: string; typeId: string }[];
    await payClaimAction(t.db, mine.find((a) => a.typeId === "CLAIM_PAY")!.id, t.clock.now());
    const theirView = (await get(path, coTenant.token)).body;
    const theirs = theirView.payActions as { id: string; typeId: string; amountRemaining: number; completedAt: string | null }[];
    expect(theirs.map((a) => [a.typeId, a.amountRemaining])).toEqual([
      ["CLAIM_PAY_REMAINING_BALANCE", 5_000],
      ["CLAIM_PAY", 5_000],
    ]);
    // A co-tenant paid part: the pay page takes the remaining balance, which clears the charges.
    expect(theirView.chargesPayment).toEqual({ paymentType: "CLAIM_REMAINING_BALANCE", orderId: claim.orderId, orderCustomerActionId: theirs[0]!.id, amount: 5_000 });
    await payClaimAction(t.db, theirs[0]!.id, t.clock.now());
    const [order] = await t.db.select().from(orders).where(eq(orders.id, claim.orderId));
    expect(order!.statusId).toBe("COMPLETE");
    expect((await actionsOn(claim.orderId)).every((r) => r.action.completedAt !== null)).toBe(true);
    const view = await get(path, me.token);
    expect(view.body).toMatchObject({ status: "RESOLVED", inProgress: false, payableOrderId: null, chargesPayment: null, allowedActions: [] });
    expect(view.body.proposals[0].status).toBe("SETTLED");
    await expect(payClaimAction(t.db, theirs[0]!.id, t.clock.now())).rejects.toThrow("already been made");
  });
});

describe("counterClaimProposal", () => {
  it("starts the tenant's round 2 draft; a second counter is refused", async () => {
    const { tenants, claim, path } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    const res = await act(path, claim.claimProposalId, "counter", me.token);
    expect(res.status).toBe(200);
    expect(res.body.tenantDraftProposalId).toBeTruthy();
    const [draft] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, res.body.tenantDraftProposalId));
    expect(draft).toMatchObject({ round: 2, status: "DRAFT", source: "TENANT", createdByUserId: me.userId });
    expect(await act(path, claim.claimProposalId, "counter", me.token)).toMatchObject({
      status: 409,
      body: { message: "You already have a proposal in progress. Edit it instead of starting a new one." },
    });
    const stranger = await t.signedInTenant();
    expect((await act(path, claim.claimProposalId, "counter", stranger.token)).status).toBe(404);
    expect((await act(path, claim.claimProposalId, "counter")).status).toBe(401);
  });

  it("is refused without mediation", async () => {
    const { tenants, claim, path } = await claimFor({ tenants: 1, mediationEnabled: false });
    expect(await act(path, claim.claimProposalId, "counter", tenants[0]!.token)).toMatchObject({
      status: 409,
      body: { message: "Counter-proposals are not available for this claim. You can accept the charges or raise a dispute." },
    });
  });
});

describe("disputeClaimProposal and the dispute message", () => {
  it("disputes charges without mediation: DISPUTED, AWAITING_ARBITRATION_ADMIN_FEE and the £60 fee for this tenant", async () => {
    const { tenants, claim, path } = await claimFor({ mediationEnabled: false });
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const res = await act(path, claim.claimProposalId, "dispute", me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "AWAITING_ARBITRATION_ADMIN_FEE", disputed: true, allowedActions: ["updateDisputeMessage"] });
    expect(res.body.adjudicationFeeOrder).toMatchObject({ statusId: "PENDING", action: { typeId: "ARBITRATION_ADMIN_PAY", amountRemaining: 6_000 } });
    const [row] = await t.db.select().from(claims).where(eq(claims.id, claim.claimId));
    expect(row).toMatchObject({ status: "AWAITING_ARBITRATION_ADMIN_FEE", adjudicationFeeOrderId: res.body.adjudicationFeeOrder.id });
    const fee = await actionsOn(row!.adjudicationFeeOrderId!);
    expect(fee.map((r) => [r.customerId, r.action.typeId, r.action.details.amountRemaining])).toEqual([[me.customerId, "ARBITRATION_ADMIN_PAY", 6_000]]);
    // The co-tenant sees the dispute, without a fee action of their own.
    const theirs = await get(path, coTenant.token);
    expect(theirs.body.adjudicationFeeOrder).toMatchObject({ statusId: "PENDING", action: null });
    expect(await act(path, claim.claimProposalId, "dispute", coTenant.token)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining("You must complete payment for this dispute to be considered.") },
    });

    // The reason for the dispute, until the fee is paid.
    expect(await t.json("PUT", `${path}/dispute-message`, { message: "  " }, me.token)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining("Message is required") },
    });
    const message = await t.json("PUT", `${path}/dispute-message`, { message: "The carpet was already worn." }, coTenant.token);
    expect(message.status).toBe(200);
    expect(message.body.tenantDisputeMessage).toBe("The carpet was already worn.");
    await payClaimAction(t.db, res.body.adjudicationFeeOrder.action.id, t.clock.now());
    const [after] = await t.db.select().from(claims).where(eq(claims.id, claim.claimId));
    expect(after!.status).toBe("AWAITING_ARBITRATION");
    expect(await t.json("PUT", `${path}/dispute-message`, { message: "Changed" }, me.token)).toMatchObject({ status: 409 });
    const stranger = await t.signedInTenant();
    expect((await t.json("PUT", `${path}/dispute-message`, { message: "x" }, stranger.token)).status).toBe(404);
    expect((await t.json("PUT", `${path}/dispute-message`, { message: "x" })).status).toBe(401);
  });

  it("refuses a dispute of non-final charges with mediation, and a dispute message before any dispute", async () => {
    const { tenants, claim, path } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    expect(await act(path, claim.claimProposalId, "dispute", me.token)).toMatchObject({
      status: 409,
      body: { message: "You can raise a dispute once your landlord or agent has put forward a final proposal. You can accept the charges or make a counter-proposal." },
    });
    expect(await t.json("PUT", `${path}/dispute-message`, { message: "x" }, me.token)).toMatchObject({
      status: 409,
      body: { message: "You can only change your dispute message before the dispute fee is paid." },
    });
  });
});

describe("publishClaimProposal and unpublishClaimProposal", () => {
  it("refuses an incomplete draft, and someone else's", async () => {
    const { tenants, claim, path } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const draftId = await draftProposal(path, claim.itemIds.slice(0, 1), [1_000], me.token);
    expect(await act(path, draftId, "publish", me.token)).toMatchObject({ status: 409, body: { message: "Give a proposal for every item before you continue." } });
    // The co-tenant cannot even see it.
    expect((await act(path, draftId, "publish", coTenant.token)).status).toBe(404);
    expect(await act(path, claim.claimProposalId, "publish", me.token)).toMatchObject({ status: 409 });
  });

  it("submits a £0 proposal at once, with the agent's deadline and the hold", async () => {
    const { tenants, claim, path } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const draftId = await draftProposal(path, claim.itemIds, [0, 0], me.token);
    const res = await act(path, draftId, "publish", me.token);
    expect(res.status).toBe(200);
    const now = t.clock.now();
    const [row] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, draftId));
    expect(row).toMatchObject({ status: "AWAITING_RESPONSE", publishedAt: now, responseDeadline: responseDeadline(now), holdExpiresAt: proposalHoldExpiresAt(now), orderId: null });
    // Both tenants now see it, waiting on the organisation.
    const theirs = await get(path, coTenant.token);
    expect(theirs.body.proposals.map((p: { round: number; status: string }) => [p.round, p.status])).toEqual([
      [1, "AWAITING_RESPONSE"],
      [2, "AWAITING_RESPONSE"],
    ]);
    expect(theirs.body).toMatchObject({ awaitingResponseFrom: "Harbour Lettings", awaitingTenantResponse: false, allowedActions: [], responseDeadline: null });
    expect(await act(path, draftId, "publish", me.token)).toMatchObject({ status: 409 });
  });

  it("puts a proposal above £0 at the payment step; Back returns it to a draft; payment submits it", async () => {
    const { tenants, claim, path, ppm } = await claimFor({ ppm: 40_000 });
    const [me, coTenant] = tenants as [Tenant, Tenant];
    // 12,000 + 30,000 = 42,000 is above the limit (8 weeks of £400 = £738.46): the upfront payment is the limit.
    const draftId = await draftProposal(path, claim.itemIds, [12_000, 30_000], me.token);
    const res = await act(path, draftId, "publish", me.token);
    expect(res.status).toBe(200);
    const limit = claimLimitPence(ppm);
    expect(res.body.proposalPayment).toMatchObject({ claimProposalId: draftId, amount: Math.min(42_000, limit) });
    expect(res.body.allowedActions).toContain("unpublish");
    const [atPayment] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, draftId));
    expect(atPayment!.status).toBe("AWAITING_PAYMENT");
    const payment = await actionsOn(atPayment!.orderId!);
    expect(payment.map((r) => [r.customerId, r.action.typeId, r.action.details.amountRemaining])).toEqual([
      [me.customerId, "CLAIM_PROPOSAL_PAY_REMAINING_BALANCE", Math.min(42_000, limit)],
    ]);
    expect((await get(path, coTenant.token)).body.proposals).toHaveLength(1);

    const back = await act(path, draftId, "unpublish", me.token);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ tenantDraftProposalId: draftId, proposalPayment: null });
    expect(await actionsOn(atPayment!.orderId!)).toEqual([]);
    expect(await act(path, draftId, "unpublish", me.token)).toMatchObject({ status: 409, body: { message: "There is no proposal payment to go back from." } });

    const again = await act(path, draftId, "publish", me.token);
    await payClaimAction(t.db, again.body.proposalPayment.orderCustomerActionId, t.clock.now());
    const [submitted] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, draftId));
    expect(submitted).toMatchObject({ status: "AWAITING_RESPONSE", holdExpiresAt: proposalHoldExpiresAt(t.clock.now()) });
    expect((await get(path, coTenant.token)).body.proposals).toHaveLength(2);
    expect(await act(path, draftId, "unpublish", me.token)).toMatchObject({ status: 409 });
    const stranger = await t.signedInTenant();
    expect((await act(path, draftId, "unpublish", stranger.token)).status).toBe(404);
    expect((await act(path, draftId, "publish")).status).toBe(401);
  });

  it("accepting the charges discards an unsubmitted proposal and its unpaid payment", async () => {
    const { tenants, claim, path } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const draftId = await draftProposal(path, claim.itemIds, [1_000, 1_000], me.token);
    await act(path, draftId, "publish", me.token);
    const [atPayment] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, draftId));
    expect((await act(path, claim.claimProposalId, "agree", coTenant.token)).status).toBe(200);
    expect(await t.db.select().from(claimProposals).where(eq(claimProposals.id, draftId))).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.id, atPayment!.orderId!))).toEqual([]);
    expect((await get(path, me.token)).body).toMatchObject({ tenantDraftProposalId: null, proposalPayment: null, awaitingPayment: true });
  });
});

describe("the landlord's answer to a tenant proposal (scenarios)", () => {
  it("agentAcceptTenantProposal settles the claim at the proposal", async () => {
    const { tenants, claim, path } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    const draftId = await draftProposal(path, claim.itemIds, [12_000, 0], me.token);
    await act(path, draftId, "publish", me.token);
    const view = await get(path, me.token);
    await payClaimAction(t.db, view.body.proposalPayment.orderCustomerActionId, t.clock.now());
    await agentAcceptTenantProposal(t.db, claim.claimId, t.clock.now());
    const after = await get(path, me.token);
    expect(after.body).toMatchObject({ status: "RESOLVED", finalAmount: 12_000, allowedActions: [] });
    expect(after.body.items.map((i: { isSettled: boolean }) => i.isSettled)).toEqual([true, true]);
    expect(after.body.proposals.find((p: { round: number }) => p.round === 2)).toMatchObject({ status: "SETTLED" });
    await expect(agentAcceptTenantProposal(t.db, claim.claimId, t.clock.now())).rejects.toThrow("no tenant proposal");
  });

  it("agentRejectWithFinalProposal refunds the proposal; the final proposal can be accepted or disputed, not countered", async () => {
    const { tenants, claim, path } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const [itemA, itemB] = claim.itemIds as [string, string];
    const draftId = await draftProposal(path, claim.itemIds, [12_000, 5_000], me.token);
    const published = await act(path, draftId, "publish", me.token);
    await payClaimAction(t.db, published.body.proposalPayment.orderCustomerActionId, t.clock.now());
    await expect(agentRejectWithFinalProposal(t.db, claim.claimId, { amounts: { [itemB]: 40_000 } }, t.clock.now())).rejects.toThrow("more than the charge");
    const final = await agentRejectWithFinalProposal(t.db, claim.claimId, { amounts: { [itemB]: 20_000 } }, t.clock.now());
    const [refused] = await t.db.select().from(claimProposals).where(eq(claimProposals.id, draftId));
    expect(refused!.status).toBe("DISPUTED");
    const [paid] = (await actionsOn(refused!.orderId!)).map((r) => r.action);
    expect(paid!.details).toMatchObject({ refunded: true, refundAmount: 17_000 });

    const view = await get(path, coTenant.token);
    expect(view.body).toMatchObject({ finalAmount: 32_000, currentProposalId: final.claimProposalId, awaitingTenantResponse: true });
    expect(view.body.allowedActions).toEqual(["accept", "reject", "dispute", "rejectWithNoEvidence"]);
    // What accepting would make payable, and this tenant's share of it (issue 12: the accept choice quotes them).
    expect(view.body.acceptDue).toEqual({ amount: 32_000, share: 16_000 });
    expect(view.body.coTenantPayments).toEqual([]);
    // Item A was agreed at the charge: it stays settled in the final proposal.
    expect(view.body.items.find((i: { id: string }) => i.id === itemA).isSettled).toBe(true);
    expect(view.body.items.find((i: { id: string }) => i.id === itemB)).toMatchObject({ isSettled: false, currentAmount: 20_000 });
    expect(await act(path, final.claimProposalId, "counter", me.token)).toMatchObject({
      status: 409,
      body: { message: "This is a final proposal, so you can no longer make a counter-proposal. You can accept it or raise a dispute." },
    });
    // The round 1 charges are no longer the open proposal.
    expect(await act(path, claim.claimProposalId, "agree", me.token)).toMatchObject({
      status: 409,
      body: { message: "This proposal is no longer the one waiting for your response." },
    });
    const accepted = await act(path, final.claimProposalId, "agree", me.token);
    expect(accepted.body).toMatchObject({ payableOrderId: final.orderId, awaitingPayment: true });
    expect(accepted.body.payActions[0]).toMatchObject({ typeId: "CLAIM_PAY_REMAINING_BALANCE", amountRemaining: 32_000 });
    expect(accepted.body.acceptDue).toBeNull();
    // The co-tenant pays their share: the other tenant is told who paid what (issue 12 scope 5).
    const theirs = (await get(path, coTenant.token)).body.payActions.find((a: { typeId: string }) => a.typeId === "CLAIM_PAY");
    await payClaimAction(t.db, theirs.id, t.clock.now());
    const after = await get(path, me.token);
    const coUser = after.body.respondents.find((r: { isCurrentUser: boolean }) => !r.isCurrentUser);
    expect(after.body.coTenantPayments).toEqual([{ firstName: coUser.firstName, lastName: coUser.lastName, amount: 16_000 }]);
    expect(after.body.payActions.find((a: { typeId: string }) => a.typeId === "CLAIM_PAY_REMAINING_BALANCE")).toMatchObject({ amountRemaining: 16_000 });
    expect((await get(path, coTenant.token)).body.coTenantPayments).toEqual([]);
  });
});

describe("updateClaimResponse (reject with no evidence)", () => {
  it("stores the message and sends the claim towards the adjudicator with the £60 fee", async () => {
    const { tenants, path } = await claimFor({ mediationEnabled: false });
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const view = await get(path, me.token);
    const { id: respondentId, claimResponseId } = view.body.currentRespondent;
    const url = `${path}/respondents/${respondentId}/responses/${claimResponseId}`;
    expect(await t.json("PUT", url, { message: "" }, me.token)).toMatchObject({ status: 400, body: { message: expect.stringContaining("Message is required") } });
    // Another tenant's respondent is not theirs.
    expect((await t.json("PUT", url, { message: "x" }, coTenant.token)).status).toBe(404);
    expect((await t.json("PUT", `${path}/respondents/${respondentId}/responses/${newId()}`, { message: "x" }, me.token)).status).toBe(404);
    expect((await t.json("PUT", url, { message: "x" })).status).toBe(401);

    const res = await t.json("PUT", url, { message: "I did not cause this damage." }, me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "AWAITING_ARBITRATION_ADMIN_FEE", disputed: true, tenantDisputeMessage: "I did not cause this damage." });
    expect(res.body.adjudicationFeeOrder.action).toMatchObject({ typeId: "ARBITRATION_ADMIN_PAY", amountRemaining: 6_000 });
    const [response] = await t.db.select().from(claimResponses).where(eq(claimResponses.id, claimResponseId));
    expect(response!.message).toBe("I did not cause this damage.");
    expect(await t.json("PUT", url, { message: "again" }, me.token)).toMatchObject({ status: 409 });
  });

  it("is refused for non-final charges with mediation", async () => {
    const { tenants, path } = await claimFor({ tenants: 1 });
    const view = await get(path, tenants[0]!.token);
    const url = `${path}/respondents/${view.body.currentRespondent.id}/responses/${view.body.currentRespondent.claimResponseId}`;
    expect((await t.json("PUT", url, { message: "No" }, tenants[0]!.token)).status).toBe(409);
    const [row] = await t.db.select().from(claimResponses).where(eq(claimResponses.id, view.body.currentRespondent.claimResponseId));
    expect(row!.message).toBeNull();
  });
});

describe("createClaimActivity", () => {
  it("records what the screen reports; the author alone sees their own reports", async () => {
    const { tenants, claim, path } = await claimFor();
    const [me, coTenant] = tenants as [Tenant, Tenant];
    const res = await t.json(
      "POST",
      `${path}/activities`,
      { activityType: "ITEM_COUNTER_PROPOSED", details: { claimItemId: claim.itemIds[0], counterProposalAmount: 5_000 } },
      me.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ activityType: "ITEM_COUNTER_PROPOSED", details: { counterProposalAmount: 5_000 }, byCurrentUser: true });
    const [row] = await t.db.select().from(claimActivities).where(eq(claimActivities.id, res.body.id));
    expect(row).toMatchObject({ claimId: claim.claimId, userId: me.userId, details: { claimItemId: claim.itemIds[0], counterProposalAmount: 5_000 } });
    expect((await t.json("POST", `${path}/activities`, { activityType: "MEDIATION_INTRO_READ" }, me.token)).status).toBe(201);
    const ids = (v: { body: { activities: { id: string }[] } }) => v.body.activities.map((a) => a.id);
    expect(ids(await get(path, me.token))).toContain(res.body.id);
    expect(ids(await get(path, coTenant.token))).not.toContain(res.body.id);
  });

  it("refuses types outside the list, the API's own types, bad details (400), unknown items and strangers (404), no token (401)", async () => {
    const { tenants, claim, path } = await claimFor({ tenants: 1 });
    const me = tenants[0]!;
    for (const body of [
      { activityType: "SOMETHING_ELSE" },
      { activityType: "PROPOSAL_ACCEPTED", details: {} },
      { activityType: "ITEM_COUNTER_PROPOSED", details: { claimItemId: claim.itemIds[0], counterProposalAmount: -1 } },
      { activityType: "MEDIATION_INTRO_READ", details: { extra: 1 } },
    ]) {
      expect((await t.json("POST", `${path}/activities`, body, me.token)).status).toBe(400);
    }
    const valid = { activityType: "ITEM_AGREED", details: { claimItemId: newId(), amount: 1 } };
    expect((await t.json("POST", `${path}/activities`, valid, me.token)).status).toBe(404);
    const stranger = await t.signedInTenant();
    expect((await t.json("POST", `${path}/activities`, { activityType: "FAQS_OPENED" }, stranger.token)).status).toBe(404);
    expect((await t.json("POST", `${path}/activities`, { activityType: "FAQS_OPENED" })).status).toBe(401);
    const rows = await t.db
      .select()
      .from(claimActivities)
      .where(and(eq(claimActivities.claimId, claim.claimId), inArray(claimActivities.activityType, ["ITEM_AGREED", "FAQS_OPENED", "SOMETHING_ELSE"])));
    expect(rows).toEqual([]);
  });

  it("is refused once the claim is closed", async () => {
    const { tenants, claim, path } = await claimFor({ tenants: 1 });
    await t.db.update(claims).set({ status: "RESOLVED" }).where(eq(claims.id, claim.claimId));
    expect(await t.json("POST", `${path}/activities`, { activityType: "FAQS_OPENED" }, tenants[0]!.token)).toMatchObject({
      status: 409,
      body: { message: "This claim is closed." },
    });
  });
});
