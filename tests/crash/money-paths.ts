/**
 * Issue 21: each money path, with the server killed for real (SIGKILL) in the middle of it and
 * started again over the same data. For each: the card is charged (or refunded) exactly once,
 * the effect is applied exactly once, and the tenant's page shows it within 60 s of the restart.
 * Also the webhook endpoint down for 2 minutes (the API's clock) while the sandbox sends.
 *
 * `crashSuite(kind)` defines the whole suite over one database kind; tests/crash/*.test.ts run
 * it on PGlite and on PostgreSQL, one file each so the two run side by side.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_ACTION_TYPES } from "../../server/domain/statuses";
import type { CrashPoint } from "../../server/lib/crash-points";
import { DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import {
  CrashWorld,
  killAllServers,
  payByCard,
  prepareTemplate,
  TenantBrowser,
  trace,
  until,
  type DbKind,
  type ServerProcess,
  type Template,
} from "./harness";

const CARD = "4242424242424242";
const BEFORE_PAY = CHECKOUT_ACTION_TYPES.filter((type) => type !== "KEYFREE_PAY");
/** Each test: two or three server starts, a crash, and up to 60 s for the money to land. */
const TEST_TIMEOUT_MS = 180_000;

let n = 0;
const email = (what: string) => `crash-${what}-${process.pid}-${(n += 1)}@example.test`;

/** The page's first h1, as text. */
function h1(html: string): string {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
  return decode(inner.replace(/<[^>]+>/g, "")).trim();
}

function decode(text: string) {
  return text
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The statuses the API answered the card provider's webhook with, in order (its request log, LOG_LEVEL=info). */
function webhookAnswers(server: ServerProcess): number[] {
  return logLines(server)
    .filter((l) => l.msg === "api request" && l.path === "/webhooks/stripe")
    .map((l) => Number(l.status));
}

/** The JSON log lines a server wrote (stdout: info and below; stderr: warnings and errors, a 5xx request line among them). */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return `${server.stdout}\n${server.stderr}`
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

// ── What the database holds (read after the server has stopped) ──

async function sandboxCharges(world: CrashWorld, paymentIntentIds: string[]) {
  return world.query<{ id: string; status: string; amount: number }>(
    `select id, data->'object'->>'status' as status, (data->'object'->>'amount')::int as amount
       from stripe_sandbox_objects where type = 'charge' and data->'object'->>'payment_intent' = any($1::text[])`,
    [paymentIntentIds],
  );
}

async function sandboxRefunds(world: CrashWorld, paymentIntentId: string) {
  return world.query<{ id: string; status: string; amount: number }>(
    `select id, data->'object'->>'status' as status, (data->'object'->>'amount')::int as amount
       from stripe_sandbox_objects where type = 'refund' and data->'object'->>'payment_intent' = $1`,
    [paymentIntentId],
  );
}

/** The sandbox's payment_intent.succeeded events for an intent, and whether the API recorded each as received. */
async function succeededEvents(world: CrashWorld, paymentIntentId: string) {
  return world.query<{ id: string; received: boolean }>(
    `select o.id, exists (select 1 from stripe_events e where e.id = o.id) as received
       from stripe_sandbox_objects o
      where o.type = 'event' and o.data->'object'->>'type' = 'payment_intent.succeeded'
        and o.data->'object'->'data'->'object'->>'id' = $1`,
    [paymentIntentId],
  );
}

async function emailsTo(world: CrashWorld, to: string, template: string) {
  return world.query<{ id: string; subject: string }>(`select id, subject from outbox_emails where "to" = $1 and template = $2`, [
    to,
    template,
  ]);
}

/**
 * On a failure, what the money looks like (the server stopped first, so PGlite can be read):
 * the sandbox's intents, charges, refunds and events for the tenant, which events the API
 * received, and the rows the effect should have changed. This is the "how it fails" evidence.
 */
async function reportState(world: CrashWorld, { email: tenantEmail = "", ...extra }: Watch): Promise<string> {
  await world.server?.stop();
  const lines: string[] = [`— state after the failure (${world.kind}) —`];
  const show = (title: string, rows: unknown[]) => lines.push(`${title}: ${JSON.stringify(rows)}`);
  const [customer] = await world.query<{ id: string; stripe_customer_id: string | null }>(
    `select c.id, c.stripe_customer_id from customers c join users u on u.id = c.user_id where u.email = $1`,
    [tenantEmail],
  );
  const stripeCustomer = customer?.stripe_customer_id ?? "-";
  const intents = await world.query<{ id: string; status: string; amount: number; metadata: unknown }>(
    `select id, data->'object'->>'status' as status, (data->'object'->>'amount')::int as amount, data->'object'->'metadata' as metadata
       from stripe_sandbox_objects where type = 'payment_intent' and data->'object'->>'customer' = $1 order by created_at`,
    [stripeCustomer],
  );
  show("payment intents", intents);
  const ids = intents.map((i) => i.id);
  show(
    "charges",
    await world.query(
      `select id, data->'object'->>'payment_intent' as intent, data->'object'->>'status' as status from stripe_sandbox_objects
        where type = 'charge' and data->'object'->>'payment_intent' = any($1::text[])`,
      [ids],
    ),
  );
  show(
    "refunds",
    await world.query(
      `select id, data->'object'->>'payment_intent' as intent, (data->'object'->>'amount')::int as amount from stripe_sandbox_objects
        where type = 'refund' and data->'object'->>'payment_intent' = any($1::text[])`,
      [ids],
    ),
  );
  show(
    "sandbox events (received = in stripe_events)",
    await world.query(
      `select o.id, o.data->'object'->>'type' as type, exists (select 1 from stripe_events e where e.id = o.id) as received
         from stripe_sandbox_objects o where o.type = 'event'
          and (o.data->'object'->'data'->'object'->>'id' = any($1::text[]) or o.data->'object'->'data'->'object'->>'payment_intent' = any($1::text[]))
        order by o.created_at`,
      [ids],
    ),
  );
  if (extra.actionId) {
    show(
      "pay action",
      await world.query(`select completed_at, details from order_customer_actions where id = $1`, [extra.actionId]),
    );
  }
  if (extra.instalmentId) {
    show(
      "instalment",
      await world.query(
        `select status, paid_at, charge_started_at, charge_payment_intent_id, stripe_payment_intent_id from payment_plan_instalments where id = $1`,
        [extra.instalmentId],
      ),
    );
  }
  if (customer) {
    show(
      "owed refunds",
      await world.query(
        `select amount, reason, attempts, claimed_until, paid_at, stripe_refund_id, last_error from owed_refunds where customer_id = $1`,
        [customer.id],
      ),
    );
  }
  show(
    "e-mails",
    await world.query(`select template, subject from outbox_emails where "to" = $1 order by created_at`, [tenantEmail]),
  );
  // The server's own warnings and errors (JSON lines on stderr), the last few.
  const logged = (world.server?.stderr ?? "").split("\n").filter((l) => l.startsWith("{"));
  if (logged.length > 0) lines.push(`the server's last warnings:\n${logged.slice(-6).join("\n")}`);
  return lines.join("\n");
}

// ── The tenant's situations, set up through ops as the e2e tests do ──

type PayStep = {
  email: string;
  orderId: string;
  customerId: string;
  actionId: string;
};

/** A tenant of their own new tenancy, every checkout step done but Pay (the Keyfree fee, £300 at £1,300 a month). */
async function tenantAtPayStep(world: CrashWorld): Promise<PayStep> {
  const address = email("fee");
  const created = await world.ops<{
    orderId: string;
    tenants: { customerId: string; actionIds: Record<string, string> }[];
  }>("create-tenancy", {
    tenants: [{ email: address, firstName: "Cass", lastName: "Crash" }],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [BEFORE_PAY],
  });
  const tenant = created.tenants[0]!;
  return {
    email: address,
    orderId: created.orderId,
    customerId: tenant.customerId,
    actionId: tenant.actionIds.KEYFREE_PAY!,
  };
}

/** The checkout's pay page, then the card form's calls (Stripe.js's included) paying the fee. */
async function payKeyfreeFee(world: CrashWorld, tenant: PayStep) {
  const browser = new TenantBrowser(world, tenant.email, DEMO_PASSWORD);
  await browser.signIn();
  const payPage = await browser.page(`/checkout/${tenant.orderId}/${tenant.customerId}/pay`);
  expect(payPage.path).toBe(`/checkout/${tenant.orderId}/${tenant.customerId}/pay`);
  expect(h1(payPage.html)).toBe("Payment");
  const payment = await payByCard(browser, {
    ...tenant,
    paymentType: "KEYFREE",
    cardNumber: CARD,
    name: "Cass Crash",
  });
  return { browser, payment };
}

/** The checkout's finish page (the one the pay page's wait ends on), as the tenant reloads it. */
async function finishHeading(browser: TenantBrowser, tenant: PayStep) {
  return h1((await browser.page(`/checkout/${tenant.orderId}/${tenant.customerId}/finish?waitingPayment=true`)).html);
}

const ALL_SET = "You're all set!";

async function expectFeePaidWithin60s(browser: TenantBrowser, tenant: PayStep) {
  await until('the finish page says "You\'re all set!"', async () =>
    (await finishHeading(browser, tenant)) === ALL_SET ? true : undefined,
  );
  // Nothing left to pay: the pay page sends the tenant home.
  expect((await browser.page(`/checkout/${tenant.orderId}/${tenant.customerId}/pay`)).path).toBe("/");
}

/** One charge, one applied event, the action completed by that payment, nothing refunded. */
async function expectFeeChargedAndAppliedOnce(world: CrashWorld, tenant: PayStep, paymentIntentId: string, amount: number) {
  const charges = await sandboxCharges(world, [paymentIntentId]);
  expect(charges, "the card is charged once").toEqual([expect.objectContaining({ status: "succeeded", amount })]);
  expect(await sandboxRefunds(world, paymentIntentId), "nothing is refunded").toEqual([]);
  const events = await succeededEvents(world, paymentIntentId);
  expect(events, "one payment_intent.succeeded, received by the API").toEqual([expect.objectContaining({ received: true })]);
  const [action] = await world.query<{
    completed_at: Date | null;
    details: Record<string, unknown>;
  }>("select completed_at, details from order_customer_actions where id = $1", [tenant.actionId]);
  expect(action!.completed_at, "the pay action is complete").not.toBeNull();
  expect(action!.details).toMatchObject({
    paidByPaymentIntentId: paymentIntentId,
    amountPaid: amount,
    amountRemaining: 0,
  });
  const [order] = await world.query<{ status_id: string }>("select status_id from orders where id = $1", [tenant.orderId]);
  expect(order!.status_id).toBe("COMPLETE");
  expect(await emailsTo(world, tenant.email, "PAYMENT_REFUNDED"), "no refund e-mail").toEqual([]);
}

/** A tenant with a live payment plan of six £100 instalments, the first due today (the API's London day), on a saved card. */
async function livePlanDueToday(world: CrashWorld) {
  const address = email("plan");
  const tenancy = await world.ops<{ tenants: { orderCustomerId: string }[] }>("create-tenancy", {
    tenants: [{ email: address, firstName: "Ines", lastName: "Instalment" }],
    ppm: 120_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  });
  const { now } = await world.ops<{ now: string }>("clock", {});
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
  }).format(new Date(now));
  const plan = await world.ops<{
    paymentPlanId: string;
    instalmentIds: string[];
  }>("offer-payment-plan", {
    orderCustomerId: tenancy.tenants[0]!.orderCustomerId,
    amount: 60_000,
    instalments: 6,
    firstDueDate: today,
  });
  await world.ops("activate-payment-plan", {
    paymentPlanId: plan.paymentPlanId,
    completeEarlierSteps: true,
    cardNumber: CARD,
  });
  return {
    email: address,
    paymentPlanId: plan.paymentPlanId,
    instalmentId: plan.instalmentIds[0]!,
  };
}

/** The status the live plan's schedule shows for instalment `number` (the active page's table). */
async function instalmentStatusShown(browser: TenantBrowser, paymentPlanId: string, number: number) {
  const page = await browser.page(`/payment-plan/${paymentPlanId}/active`);
  const row = new RegExp(
    `<tr[^>]*><th scope="row">${number}</th>(?:<td[^>]*>[\\s\\S]*?</td>){2}<td[^>]*>([\\s\\S]*?)</td></tr>`,
  ).exec(page.html);
  return row ? decode(row[1]!.replace(/<[^>]+>/g, "")).trim() : `(no schedule on ${page.path}: "${h1(page.html)}")`;
}

/**
 * A one-tenant claim (£100 and £200 of charges) whose tenant has proposed £40 and £80, submitted
 * the proposal and paid its £120 upfront by card (the webhook has applied it): the money the
 * agent's final proposal will make owed back.
 */
async function paidProposal(world: CrashWorld) {
  const address = email("refund");
  const tenancy = await world.ops<{
    tenancyId: string;
    tenants: { customerId: string }[];
  }>("create-tenancy", {
    tenants: [{ email: address, firstName: "Rhian", lastName: "Refund" }],
    ppm: 130_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  });
  const claim = await world.ops<{ claimId: string; itemIds: string[] }>("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [
      {
        description: "Cleaning",
        type: "CLEANING",
        amount: 10_000,
        evidence: 0,
      },
      {
        description: "Paint",
        type: "REDECORATION",
        amount: 20_000,
        evidence: 0,
      },
    ],
    mediationEnabled: true,
    organization: { name: "Harbour Lettings" },
  });
  await world.ops("tenant-item-proposals", {
    claimId: claim.claimId,
    email: address,
    proposals: [
      {
        claimItemId: claim.itemIds[0],
        amount: 4_000,
        explanation: "Fair wear and tear",
      },
      {
        claimItemId: claim.itemIds[1],
        amount: 8_000,
        explanation: "Fair wear and tear",
      },
    ],
  });
  const browser = new TenantBrowser(world, address, DEMO_PASSWORD);
  await browser.signIn();
  // Continue, then 'Submit proposal': published, and on to its upfront payment.
  await browser.page(`/claims/${claim.claimId}/submit`);
  const submitted = await browser.post(`/claims/${claim.claimId}/submit`, {});
  await submitted.arrayBuffer();
  expect(submitted.headers.get("location")).toBe(`/claims/${claim.claimId}/proposal-payment`);
  const due = await world.ops<{
    proposalPayment: { orderId: string; amount: number } | null;
  }>("claim-pay-actions", {
    claimId: claim.claimId,
    email: address,
  });
  expect(due.proposalPayment?.amount).toBe(12_000);
  const payment = await payByCard(browser, {
    orderId: due.proposalPayment!.orderId,
    customerId: tenancy.tenants[0]!.customerId,
    paymentType: "CLAIM_PROPOSAL",
    cardNumber: CARD,
    name: "Rhian Refund",
  });
  expect(payment.confirmed?.status).toBe("succeeded");
  // The webhook submits the proposal: nothing left to pay for it.
  await until(
    "the proposal payment is applied",
    async () => {
      const now = await world.ops<{ proposalPayment: unknown }>("claim-pay-actions", { claimId: claim.claimId, email: address });
      return now.proposalPayment === null ? true : undefined;
    },
    { timeoutMs: 20_000, everyMs: 200 },
  );
  return {
    email: address,
    claim,
    browser,
    paymentIntentId: payment.paymentIntentId,
    amount: payment.amount,
  };
}

/**
 * The sandbox kept the payment's webhook through the outage: refused at first, then accepted by a
 * later attempt (its queue, not given up), whatever reconciliation applied in the meantime.
 */
async function expectWebhookDeliveredAfterRetries(w: CrashWorld, paymentIntentId: string) {
  const rows = await w.query<{ attempts: number; delivered_at: Date | null; given_up_at: Date | null }>(
    `select d.attempts, d.delivered_at, d.given_up_at from stripe_sandbox_webhook_deliveries d
       join stripe_sandbox_objects o on o.id = d.event_id
      where d.type = 'payment_intent.succeeded' and o.data->'object'->'data'->'object'->>'id' = $1`,
    [paymentIntentId],
  );
  expect(rows, "one succeeded event for the payment").toHaveLength(1);
  expect(rows[0]!.attempts, "refused during the outage, then sent again").toBeGreaterThanOrEqual(2);
  expect(rows[0]!.delivered_at, "delivered once the API was back").not.toBeNull();
  expect(rows[0]!.given_up_at).toBeNull();
}

/** What a failing test reports the state of (reportState). */
type Watch = { email?: string; actionId?: string; instalmentId?: string };

const feeCrashes: { point: CrashPoint; when: string }[] = [
  { point: "payment.before-webhook", when: "after the card payment is confirmed and before its webhook is sent" },
  { point: "webhook.after-event-row", when: "in the webhook handler, after the event is recorded and before it is applied" },
];
const refundCrashes: { point: CrashPoint; when: string }[] = [
  { point: "refund.after-owed", when: "after the refund is recorded as owed and before the provider is asked" },
  { point: "refund.after-provider", when: "after the provider refunded and before the refund is marked paid" },
];

/** Every crash point crashSuite arms (a new point in server/lib/crash-points.ts needs a test here). */
export function armedCrashPoints(): CrashPoint[] {
  return [...feeCrashes.map((c) => c.point), "instalment.after-charge", ...refundCrashes.map((c) => c.point)];
}

export function crashSuite(kind: DbKind) {
  describe(`money lands once after a real crash (${kind === "pglite" ? "embedded PGlite" : "PostgreSQL"})`, () => {
    let template: Template;
    const worlds: CrashWorld[] = [];

    beforeAll(async () => {
      template = await prepareTemplate(kind);
    });
    afterEach(async () => {
      await killAllServers();
      await Promise.all(worlds.splice(0).map((w) => w.dispose()));
    });
    afterAll(async () => {
      await killAllServers();
      await template?.dispose();
    });

    /** A test in a world of its own; when it fails, the money's state is added to its error (reportState). */
    function crashTest(name: string, body: (w: CrashWorld, watch: Watch) => Promise<void>) {
      it(
        name,
        async () => {
          const w = await CrashWorld.create(template);
          worlds.push(w);
          const watch: Watch = {};
          try {
            await body(w, watch);
          } catch (error) {
            if (watch.email && error instanceof Error) {
              error.message += `\n${await reportState(w, watch).catch((e: Error) => `(could not read the state: ${e.message})`)}`;
            }
            throw error;
          }
        },
        TEST_TIMEOUT_MS,
      );
    }

    for (const { point, when } of feeCrashes) {
      crashTest(
        `the Keyfree fee, killed ${when} (${point}): the card is charged once, the pay step completed once, and the finish page says so within 60 s of the restart`,
        async (w, watch) => {
          const server = await w.start({ KEYFREE_CRASH_AT: point });
          const tenant = await tenantAtPayStep(w);
          Object.assign(watch, { email: tenant.email, actionId: tenant.actionId });
          const { browser, payment } = await payKeyfreeFee(w, tenant);
          expect(payment.amount).toBe(30_000);
          await server.waitForCrash(point);

          // At info, so its request lines show the webhook's answers.
          await w.restart({ LOG_LEVEL: "info" });
          await expectFeePaidWithin60s(browser, tenant);
          // The page may show it paid first (its own check with the card provider, decision 0031); the
          // sandbox's retry of the webhook still comes once the dead process's lease runs out, and is
          // accepted without applying the payment again. (A fast machine used to stop the server first.)
          await until("the restarted sandbox's retry of the webhook is accepted", () =>
            webhookAnswers(w.running).some((status) => status >= 200 && status < 300) ? true : undefined,
          );
          // Whatever runs again later (the sweep, any reconciliation) changes nothing.
          await w.ops("sweep");
          await w.running.stop();
          await expectFeeChargedAndAppliedOnce(w, tenant, payment.paymentIntentId, 30_000);
          // Its receipt (issue 28) was written with the payment, so there is exactly one, for this payment.
          const receipts = await w.query<{ subject: string; text: string }>(
            `select subject, text from outbox_emails where "to" = $1 and template = 'PAYMENT_RECEIPT'`,
            [tenant.email],
          );
          expect(receipts, "one receipt e-mail").toEqual([expect.objectContaining({ subject: "Your receipt for £300.00: Keyfree fee" })]);
          expect(receipts[0]!.text).toContain(`/keyfrees/${tenant.orderId}/receipts/${tenant.actionId}`);
          expect(receipts[0]!.text).toContain("Paid with: the card ending 4242");
        },
      );
    }

    crashTest(
      "a payment plan instalment charged off-session, killed before the charge is recorded (instalment.after-charge): charged once, PAID, and the plan page says Paid within 60 s of the restart",
      async (w, watch) => {
        const server = await w.start({ KEYFREE_CRASH_AT: "instalment.after-charge" });
        const plan = await livePlanDueToday(w);
        Object.assign(watch, { email: plan.email, instalmentId: plan.instalmentId });
        const browser = new TenantBrowser(w, plan.email, DEMO_PASSWORD);
        await browser.signIn();
        expect(await instalmentStatusShown(browser, plan.paymentPlanId, 1)).toBe("Scheduled");
        // The month's charge (the sweep's job, here by ops): the provider charges, then the process dies.
        await w.opsDuringCrash("charge-instalments");
        await server.waitForCrash("instalment.after-charge");

        await w.restart();
        // The job runs again (as the sweep does): it must not charge the card a second time.
        await w.ops("charge-instalments");
        let shown = "";
        await until(
          () => `the plan page shows instalment 1 Paid (it shows "${shown}")`,
          async () => ((shown = await instalmentStatusShown(browser, plan.paymentPlanId, 1)) === "Paid" ? true : undefined),
        );
        await w.ops("sweep");
        await w.running.stop();

        const [instalment] = await w.query<{ status: string; amount: number }>(
          "select status, amount from payment_plan_instalments where id = $1",
          [plan.instalmentId],
        );
        expect(instalment).toMatchObject({ status: "PAID", amount: 10_000 });
        const intents = await w.query<{ id: string }>(
          `select id from stripe_sandbox_objects where type = 'payment_intent' and data->'object'->'metadata'->>'paymentPlanInstalmentId' = $1`,
          [plan.instalmentId],
        );
        const charges = await sandboxCharges(
          w,
          intents.map((i) => i.id),
        );
        expect(charges, "instalment 1 is charged once").toEqual([
          expect.objectContaining({ status: "succeeded", amount: 10_000 }),
        ]);
        for (const intent of intents) expect(await sandboxRefunds(w, intent.id), "nothing is refunded").toEqual([]);
        expect(await emailsTo(w, plan.email, "PAYMENT_PLAN_INSTALMENT_FAILED"), "no failure e-mail").toEqual([]);
      },
    );

    for (const { point, when } of refundCrashes) {
      crashTest(
        `a refused proposal's payment refunded, killed ${when} (${point}): refunded once, the owed refund marked paid and the tenant e-mailed once, within 60 s of the restart`,
        async (w, watch) => {
          const server = await w.start({ KEYFREE_CRASH_AT: point });
          const paid = await paidProposal(w);
          watch.email = paid.email;
          // The agent refuses with a final proposal: the £120 is owed back and paid at once, where the process dies.
          await w.opsDuringCrash("agent-final-proposal", {
            claimId: paid.claim.claimId,
            amounts: { [paid.claim.itemIds[0]!]: 9_000, [paid.claim.itemIds[1]!]: 15_000 },
          });
          await server.waitForCrash(point);

          await w.restart();
          // The killed run held the row's lease (5 minutes, so that two instances never pay it at
          // once): it runs out on the API's clock, then the owed-refunds job (the sweep's) pays it.
          await w.advanceClock("6m");
          await w.ops("pay-owed-refunds");
          await until("the tenant is e-mailed the refund", async () =>
            (await w.outbox(paid.email)).some((e) => e.template === "PAYMENT_REFUNDED") ? true : undefined,
          );
          // The job and the sweep run again: no second refund, no second e-mail.
          await w.ops("pay-owed-refunds");
          await w.ops("sweep");
          await w.running.stop();

          const refunds = await sandboxRefunds(w, paid.paymentIntentId);
          expect(refunds, "the card is refunded once, in full").toEqual([
            expect.objectContaining({ status: "succeeded", amount: paid.amount }),
          ]);
          const owed = await w.query<{ paid_at: Date | null; stripe_refund_id: string | null; amount: number; reason: string }>(
            "select paid_at, stripe_refund_id, amount, reason from owed_refunds where stripe_payment_intent_id = $1",
            [paid.paymentIntentId],
          );
          expect(owed).toEqual([
            expect.objectContaining({ amount: paid.amount, reason: "PROPOSAL_REFUSED", stripe_refund_id: refunds[0]!.id }),
          ]);
          expect(owed[0]!.paid_at, "the owed refund is marked paid").not.toBeNull();
          expect(await emailsTo(w, paid.email, "PAYMENT_REFUNDED"), "one refund e-mail").toHaveLength(1);
          expect(await sandboxCharges(w, [paid.paymentIntentId]), "the proposal was charged once").toHaveLength(1);
        },
      );
    }

    /** The webhook endpoint down (KEYFREE_WEBHOOK_OUTAGE_MS) and the payment made: returns once the API has refused the webhook. */
    async function payDuringOutage(w: CrashWorld, watch: Watch) {
      // LOG_LEVEL=info: the API's request log shows each delivery and its answer.
      const server = await w.start({ KEYFREE_WEBHOOK_OUTAGE_MS: "120000", LOG_LEVEL: "info", SWEEP_INTERVAL_SECONDS: "2" });
      const tenant = await tenantAtPayStep(w);
      Object.assign(watch, { email: tenant.email, actionId: tenant.actionId });
      const { browser, payment } = await payKeyfreeFee(w, tenant);
      expect(payment.confirmed?.status).toBe("succeeded");
      // The sandbox has sent the payment's webhook and the API refused it (503) more often than the
      // old in-memory sandbox ever tried (once and three retries, then it gave up): the outage has
      // outlasted it. On the compressed schedule that takes about 2 s, not 31.
      await until(
        "the webhook is refused with 503 five times",
        () => (webhookAnswers(server).filter((status) => status === 503).length >= 5 ? true : undefined),
        { timeoutMs: 60_000, everyMs: 100 },
      );
      return { server, tenant, browser, payment };
    }

    crashTest(
      "the webhook endpoint down for 2 minutes (KEYFREE_WEBHOOK_OUTAGE_MS) while the sandbox sends: the payment is applied once, within 60 s, and the sandbox's retry is accepted once the API is back",
      async (w, watch) => {
        const { tenant, browser, payment } = await payDuringOutage(w, watch);
        // Two minutes pass on the API's clock (never in real time): the endpoint answers again.
        await w.advanceClock("3m");
        await expectFeePaidWithin60s(browser, tenant);
        // The sandbox's next retry (its schedule compressed here) is accepted: nothing was given up.
        await until("the sandbox's retry of the webhook is accepted", () =>
          webhookAnswers(w.running).some((status) => status >= 200 && status < 300) ? true : undefined,
        );
        await w.ops("sweep");
        await w.running.stop();
        await expectFeeChargedAndAppliedOnce(w, tenant, payment.paymentIntentId, 30_000);
        await expectWebhookDeliveredAfterRetries(w, payment.paymentIntentId);
      },
    );

    crashTest(
      "the webhook endpoint down, and the server restarted before it is back (a deploy during the outage): the payment is applied once, within 60 s of the restart",
      async (w, watch) => {
        const { server, tenant, browser, payment } = await payDuringOutage(w, watch);
        trace(`webhook answers before the restart: ${webhookAnswers(server).join(", ")}`);
        await server.stop();
        // Back without the outage: what the sandbox had still to deliver (or a reconciliation) must arrive.
        await w.restart({ LOG_LEVEL: "info" });
        await expectFeePaidWithin60s(browser, tenant);
        await until("the restarted sandbox's retry of the webhook is accepted", () =>
          webhookAnswers(w.running).some((status) => status >= 200 && status < 300) ? true : undefined,
        );
        await w.ops("sweep");
        await w.running.stop();
        await expectFeeChargedAndAppliedOnce(w, tenant, payment.paymentIntentId, 30_000);
        await expectWebhookDeliveredAfterRetries(w, payment.paymentIntentId);
      },
    );
  });
}
