/**
 * Issue 28, "Done means": the clock is driven through claims' lives and each notice is asserted
 * once, to every tenant of the claim (co-tenants are bound by one tenant's answer), with an
 * absolute link to the page to act on, and a text message for the kinds that have one to the
 * tenant with a mobile number (the other has none). Running the deadline job again sends nothing
 * more. Payments are made by the back office's stand-in (payClaimAction), as the other claim
 * tests do; card receipts and the reminders are asserted in their own tests.
 */
import { and, eq } from "drizzle-orm";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { arbitrations, orderCustomerActions, orderCustomers, outboxEmails, outboxSms, users } from "../../server/db/schema";
import { adjudicationPaymentDeadline, proposalHoldExpiresAt, responseDeadline } from "../../server/domain/deadlines";
import { asksForMoney, CLAIM_EVENT_NOTICES, sendsSms, type NoticeKind } from "../../server/domain/notices";
import { deadlineWords, londonTimeOfDay, longLondonDate } from "#common/wording";
import { sweepClaimDeadlines } from "../../server/jobs/claim-deadlines";
import { appUrl } from "../../server/lib/app-url";
import { STRUGGLING_TO_PAY_EMAIL_LINE, STRUGGLING_TO_PAY_PATH } from "#common/struggling-to-pay";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import {
  agentAcceptTenantProposal,
  agentRejectWithFinalProposal,
  decideAdjudication,
  payClaimAction,
  raiseClaim,
  resolveClaim,
  sendToAdjudication,
} from "../../stand-ins/scenarios/claims";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  // Tokens outlive the clock moves.
  t = await createTestApi({ accessTokenTtlSeconds: 5 * 365 * 24 * 3600 });
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const PROPERTY = "12 Orchard Road, Bristol BS1 4DJ";
const MOBILE = "07700900123";
type Tenant = Awaited<ReturnType<TestApi["signedInTenant"]>>;

/** Every kind of notice the flows below saw queued. */
const seenKinds = new Set<NoticeKind>();
/** Outbox rows already asserted: each step asserts only what it added. */
const seenEmails = new Set<string>();
const seenSms = new Set<string>();

/** Receipts are queued by card payments (another part of issue 28, with its own tests); these flows pay by the back office's stand-in. */
const OTHER_PARTS: NoticeKind[] = ["PAYMENT_RECEIPT"];

type Expected = { kind: NoticeKind; to: Tenant; link: string };

/** Two tenants of one tenancy, one with a mobile number (Ana) and one without (Ben), and a claim of £300 on them. */
async function claimOnTwoTenants(options: { mediationEnabled?: boolean } = {}) {
  const ana = await t.signedInTenant({ firstName: "Ana", lastName: "Lee" });
  const ben = await t.signedInTenant({ firstName: "Ben", lastName: "Cole" });
  await t.db.update(users).set({ mobileNumber: MOBILE }).where(eq(users.id, ana.userId));
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ana.userId, ben.userId] });
  const keyfree = await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 130_000,
    customers: [{ customerId: ana.customerId }, { customerId: ben.customerId }],
    status: "COMPLETE",
  });
  const raisedAt = t.clock.now();
  const claim = await raiseClaim(
    t.db,
    {
      tenancyId: tenancy.id,
      items: [
        { description: "Cleaning", type: "CLEANING", amount: 10_000 },
        { description: "Paint", type: "REDECORATION", amount: 20_000 },
      ],
      mediationEnabled: options.mediationEnabled ?? true,
    },
    raisedAt,
  );
  const path = `/claims/${claim.claimId}`;
  const links = {
    claim: `${appUrl()}${path}`,
    pay: `${appUrl()}${path}/pay`,
    disputeFee: `${appUrl()}${path}/dispute-fee`,
    settled: `${appUrl()}/keyfrees/${keyfree.orderId}`,
    arbitration: (id: string) => `${appUrl()}/arbitrations/${id}`,
  };
  // Each link is the page to act on in the web's route table (not the not-found page).
  expect([links.claim, links.pay, links.disputeFee, links.settled, links.arbitration(claim.claimId)].map(pageOf)).toEqual([
    "routes/claims/claim.tsx",
    "routes/claims/pay.tsx",
    "routes/claims/dispute-fee.tsx",
    "routes/keyfrees/keyfree.tsx",
    "routes/arbitrations/arbitration.tsx",
  ]);
  const raised = await expectNewNotices(both("CLAIM_RAISED", links.claim, [ana, ben]));
  expect(raised.emails[0]!.text).toContain(deadlineWords(responseDeadline(raisedAt), raisedAt));
  return { ana, ben, claim, path, links };
}

/** The web page (its route module in app/routes.ts) an absolute link opens. */
function pageOf(link: string): string | undefined {
  const toObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
    entries.map((e) => ({ id: e.file, path: e.path, index: e.index, children: e.children ? toObjects(e.children) : undefined }) as RouteObject);
  const url = new URL(link);
  expect(url.origin).toBe(new URL(appUrl()).origin);
  return matchRoutes(toObjects(routes), url.pathname)?.at(-1)?.route.id;
}

const both = (kind: NoticeKind, link: string, tenants: Tenant[]): Expected[] => tenants.map((to) => ({ kind, to, link }));

/**
 * The notices queued since the last call are exactly `expected`: one e-mail per tenant and kind,
 * whose last line is the absolute link and which names the property, and a text message to the
 * tenant with a mobile number for the kinds that have one, carrying the same link.
 */
async function expectNewNotices(expected: Expected[]) {
  const emails = (await t.db.select().from(outboxEmails)).filter((e) => !seenEmails.has(e.id) && !OTHER_PARTS.includes(e.template as NoticeKind));
  const sms = (await t.db.select().from(outboxSms)).filter((s) => !seenSms.has(s.id));
  for (const e of emails) seenEmails.add(e.id);
  for (const s of sms) seenSms.add(s.id);
  const key = (kind: string, userId: string | null, link: string) => `${kind} → ${userId} → ${link}`;
  // The notice's own last line is its link; an e-mail that asks for money ends with "Struggling to pay?" after it (issue 36).
  const ownLink = (text: string) => {
    const lines = text.trim().split("\n");
    return (lines.at(-2) === STRUGGLING_TO_PAY_EMAIL_LINE ? lines.at(-4) : lines.at(-1))!;
  };
  const emailsSeen = emails.map((e) => key(e.template, e.userId, ownLink(e.text))).sort();
  expect(emailsSeen, "the new e-mails: kind → tenant → link").toEqual(expected.map((x) => key(x.kind, x.to.userId, x.link)).sort());
  for (const e of emails) {
    expect(e.text, e.template).toContain(PROPERTY);
    expect(e.text.trim().endsWith(`${appUrl()}${STRUGGLING_TO_PAY_PATH}`), `${e.template} links "Struggling to pay?"`).toBe(asksForMoney(e.template as NoticeKind));
    expect(e.to).toBe(expected.find((x) => x.to.userId === e.userId)!.to.email);
  }
  const withMobile = await t.db.select({ id: users.id }).from(users).where(eq(users.mobileNumber, MOBILE));
  const smsExpected = expected.filter((x) => sendsSms(x.kind) && withMobile.some((u) => u.id === x.to.userId));
  expect(sms.map((s) => `${s.template} → ${s.userId} → ${s.to}`).sort(), "the new text messages").toEqual(
    smsExpected.map((x) => `${x.kind} → ${x.to.userId} → ${MOBILE}`).sort(),
  );
  for (const s of sms) {
    const link = smsExpected.find((x) => x.kind === s.template)!.link;
    expect(s.text.endsWith(link), s.text).toBe(true);
    expect(s.text).not.toMatch(/£|Orchard/);
  }
  for (const x of expected) seenKinds.add(x.kind);
  const textOf = (kind: NoticeKind, tenant: Tenant) => emails.find((e) => e.template === kind && e.userId === tenant.userId)!.text;
  return { emails, sms, textOf };
}

/** The deadline job, run twice (as several instances would): the second run queues nothing. */
async function sweepTwice() {
  const first = await sweepClaimDeadlines({ db: t.db, clock: t.clock });
  const second = await sweepClaimDeadlines({ db: t.db, clock: t.clock });
  expect(second.chargesDeemedAccepted).toEqual([]);
  expect(second.proposalsRefused).toEqual([]);
  return first;
}

/** The tenant's open action of a type on an order, to pay with the back office's stand-in. */
async function actionOf(orderId: string, customerId: string, typeId: string) {
  const [row] = await t.db
    .select({ id: orderCustomerActions.id })
    .from(orderCustomerActions)
    .innerJoin(orderCustomers, eq(orderCustomers.id, orderCustomerActions.orderCustomerId))
    .where(and(eq(orderCustomers.orderId, orderId), eq(orderCustomers.customerId, customerId), eq(orderCustomerActions.typeId, typeId)));
  return row!.id;
}

/** Ana proposes £40 for the cleaning and £60 for the paint, and pays it upfront; returns the proposal's id. */
async function anaProposes(path: string, claim: { itemIds: string[] }, ana: Tenant, amounts: [number, number] = [4_000, 6_000]) {
  const [itemA, itemB] = claim.itemIds as [string, string];
  await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemA, amount: amounts[0], explanation: "It was clean" }, ana.token);
  const draft = await t.json("POST", `${path}/counter-proposals`, { claimItemId: itemB, amount: amounts[1], explanation: "Normal wear" }, ana.token);
  expect(draft.status).toBe(201);
  const published = await t.json("POST", `${path}/proposals/${draft.body.id}/publish`, undefined, ana.token);
  expect(published.status).toBe(200);
  if (amounts[0] + amounts[1] > 0) await payClaimAction(t.db, published.body.proposalPayment.orderCustomerActionId, t.clock.now());
  return draft.body.id as string;
}

describe("a claim's life: raised, proposal, final proposal, dispute, adjudication, payment (issue 28)", () => {
  it("tells both tenants at each step, once, with the link to act on, and texts the one with a mobile number where there is a deadline", async () => {
    const { ana, ben, claim, path, links } = await claimOnTwoTenants();

    // Ana's proposal of £100, paid upfront: sent to the landlord, its payment held 7 days.
    t.clock.advance(1 * DAY);
    const sentAt = t.clock.now();
    await anaProposes(path, claim, ana);
    const sent = await expectNewNotices(both("PROPOSAL_SENT", links.claim, [ana, ben]));
    expect(sent.textOf("PROPOSAL_SENT", ben)).toContain("Ana Lee sent a proposal of £100.00");
    const hold = proposalHoldExpiresAt(sentAt);
    expect(sent.textOf("PROPOSAL_SENT", ben)).toContain(`The payment is held until ${londonTimeOfDay(hold)} on ${longLondonDate(hold)} (UK time), 7 days from today.`);

    // The landlord refuses it with a final proposal of £250: the £100 is refunded and a new 7-day clock starts.
    t.clock.advance(2 * DAY);
    const finalAt = t.clock.now();
    const [itemA, itemB] = claim.itemIds as [string, string];
    const final = await agentRejectWithFinalProposal(t.db, claim.claimId, { amounts: { [itemA]: 8_000, [itemB]: 17_000 } }, finalAt);
    const finalNotices = await expectNewNotices(both("FINAL_PROPOSAL", links.claim, [ana, ben]));
    expect(finalNotices.textOf("FINAL_PROPOSAL", ana)).toContain("final proposal of £250.00");
    expect(finalNotices.textOf("FINAL_PROPOSAL", ana)).toContain("The £100.00 paid with your proposal is being refunded");
    expect(finalNotices.textOf("FINAL_PROPOSAL", ben)).toContain(deadlineWords(responseDeadline(finalAt), finalAt));
    await sweepTwice();
    await expectNewNotices([]);

    // Ana disputes the final proposal: she pays the £60 fee (her link is the fee page); Ben is told what happens if it is not paid.
    t.clock.advance(1 * DAY);
    const disputed = await t.json("POST", `${path}/proposals/${final.claimProposalId}/dispute`, undefined, ana.token);
    expect(disputed.status).toBe(200);
    const fee = await expectNewNotices([
      { kind: "DISPUTE_FEE_DUE", to: ana, link: links.disputeFee },
      { kind: "DISPUTE_FEE_DUE", to: ben, link: links.claim },
    ]);
    expect(fee.textOf("DISPUTE_FEE_DUE", ana)).toContain("You disputed");
    expect(fee.textOf("DISPUTE_FEE_DUE", ana)).toContain(deadlineWords(responseDeadline(finalAt), t.clock.now()));
    expect(fee.textOf("DISPUTE_FEE_DUE", ben)).toContain("Ana Lee disputed the end of tenancy charges");
    expect(fee.sms[0]!.text).toContain("please pay the dispute fee");

    // The fee is paid and the claim goes to the adjudicator with it (issue 38): Ana, who paid, is told
    // it is with the adjudicator; Ben that she paid, so the charges are not treated as accepted.
    await payClaimAction(t.db, disputed.body.adjudicationFeeOrder.action.id, t.clock.now());
    const [withAdjudicator] = await t.db.select().from(arbitrations).where(eq(arbitrations.claimId, claim.claimId));
    const arbitrationId = withAdjudicator!.id;
    const paid = await expectNewNotices([
      { kind: "SENT_TO_ADJUDICATION", to: ana, link: links.arbitration(arbitrationId) },
      { kind: "DISPUTE_FEE_PAID", to: ben, link: links.arbitration(arbitrationId) },
    ]);
    expect(paid.textOf("DISPUTE_FEE_PAID", ben)).toContain("Ana Lee paid the £60.00 dispute fee");
    expect(paid.textOf("DISPUTE_FEE_PAID", ben)).toContain("not treated as accepted");
    // The back office's step finds it sent: nobody is told twice.
    expect((await sendToAdjudication(t.db, claim.claimId, t.clock.now())).arbitrationId).toBe(arbitrationId);
    await expectNewNotices([]);
    // Past the final proposal's deadline, the paid dispute stands: nothing is deemed accepted.
    t.clock.advance(10 * DAY);
    await sweepTwice();
    await expectNewNotices([]);

    // The adjudicator awards £150 of the £250: the £60 is credited, £90 is due in 3 calendar days.
    const decidedAt = t.clock.now();
    const decision = await decideAdjudication(t.db, claim.claimId, { amount: 15_000 }, decidedAt, t.files);
    expect(decision.amountDue).toBe(9_000);
    const decided = await expectNewNotices(both("ADJUDICATION_DECIDED", links.arbitration(arbitrationId), [ana, ben]));
    const decidedText = decided.textOf("ADJUDICATION_DECIDED", ben);
    expect(decidedText).toContain("£150.00 is awarded");
    expect(decidedText).toContain("your £60.00 dispute fee is credited: it comes off what you owe.");
    expect(decidedText).toContain(`£90.00 is now due. Please pay it ${deadlineWords(adjudicationPaymentDeadline(decidedAt), decidedAt)}.`);

    // Ben pays the whole balance: the claim is settled, £150 in total; the link is the Keyfree's page with the outcome.
    t.clock.advance(1 * DAY);
    const [arbitration] = await t.db.select().from(arbitrations).where(eq(arbitrations.id, arbitrationId));
    await payClaimAction(t.db, await actionOf(arbitration!.repaymentOrderId!, ben.customerId, "ARBITRATION_PAY_REMAINING_BALANCE"), t.clock.now());
    const resolved = await expectNewNotices(both("CLAIM_RESOLVED", links.settled, [ana, ben]));
    expect(resolved.textOf("CLAIM_RESOLVED", ana)).toContain("(£150.00 in total)");
    await sweepTwice();
    await expectNewNotices([]);
  });
});

describe("charges left unanswered, a proposal's hold run out, a proposal accepted", () => {
  it("charges nobody answered are treated as accepted once the deadline job runs, with what is now owed", async () => {
    const { ana, ben, claim, links } = await claimOnTwoTenants();
    t.clock.set(responseDeadline(t.clock.now()));
    await sweepTwice();
    await expectNewNotices([]);
    t.clock.advance(1);
    expect((await sweepTwice()).chargesDeemedAccepted).toEqual([{ claimId: claim.claimId, claimProposalId: claim.claimProposalId, lapsedDispute: false }]);
    const deemed = await expectNewNotices(both("CHARGES_DEEMED_ACCEPTED", links.pay, [ana, ben]));
    expect(deemed.textOf("CHARGES_DEEMED_ACCEPTED", ben)).toContain("were not answered in time");
    expect(deemed.textOf("CHARGES_DEEMED_ACCEPTED", ben)).toContain("You now owe £300.00, to be paid immediately.");
    t.clock.advance(3 * DAY);
    await sweepTwice();
    await expectNewNotices([]);
    // The back office closes the claim: both tenants are told it is settled.
    await resolveClaim(t.db, claim.claimId, t.clock.now());
    const resolved = await expectNewNotices(both("CLAIM_RESOLVED", links.settled, [ana, ben]));
    expect(resolved.textOf("CLAIM_RESOLVED", ana)).toContain("(£300.00 in total)");
  });

  it("a dispute whose fee is not paid lapses: Ben disputed with no evidence, both are told the charges are treated as accepted", async () => {
    const { ana, ben, claim, path, links } = await claimOnTwoTenants({ mediationEnabled: false });
    const view = await t.json("GET", path, undefined, ben.token);
    const { id: respondentId, claimResponseId } = view.body.currentRespondent;
    const rejected = await t.json("PUT", `${path}/respondents/${respondentId}/responses/${claimResponseId}`, { message: "Not my damage." }, ben.token);
    expect(rejected.status).toBe(200);
    const fee = await expectNewNotices([
      { kind: "DISPUTE_FEE_DUE", to: ben, link: links.disputeFee },
      { kind: "DISPUTE_FEE_DUE", to: ana, link: links.claim },
    ]);
    expect(fee.textOf("DISPUTE_FEE_DUE", ana)).toContain("once Ben Cole pays the £60.00 dispute fee");
    // Ana did not dispute: her text message says what happens, and does not ask her to pay.
    expect(fee.sms[0]!.text).toContain("the charges were disputed");
    expect(fee.sms[0]!.text).not.toContain("please pay");

    t.clock.set(new Date(responseDeadline(t.clock.now()).getTime() + 1));
    expect((await sweepTwice()).chargesDeemedAccepted).toEqual([{ claimId: claim.claimId, claimProposalId: claim.claimProposalId, lapsedDispute: true }]);
    const lapsed = await expectNewNotices(both("CHARGES_DEEMED_ACCEPTED", links.pay, [ana, ben]));
    expect(lapsed.textOf("CHARGES_DEEMED_ACCEPTED", ana)).toContain("The dispute fee for 12 Orchard Road, Bristol BS1 4DJ was not paid in time");
  });

  it("a proposal the landlord does not answer before its hold runs out comes back, with a new deadline; then Ben accepts and pays the charges", async () => {
    const { ana, ben, claim, path, links } = await claimOnTwoTenants();
    await anaProposes(path, claim, ana);
    await expectNewNotices(both("PROPOSAL_SENT", links.claim, [ana, ben]));
    t.clock.advance(7 * DAY);
    await sweepTwice();
    await expectNewNotices([]);
    t.clock.advance(1 * DAY);
    const expiredAt = t.clock.now();
    expect((await sweepTwice()).proposalsRefused).toHaveLength(1);
    const expired = await expectNewNotices(both("PROPOSAL_HOLD_EXPIRED", links.claim, [ana, ben]));
    expect(expired.textOf("PROPOSAL_HOLD_EXPIRED", ben)).toContain("The £100.00 paid with it is being refunded in full");
    expect(expired.textOf("PROPOSAL_HOLD_EXPIRED", ben)).toContain(`Please answer the charges again ${deadlineWords(responseDeadline(expiredAt), expiredAt)}.`);

    // Ben accepts the charges for both: £300 is due by the charges' (new) deadline, on the payment page.
    t.clock.advance(1 * DAY);
    const accepted = await t.json("POST", `${path}/proposals/${claim.claimProposalId}/agree`, undefined, ben.token);
    expect(accepted.status).toBe(200);
    const due = await expectNewNotices(both("CHARGES_ACCEPTED", links.pay, [ana, ben]));
    expect(due.textOf("CHARGES_ACCEPTED", ana)).toContain("Ben Cole accepted the end of tenancy charges");
    expect(due.textOf("CHARGES_ACCEPTED", ana)).toContain("£300.00 is now due.");
    expect(due.textOf("CHARGES_ACCEPTED", ana)).toContain(`Please pay ${deadlineWords(responseDeadline(expiredAt), t.clock.now())}.`);
    await sweepTwice();
    await expectNewNotices([]);

    await payClaimAction(t.db, await actionOf(claim.orderId, ana.customerId, "CLAIM_PAY_REMAINING_BALANCE"), t.clock.now());
    const resolved = await expectNewNotices(both("CLAIM_RESOLVED", links.settled, [ana, ben]));
    expect(resolved.textOf("CLAIM_RESOLVED", ben)).toContain("(£300.00 in total)");
  });

  it("a £0 proposal the landlord accepts: sent (no payment held), then accepted, and not told twice that it is settled", async () => {
    const { ana, ben, claim, path, links } = await claimOnTwoTenants();
    await anaProposes(path, claim, ana, [0, 0]);
    const sent = await expectNewNotices(both("PROPOSAL_SENT", links.claim, [ana, ben]));
    expect(sent.textOf("PROPOSAL_SENT", ben)).toContain("Ana Lee sent a proposal of £0.00");
    expect(sent.textOf("PROPOSAL_SENT", ben)).not.toContain("paid it upfront");
    t.clock.advance(2 * DAY);
    await agentAcceptTenantProposal(t.db, claim.claimId, t.clock.now());
    const accepted = await expectNewNotices(both("PROPOSAL_ACCEPTED", links.settled, [ana, ben]));
    expect(accepted.textOf("PROPOSAL_ACCEPTED", ana)).toContain("accepted your proposal of £0.00");
    await sweepTwice();
    await expectNewNotices([]);
  });

  it("every notice the claim's events name was queued by the flows above", () => {
    const named = new Set(
      Object.values(CLAIM_EVENT_NOTICES).flatMap((n) => (typeof n === "string" ? [n] : Array.isArray(n) ? n : [])),
    );
    const expected = [...named].filter((k) => !OTHER_PARTS.includes(k)).sort();
    expect([...seenKinds].filter((k) => named.has(k)).sort()).toEqual(expected);
  });
});
