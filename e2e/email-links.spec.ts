import { NOTICES } from "../server/domain/notices";
import { DEMO_PASSWORD, expect, outboxFor, signIn, signInRequest, test, uniqueStamp, type Email } from "./fixtures";
import { PRODUCED_BY_THE_CLOCK, PRODUCED_BY_THE_COMPLAINTS_CLOCK, templatesInSource } from "./notice-kinds";

/**
 * Issue 9 scope 8: every e-mailed link lands on a page. Produces every kind of e-mail the app and
 * the ops commands send, follows each link in each against the running web app (redirects
 * followed, signed out, as a tenant clicking it in their mail would), and fails on a 404 or a 5xx.
 *
 * PENDING lists the links whose screens a later issue builds: such a link may answer 404 today,
 * and must not once its screen exists (the entry is then an error: delete it). The list must be
 * empty when the payment-plan issue is done.
 */
const PENDING: { path: RegExp; builtBy: string }[] = [];

/**
 * E-mails with no link in them, and where that is checked: the refund e-mail needs a card payment
 * refused through the sandbox, which tests/api/refunds.test.ts does; tests/api/email-kinds.test.ts
 * asserts its text carries no link. The contact page's two (to support, and the sender's
 * receipt) are produced by e2e/contact.spec.ts; tests/api/support-messages.test.ts asserts they
 * carry no link.
 */
const WITHOUT_LINKS_CHECKED_ELSEWHERE = [
  "PAYMENT_REFUNDED",
  "SUPPORT_MESSAGE",
  "SUPPORT_MESSAGE_RECEIPT",
  // Issue 36 (budget): support's e-mail about a request for a plan, produced by
  // e2e/payment-plan-request.spec.ts; tests/api/payment-plan-requests.test.ts asserts it carries no link.
  "PAYMENT_PLAN_REQUEST_TO_SUPPORT",
  // Issue 38: the agent's or landlord's e-mails (an inventory not received, a tenant moved out), queued
  // when a tenant follows a link: produced by e2e/offers-inventory.spec.ts (the dev mailbox shows the
  // first); tests/api/agent-emails.test.ts asserts they carry no link.
  "AGENT_INVENTORY_REQUEST",
  "AGENT_TENANT_VACATED",
];

/**
 * Every e-mail kind the server can queue: each `template: "X"` in server/, and each notice of the
 * catalogue (server/domain/notices.ts, issue 28) but those only time brings, which
 * e2e/notices.clock.spec.ts produces on the clock server. A new kind fails this test until it is
 * produced here.
 */
function kindsInSource(): string[] {
  const byTheClock = [...PRODUCED_BY_THE_CLOCK, ...PRODUCED_BY_THE_COMPLAINTS_CLOCK];
  const notices = (Object.keys(NOTICES) as (keyof typeof NOTICES)[]).filter((k) => !byTheClock.includes(k));
  return [...new Set([...templatesInSource(), ...notices])].sort();
}

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => new URL(m[0]));

test("every e-mailed link lands on a page (links to screens of later issues are listed as pending)", async ({
  page,
  request,
  ops,
  newTenant,
}) => {
  test.setTimeout(120_000);
  const run = `${uniqueStamp()}`;
  const tenant = `links-${run}@example.test`;
  const offered = `links-offer-${run}@example.test`;
  const invited = `links-invite-${run}@example.test`;

  // A Keyfree in its third year: the annual fee, a claim, a payment plan whose instalment fails, an inventory request.
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email: tenant, firstName: "Lin", lastName: "Kes" }],
    ppm: 120_000,
    startDate: "2024-01-01",
    endDate: "2027-12-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string; tenants: { orderCustomerId: string }[] };
  await ops("create-annual-fee", { tenancyId: tenancy.tenancyId, years: 1 });
  const raised = (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000, evidence: 1 }],
    mediationEnabled: true,
  })) as { claimId: string; itemIds: string[] };
  /** Another tenancy of the same tenant, with charges raised on it. */
  const secondTenancy = async () => {
    const other = (await ops("create-tenancy", {
      tenants: [{ email: tenant, firstName: "Lin", lastName: "Kes" }],
      ppm: 90_000,
      startDate: "2025-01-01",
      endDate: "2026-06-30",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    })) as { tenancyId: string };
    return (await ops("raise-claim", { tenancyId: other.tenancyId, items: [{ description: "Oven clean", type: "CLEANING", amount: 10_000 }] })) as {
      claimId: string;
      claimProposalId: string;
      itemIds: string[];
    };
  };
  const plan = (await ops("offer-payment-plan", {
    orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
    amount: 60_000,
    instalments: 6,
    firstDueDate: "2027-01-01",
  })) as { paymentPlanId: string };
  await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true });
  await ops("fail-instalment", { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 });
  // A second plan charged tomorrow (the API's clock, London day): going live e-mails PAYMENT_PLAN_LIVE
  // and the reminders job the day-before PAYMENT_PLAN_INSTALMENT_REMINDER.
  const { now } = (await ops("clock", {})) as { now: string };
  const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.parse(now) + 86_400_000));
  const charged = (await ops("offer-payment-plan", {
    orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
    amount: 30_000,
    instalments: 3,
    firstDueDate: tomorrow,
  })) as { paymentPlanId: string };
  await ops("activate-payment-plan", { paymentPlanId: charged.paymentPlanId, completeEarlierSteps: true });
  await ops("send-instalment-reminders", {});
  await ops("create-inventory-request", { tenancyId: tenancy.tenancyId });
  // A plan charged today on a card (the sandbox's 4242): the instalment's receipt (issue 28).
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.parse(now)));
  const chargedToday = (await ops("offer-payment-plan", {
    orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
    amount: 20_000,
    instalments: 2,
    firstDueDate: today,
  })) as { paymentPlanId: string };
  await ops("activate-payment-plan", { paymentPlanId: chargedToday.paymentPlanId, completeEarlierSteps: true, cardNumber: "4242424242424242" });
  await ops("charge-instalments", {});

  // The claim's life (issue 28): a proposal sent and paid, the landlord's final proposal, a dispute,
  // its fee, the adjudicator, the decision, the amount paid and the claim resolved.
  const draft = (await ops("tenant-item-proposals", {
    claimId: raised.claimId,
    email: tenant,
    proposals: [{ claimItemId: raised.itemIds[0], amount: 9_000, explanation: "Only the hob" }],
  })) as { claimProposalId: string };
  const publishing = (await ops("tenant-publish-proposal", { claimId: raised.claimId, claimProposalId: draft.claimProposalId, email: tenant })) as {
    proposalPayment: { orderCustomerActionId: string };
  };
  await ops("pay-action", { orderCustomerActionId: publishing.proposalPayment.orderCustomerActionId });
  const final = (await ops("agent-final-proposal", { claimId: raised.claimId, amounts: { [raised.itemIds[0]!]: 15_000 } })) as { claimProposalId: string };
  const dispute = (await ops("tenant-dispute", { claimId: raised.claimId, claimProposalId: final.claimProposalId, email: tenant, message: "The oven was clean" })) as {
    feeActionId: string;
  };
  await ops("pay-action", { orderCustomerActionId: dispute.feeActionId });
  await ops("send-to-adjudication", { claimId: raised.claimId });
  // With the adjudicator's reasons (issue 39): the e-mail links to them too (#reasons).
  await ops("decide-adjudication", { claimId: raised.claimId, amount: 12_000, reportPdf: false, reasons: { [raised.itemIds[0]!]: "The oven needed a clean." } });
  const due = (await ops("claim-pay-actions", { claimId: raised.claimId, email: tenant })) as { payActions: { id: string; typeId: string }[] };
  const whole = due.payActions.find((a) => a.typeId === "ARBITRATION_PAY_REMAINING_BALANCE") ?? due.payActions[0]!;
  await ops("pay-action", { orderCustomerActionId: whole.id });
  // Issue 38: on a shared tenancy Fay disputes and pays the fee; Lin is told it is paid (DISPUTE_FEE_PAID).
  const fay = `links-fee-${run}@example.test`;
  const sharedClaim = (await ops("create-tenancy", {
    tenants: [
      { email: tenant, firstName: "Lin", lastName: "Kes" },
      { email: fay, firstName: "Fay", lastName: "Kes" },
    ],
    ppm: 100_000,
    startDate: "2024-06-01",
    endDate: "2026-05-31",
    isNewTenancy: true,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const feeClaim = (await ops("raise-claim", {
    tenancyId: sharedClaim.tenancyId,
    items: [{ description: "Wall repair", type: "REDECORATION", amount: 20_000 }],
    mediationEnabled: false,
  })) as { claimId: string; claimProposalId: string };
  const fayDispute = (await ops("tenant-dispute", { claimId: feeClaim.claimId, claimProposalId: feeClaim.claimProposalId, email: fay, message: "Cracked at check-in" })) as {
    feeActionId: string;
  };
  await ops("pay-action", { orderCustomerActionId: fayDispute.feeActionId });
  // Charges accepted by the tenant, on a second tenancy; a proposal the landlord accepts, on a third.
  const second = await secondTenancy();
  await ops("tenant-accept", { claimId: second.claimId, claimProposalId: second.claimProposalId, email: tenant });
  // ── issue 36: budget ──
  // A request for a plan for the charges just accepted (its receipt), then refused (the answer, with its links).
  const asked = (await ops("tenant-payment-plan-request", {
    email: tenant,
    debtType: "CLAIM_BALANCE",
    claimId: second.claimId,
    instalments: 12,
    lines: [{ line: "earnings", amountPence: 200_000, frequency: "MONTHLY" }],
  })) as { id: string };
  await ops("refuse-payment-plan-request", { requestId: asked.id, reason: "Your co-tenant has asked to pay the whole balance." });
  // ── end issue 36: budget ──
  const third = await secondTenancy();
  const thirdDraft = (await ops("tenant-item-proposals", {
    claimId: third.claimId,
    email: tenant,
    proposals: [{ claimItemId: third.itemIds[0], amount: 5_000, explanation: "Half" }],
  })) as { claimProposalId: string };
  const thirdPayment = (await ops("tenant-publish-proposal", { claimId: third.claimId, claimProposalId: thirdDraft.claimProposalId, email: tenant })) as {
    proposalPayment: { orderCustomerActionId: string };
  };
  await ops("pay-action", { orderCustomerActionId: thirdPayment.proposalPayment.orderCustomerActionId });
  await ops("agent-accept-proposal", { claimId: third.claimId });
  // ── issue 36: more time ──
  // More time asked for (the receipt) and granted (every tenant told the new date); asked for and refused.
  const slower = await secondTenancy();
  await ops("tenant-ask-more-time", { claimId: slower.claimId, email: tenant, days: 7, reason: "I am in hospital this week" });
  await ops("grant-more-time", { email: tenant, days: 7, claimId: slower.claimId });
  const refusedMoreTime = await secondTenancy();
  await ops("tenant-ask-more-time", { claimId: refusedMoreTime.claimId, email: tenant, days: 14, reason: "I need to find the check-in report" });
  await ops("refuse-more-time", { email: tenant, claimId: refusedMoreTime.claimId, reason: "Your landlord needs an answer before the new tenancy starts" });
  // ── end issue 36: more time ──
  // An offer to someone else; an invitation to set a password.
  await ops("create-offer", {
    address: { buildingNumber: "4", street: "Mill Lane", town: "Leeds", postcode: "LS1 4AP" },
    savingAmount: 115_385,
    keyfreeAmount: 34_615,
    cashDepositAmount: 150_000,
    recipients: [{ email: offered, firstName: "Kim", lastName: "Park" }],
  });
  await ops("invite-tenant", { email: invited, firstName: "Nia", lastName: "Hart" });
  // A tenant who must choose a new password is sent the reset link when they sign in.
  const resetting = await newTenant({ requiresPasswordReset: true });
  await page.goto("/auth/login");
  await signIn(page, resetting.email, DEMO_PASSWORD);
  await expect(page.getByText("Check Your Email").first()).toBeVisible();

  // A co-tenant confirms: the tenant who was waiting for them is told it is their turn.
  const EARLIER = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING"];
  const shared = (await ops("create-tenancy", {
    tenants: [
      { email: tenant, firstName: "Lin", lastName: "Kes" },
      { email: `links-co-${run}@example.test`, firstName: "Col", lastName: "Kes" },
    ],
    ppm: 100_000,
    startDate: "2027-01-01",
    endDate: "2028-06-30",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [[...EARLIER, "KEYFREE_CONFIRM"], EARLIER],
  })) as { orderId: string; tenants: { orderCustomerId: string; customerId: string }[] };
  await ops("complete-checkout-actions", { orderCustomerId: shared.tenants[1]!.orderCustomerId, types: ["KEYFREE_CONFIRM"] });
  // ── issue 38: the co-tenant presses "Remind Lin" (COTENANT_REMINDER: its link to Lin's checkout). ──
  {
    const csrf = await signInRequest(page.request, { email: `links-co-${run}@example.test` });
    const from = `/checkout/${shared.orderId}/${shared.tenants[1]!.customerId}/sign`;
    const form = { csrf, orderId: shared.orderId, customerId: shared.tenants[0]!.customerId, from };
    const res = await page.request.post("/co-tenants/remind", { form, headers: { origin: test.info().project.use.baseURL! }, maxRedirects: 0 });
    expect(res.status(), await res.text()).toBe(302);
  }
  // Issue 38: the tenant's own reference passes (REFERENCE_OUTCOME: their checkout), and their move-out link (TENANT_VACATED_LINK).
  const referencing = (await ops("create-tenancy", {
    tenants: [{ email: tenant, firstName: "Lin", lastName: "Kes" }],
    ppm: 100_000,
    startDate: "2027-02-01",
    endDate: "2028-01-31",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"]],
  })) as { tenants: { orderCustomerId: string }[] };
  await ops("set-reference-outcome", { orderCustomerId: referencing.tenants[0]!.orderCustomerId, status: "PASS" });
  await ops("tenant-vacated-link", { tenancyId: tenancy.tenancyId, email: tenant });

  // ── issue 36: support needs ──
  // The tenant adds someone to help (SUPPORT_HELPER_CONFIRM, its link opens the confirmation page),
  // who confirms, then removes them (SUPPORT_HELPER_REMOVED). Posted as the tenant's browser would.
  const helper = `links-helper-${run}@example.test`;
  {
    const origin = test.info().project.use.baseURL!;
    const csrf = await signInRequest(page.request, { email: tenant });
    const posted = async (path: string, form: Record<string, string>) => {
      const res = await page.request.post(path, { form: { csrf, ...form }, headers: { origin }, maxRedirects: 0 });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(302);
    };
    await posted("/account/support-needs/helper", { name: "Hal Help", email: helper, relationship: "RELATIVE", agree: "on" });
    const [invitation] = await outboxFor(request, helper);
    const token = /\/helper\/confirm\?token=([\w-]+)/.exec(invitation!.text)![1]!;
    await posted("/helper/confirm", { token });
    await posted("/account/support-needs", { intent: "remove-helper" });
  }
  // ── issue 36: bspace ──
  // The tenant's Breathing Space, recorded from an adviser's notice (its receipt) and cancelled (its end).
  await ops("breathing-space", { email: tenant, reference: `BS-${run}`.slice(0, 40), type: "standard", start: today });
  await ops("end-breathing-space", { email: tenant });
  // ── end issue 36: bspace ──
  // Issue 40: the tenant's data, made by the back office as if asked for (DATA_EXPORT_READY: its link opens /account/data).
  await ops("data-export", { email: tenant });
  // Issue 40: the tenant raises a complaint (COMPLAINT_ACKNOWLEDGED, its link carries the token) and
  // the back office gives its final response (COMPLAINT_RESPONSE). The 8-week e-mail is the clock spec's.
  {
    const origin = test.info().project.use.baseURL!;
    const csrf = await signInRequest(page.request, { email: tenant });
    const res = await page.request.post("/complaints", {
      form: { csrf, topic: "SERVICE", whatHappened: "Nobody answered.", putRight: "An answer." },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(res.status(), await res.text()).toBe(302);
    const reference = /\/complaints\/(C-[A-Z0-9]{8})$/.exec(res.headers()["location"] ?? "")![1]!;
    await ops("respond-to-complaint", { reference, final: true, message: "We are sorry." });
  }

  // The instalment's receipt comes with the card provider's webhook, a moment after the charge.
  await expect.poll(async () => (await outboxFor(request, tenant)).some((e) => e.template === "PAYMENT_RECEIPT"), { timeout: 15_000 }).toBe(true);
  const emails = (await Promise.all([tenant, offered, invited, resetting.email, helper].map((to) => outboxFor(request, to)))).flat();
  const produced = new Set(emails.map((e) => e.template));
  expect([...new Set([...produced, ...WITHOUT_LINKS_CHECKED_ELSEWHERE])].sort(), "every kind of e-mail is produced here").toEqual(kindsInSource());

  const landed: string[] = [];
  const pending: string[] = [];
  const problems: string[] = [];
  for (const email of emails) {
    const links = linksIn(email.text);
    for (const link of links) {
      const target = `${link.pathname}${link.search}`;
      const res = await request.get(target, { maxRedirects: 20 });
      const waiting = PENDING.find((p) => p.path.test(link.pathname));
      const where = `${email.template} → ${link.pathname} answered ${res.status()}`;
      if (res.status() >= 500) problems.push(`${where} (a server error)`);
      else if (res.status() === 404 && waiting) pending.push(`${where}, pending: ${waiting.builtBy}`);
      else if (res.status() === 404) problems.push(`${where}: not found`);
      else if (waiting) problems.push(`${where}: it lands now, so delete its PENDING entry (${waiting.path})`);
      else landed.push(where);
    }
  }
  test.info().annotations.push({ type: "landed", description: landed.join("; ") }, { type: "pending", description: pending.join("; ") });
  expect(problems).toEqual([]);
  // Links were followed: the annual fee's at least lands today (on the login page, signed out).
  expect(landed.some((l) => l.startsWith("ANNUAL_FEE_DUE"))).toBe(true);

  // Signed in as the tenant they were sent to, each notice's link lands on a page of theirs: not the
  // sign-in page, not "Page not found" (a wrong id in a link would be).
  await signInRequest(request, { email: tenant });
  const notices = emails.filter((e: Email) => e.to === tenant && e.template in NOTICES);
  const wrong: string[] = [];
  for (const email of notices) {
    for (const link of linksIn(email.text)) {
      const res = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 20 });
      const at = new URL(res.url()).pathname;
      const where = `${email.template} → ${link.pathname} answered ${res.status()} at ${at}`;
      if (res.status() >= 400 || at.startsWith("/auth/") || /Page not found/.test(await res.text())) wrong.push(where);
    }
  }
  expect(wrong).toEqual([]);
  expect(new Set(notices.map((e) => e.template)).size).toBeGreaterThanOrEqual(10);
});
