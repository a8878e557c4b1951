import { NOTICES } from "../server/domain/notices";
import { PRODUCED_BY_THE_CLOCK, PRODUCED_BY_THE_COMPLAINTS_CLOCK } from "./notice-kinds";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, NO_BROWSER, ON_CLOCK_SERVER, outboxFor, signInRequest, test, uniqueStamp, type Email } from "./fixtures";

/**
 * Issue 28: the notices that only time brings — the reminders the day before and on the
 * morning of each deadline, a proposal whose hold ran out, charges treated as accepted — are
 * produced here by moving the clock server's clock (no other spec uses that server), and every
 * link in them is followed signed in as the tenant it was sent to, and must land on a page of
 * theirs (not the sign-in page, not "Page not found", never a server error).
 * e2e/email-links.spec.ts does the same for every other kind of e-mail, on the main server.
 */
test.use(ON_CLOCK_SERVER);
// One test at a time: each moves this server's clock, which the other's dates depend on.
test.describe.configure({ mode: "serial" });

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
});

/**
 * Issue 40: complaints with the clock moved, in the browser with JavaScript on and with it off
 * (two contexts in one test, so that no other test moves this server's clock meanwhile): each is
 * raised from the form signed out and opened from its acknowledgement; 8 weeks and a day later
 * without a final response, the page gives the ombudsman's details and the sweeper e-mails them,
 * once; then our final response, and the sweeper's referral e-mail with the date to refer by, once.
 */
test("a complaint raised with JavaScript on and off reaches the ombudsman's details with the clock moved 8 weeks; the final response's referral follows, once", NO_BROWSER, async ({ browser, request, ops, baseURL }) => {
  test.setTimeout(120_000);
  const raised: { page: Page; email: string; reference: string; javaScriptEnabled: boolean }[] = [];
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    const page = await context.newPage();
    const email = `complaint-clock-${javaScriptEnabled ? "on" : "off"}-${uniqueStamp()}@example.test`;
    await page.goto("/complaints");
    await page.getByLabel("What is your complaint about?").selectOption("SERVICE");
    await page.getByLabel("Your name").fill("Lee Waiting");
    await page.getByLabel("Your email address").fill(email);
    await page.getByLabel("What happened?").fill("Nobody answered my messages for a month.");
    await page.getByLabel("What would put it right?").fill("An answer, and an apology.");
    await page.getByRole("button", { name: "Send complaint" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your complaint has been sent" })).toBeVisible();
    const reference = /complaints\?sent=(C-[A-Z0-9]{8})/.exec(page.url())![1]!;
    const [ack] = (await outboxFor(request, email)).filter((e) => e.template === "COMPLAINT_ACKNOWLEDGED");
    const link = new URL(/https?:\/\/\S+\/complaints\/C-[A-Z0-9]{8}\?token=[\w-]+/.exec(ack!.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("heading", { name: "Taking your complaint to the ombudsman" })).toHaveCount(0);
    raised.push({ page, email, reference, javaScriptEnabled });
  }
  const ombudsmanOn = (page: Page) => page.getByRole("region", { name: "Taking your complaint to the ombudsman" });

  // 8 weeks and a day on, no final response: the ombudsman now, on the page and by e-mail, once however many sweeps.
  await ops("clock", { advance: `${(8 * 7 + 1) * 24 * 60}m` });
  await ops("sweep", {});
  await ops("sweep", {});
  for (const { page, email, reference, javaScriptEnabled } of raised) {
    await page.reload();
    await expect(page.getByText("Status: We have not sent our final response within 8 weeks")).toBeVisible();
    await expect(ombudsmanOn(page).getByText(/so you can refer your complaint to the Financial Ombudsman Service now\. You have 6 months to do so/)).toBeVisible();
    await expectAccessible(page, { javaScriptEnabled });
    const eightWeeks = (await outboxFor(request, email)).filter((e) => e.template === "COMPLAINT_EIGHT_WEEKS");
    expect(eightWeeks, "the 8-week e-mail, once").toHaveLength(1);
    expect(eightWeeks[0]!.text).toContain(reference);
    expect(eightWeeks[0]!.text).toContain("You have 6 months to do so.");
  }

  // Our final response, late: the page says so, and the sweeper sends the referral e-mail, once, with the date to refer by.
  const [late] = raised;
  await ops("respond-to-complaint", { reference: late!.reference, final: true, message: "We are sorry we took so long. We have answered your messages." });
  await ops("sweep", {});
  await ops("sweep", {});
  await late!.page.reload();
  await expect(late!.page.getByText("Status: We have sent our final response")).toBeVisible();
  await expect(ombudsmanOn(late!.page).getByText(/If you are not happy with our final response, you can refer your complaint to the Financial Ombudsman Service\./)).toBeVisible();
  await expectAccessible(late!.page, { javaScriptEnabled: late!.javaScriptEnabled });
  const referrals = (await outboxFor(request, late!.email)).filter((e) => e.template === "COMPLAINT_REFERRAL");
  expect(referrals, "the referral e-mail, once").toHaveLength(1);
  expect(referrals[0]!.text).toMatch(/You have 6 months to do so: by \w+day \d+ \w+ \d{4}\./);
  for (const kind of PRODUCED_BY_THE_COMPLAINTS_CLOCK) {
    const all = [...(await outboxFor(request, raised[0]!.email)), ...(await outboxFor(request, raised[1]!.email))];
    expect(all.some((e) => e.template === kind), kind).toBe(true);
  }
  // Their links land on the complaint's page, signed out (the e-mails after the acknowledgement carry no token: the page asks to log in).
  const page = await request.get(new URL(/https?:\/\/\S+\/complaints\/C-[A-Z0-9]{8}/.exec(referrals[0]!.text)![0]).pathname, { maxRedirects: 20 });
  expect(page.status()).toBe(200);
  for (const { page } of raised) await page.context().close();
});
