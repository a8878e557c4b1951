import { NOTICES } from "../server/domain/notices";
import { PRODUCED_BY_THE_CLOCK, PRODUCED_BY_THE_COMPLAINTS_CLOCK } from "./notice-kinds";
import { expect, NO_BROWSER, ON_CLOCK_SERVER, outboxFor, signInRequest, test, uniqueStamp, type Email } from "./fixtures";

/**
 * Issue 28: the notices that only time brings — the reminders the day before and on the
 * morning of each deadline, a proposal whose hold ran out, charges treated as accepted — are
 * produced here by moving the clock server's clock (no other spec uses that server), and every
 * link in them is followed signed in as the tenant it was sent to, and must land on a page of
 * theirs (not the sign-in page, not "Page not found", never a server error).
 * e2e/email-links.spec.ts does the same for every other kind of e-mail, on the main server.
 */
test.use(ON_CLOCK_SERVER);

const londonDay = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(instant);
const londonHour = (instant: Date) =>
  Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "numeric", hourCycle: "h23" }).format(instant));

/** The instant of `hour`:00 London time on the London day `days` after `from`'s. */
function londonMorning(from: Date, days: number, hour: number): Date {
  const [y, m, d] = londonDay(from).split("-").map(Number) as [number, number, number];
  let guess = new Date(Date.UTC(y, m - 1, d + days, hour));
  // London is UTC or UTC+1: step back an hour if the guess reads an hour late there.
  if (londonHour(guess) !== hour) guess = new Date(guess.getTime() - 3_600_000);
  return guess;
}

test("the reminders, a hold run out and charges treated as accepted: each sent once, each link lands", NO_BROWSER, async ({ request, ops }) => {
  test.setTimeout(120_000);
  const run = uniqueStamp();
  const email = `clock-${run}@example.test`;
  const now = async () => new Date(((await ops("clock", {})) as { now: string }).now);
  const moveTo = async (target: Date) => {
    const minutes = Math.ceil((target.getTime() - (await now()).getTime()) / 60_000);
    expect(minutes, "the clock only moves forward").toBeGreaterThan(0);
    await ops("clock", { advance: `${minutes}m` });
    await ops("sweep", {});
  };
  // Every claim is on a tenancy of its own with the one tenant, so their mailbox holds every notice.
  const cleosTenancy = async () =>
    (await ops("create-tenancy", {
      tenants: [{ email, firstName: "Cleo", lastName: "Clock" }],
      ppm: 120_000,
      startDate: "2025-11-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    })) as { tenancyId: string; tenants: { orderCustomerId: string }[] };
  const sameTenant = async (mediationEnabled = true) => {
    const created = await cleosTenancy();
    const claim = (await ops("raise-claim", {
      tenancyId: created.tenancyId,
      items: [{ description: "Oven clean", type: "CLEANING", amount: 18_000 }],
      mediationEnabled,
    })) as { claimId: string; claimProposalId: string; itemIds: string[] };
    return claim;
  };
  const start = await now();

  // A: charges left unanswered (the response reminders, then treated as accepted).
  const unanswered = await sameTenant();
  // B: disputed, the £60 fee never paid (the fee's reminders, then treated as accepted).
  const disputed = await sameTenant(false);
  await ops("tenant-dispute", { claimId: disputed.claimId, claimProposalId: disputed.claimProposalId, email, message: "The oven was clean" });
  // C: accepted and not paid (the payment's reminders).
  const accepted = await sameTenant();
  await ops("tenant-accept", { claimId: accepted.claimId, claimProposalId: accepted.claimProposalId, email });
  // D: a proposal sent and paid, never answered by the landlord (its hold runs out).
  const held = await sameTenant();
  const draft = (await ops("tenant-item-proposals", {
    claimId: held.claimId,
    email,
    proposals: [{ claimItemId: held.itemIds[0], amount: 9_000, explanation: "Only the hob" }],
  })) as { claimProposalId: string };
  const published = (await ops("tenant-publish-proposal", { claimId: held.claimId, claimProposalId: draft.claimProposalId, email })) as {
    proposalPayment: { orderCustomerActionId: string };
  };
  await ops("pay-action", { orderCustomerActionId: published.proposalPayment.orderCustomerActionId });
  // E: to the adjudicator, decided later (the decision's payment reminders).
  const adjudicated = await sameTenant(false);
  const fee = (await ops("tenant-dispute", { claimId: adjudicated.claimId, claimProposalId: adjudicated.claimProposalId, email, message: "Too much" })) as {
    feeActionId: string;
  };
  await ops("pay-action", { orderCustomerActionId: fee.feeActionId });
  await ops("send-to-adjudication", { claimId: adjudicated.claimId });
  // F (issue 38): a payment plan offer left alone: reminded 12 hours before it lapses, at 36 of its 48 hours.
  const planned = await cleosTenancy();
  const offer = (await ops("offer-payment-plan", { orderCustomerId: planned.tenants[0]!.orderCustomerId, amount: 30_000, instalments: 3, firstDueDate: londonDay(londonMorning(start, 20, 9)) })) as {
    paymentPlanId: string;
  };
  await moveTo(new Date(start.getTime() + 37 * 3_600_000));
  await ops("sweep", {});

  // The day before the 7-day deadlines, 9am London: A, B and C are reminded.
  await moveTo(londonMorning(start, 6, 9));
  await ops("sweep", {});
  await ops("decide-adjudication", { claimId: adjudicated.claimId, amount: 12_000, reportPdf: false });
  // Two days later: A and B were treated as accepted at midnight, D's hold ran out, and E's 3 days end tomorrow.
  await moveTo(londonMorning(start, 8, 9));
  await ops("sweep", {});

  const emails = await outboxFor(request, email);
  const count = (kind: string, claimId: string) => emails.filter((e) => e.template === kind && e.text.includes(claimId)).length;
  expect(count("RESPONSE_REMINDER", unanswered.claimId), "the day-before reminder, once however many sweeps").toBe(1);
  expect(count("DISPUTE_FEE_REMINDER", disputed.claimId)).toBe(1);
  expect(count("PAYMENT_REMINDER", accepted.claimId)).toBe(1);
  expect(count("CHARGES_DEEMED_ACCEPTED", unanswered.claimId)).toBe(1);
  expect(count("CHARGES_DEEMED_ACCEPTED", disputed.claimId)).toBe(1);
  expect(count("PROPOSAL_HOLD_EXPIRED", held.claimId)).toBe(1);
  expect(emails.filter((e) => e.template === "ADJUDICATION_PAYMENT_REMINDER")).toHaveLength(1);
  expect(count("PAYMENT_PLAN_OFFER_ENDING", offer.paymentPlanId), "the offer's reminder, once").toBe(1);
  const produced = new Set(emails.map((e) => e.template));
  for (const kind of PRODUCED_BY_THE_CLOCK) expect(produced.has(kind), `${kind} was sent`).toBe(true);

  // Each link, signed in as the tenant, lands on a page of theirs.
  await signInRequest(request, { email });
  const problems: string[] = [];
  const landed: string[] = [];
  for (const e of emails.filter((m: Email) => (Object.keys(NOTICES) as string[]).includes(m.template))) {
    for (const match of e.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
      const link = new URL(match[0]);
      const res = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 20 });
      const body = await res.text();
      const where = `${e.template} → ${link.pathname} answered ${res.status()} at ${new URL(res.url()).pathname}`;
      if (res.status() >= 400) problems.push(where);
      else if (new URL(res.url()).pathname.startsWith("/auth/")) problems.push(`${where}: not signed in`);
      else if (/Page not found/.test(body)) problems.push(`${where}: not found`);
      else landed.push(where);
    }
  }
  test.info().annotations.push({ type: "landed", description: landed.join("; ") });
  expect(problems).toEqual([]);
  expect(landed.length).toBeGreaterThanOrEqual(PRODUCED_BY_THE_CLOCK.length);

  // Issue 40, last (the clock jumps 8 weeks): a complaint with no final response gets the 8-week
  // e-mail with the ombudsman, once however many sweeps, and its link lands on the complaint's page.
  const csrf = await signInRequest(request, { email });
  const raised = await request.post("/complaints", {
    form: { csrf, topic: "SERVICE", whatHappened: "Nobody answered.", putRight: "An answer." },
    headers: { origin: test.info().project.use.baseURL! },
    maxRedirects: 0,
  });
  expect(raised.status(), await raised.text()).toBe(302);
  const reference = /\/complaints\/(C-[A-Z0-9]{8})$/.exec(raised.headers()["location"] ?? "")![1]!;
  await moveTo(londonMorning(await now(), 8 * 7 + 1, 9));
  await ops("sweep", {});
  const eightWeeks = (await outboxFor(request, email)).filter((e) => e.template === "COMPLAINT_EIGHT_WEEKS" && e.text.includes(reference));
  expect(eightWeeks, "the 8-week e-mail, once").toHaveLength(1);
  expect(eightWeeks[0]!.text).toContain("6 months");
  for (const kind of PRODUCED_BY_THE_COMPLAINTS_CLOCK) expect(eightWeeks.some((e) => e.template === kind)).toBe(true);
  const link = new URL(/https?:\/\/\S+\/complaints\/C-[A-Z0-9]{8}/.exec(eightWeeks[0]!.text)![0]);
  const page = await request.get(link.pathname, { maxRedirects: 20 });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("Taking your complaint to the ombudsman");
});
