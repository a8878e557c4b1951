import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outboxEmails } from "../../server/db/schema";
import { createApi } from "../../server/app";
import { AdjustableClock } from "../../server/lib/clock";
import { followClockOffset, loadClockOffset } from "../../server/lib/clock-store";
import { parseDuration } from "../../server/ops/commands";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const ops = (command: string, body: unknown = {}, token: string | null = OPS_TOKEN) =>
  t.json("POST", `/ops/run/${command}`, body, undefined, token ? { "x-ops-token": token } : {});

describe("ops routes (playing the other parties)", () => {
  it("answer only with the ops token", async () => {
    expect((await ops("create-tenant", {}, null)).status).toBe(404);
    expect((await ops("create-tenant", {}, "wrong-token-of-the-same-size")).status).toBe(404);
    expect((await t.json("GET", "/ops/commands")).status).toBe(404);
    const ok = await ops("create-tenant", { firstName: "Ola" });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toMatch(/@keyfree\.example$/);
  });

  it("are not mounted in production", async () => {
    const prod = await createTestApi({ opsEnabled: false });
    try {
      const res = await prod.json("POST", "/ops/run/create-tenant", {}, undefined, { "x-ops-token": OPS_TOKEN });
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it("list their commands with examples", async () => {
    const res = await t.json("GET", "/ops/commands", undefined, undefined, { "x-ops-token": OPS_TOKEN });
    expect(res.status).toBe(200);
    for (const c of res.body) expect(c.example).toContain(`npm run ops -- ${c.name}`);
  });

  it("refuse an unknown command with 404 and bad input with 400", async () => {
    expect((await ops("no-such-command")).status).toBe(404);
    const bad = await ops("expire-tokens", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("email");
    expect((await ops("expire-tokens", { email: "nobody@example.test" })).status).toBe(404);
  });

  it("say why a command's query failed: the database's reason, not only the SQL", async () => {
    expect((await ops("create-tenant", { email: "ops.twice@example.test" })).status).toBe(200);
    const again = await ops("create-tenant", { email: "ops.twice@example.test" });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^Failed query: insert into "users"/);
    expect(again.body.message).toMatch(/\(duplicate key value violates unique constraint "users_email_lower_idx"\)$/);
  });

  it("expire-tokens ends a tenant's sign-ins", async () => {
    const tenant = await t.signedInTenant();
    expect((await t.json("GET", "/me", undefined, tenant.token)).status).toBe(200);
    expect((await ops("expire-tokens", { email: tenant.email })).status).toBe(200);
    expect((await t.json("GET", "/me", undefined, tenant.token)).status).toBe(401);
  });
});

describe("expire-password-links", () => {
  it("ends a tenant's unused e-mailed links: the reset link then reads as expired", async () => {
    const tenant = await t.signedInTenant();
    expect((await t.json("POST", "/auth/reset-password-request", { email: tenant.email })).status).toBe(200);
    const [email] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, tenant.email));
    const url = new URL(/(http:\S+reset-password\?\S+)/.exec(email!.text)![1]!);
    const body = { kind: "RESET", token: url.searchParams.get("token"), email: tenant.email };
    expect((await t.json("POST", "/auth/password-link", body)).body.state).toBe("USABLE");
    const res = await ops("expire-password-links", { email: tenant.email });
    expect(res).toMatchObject({ status: 200, body: { expired: 1 } });
    expect((await t.json("POST", "/auth/password-link", body)).body.state).toBe("EXPIRED");
    expect((await ops("expire-password-links", { email: "nobody@example.test" })).status).toBe(404);
  });
});

describe("the ops clock", () => {
  it.each([
    ["3d", 3 * 86_400_000],
    ["48h", 48 * 3_600_000],
    ["30m", 1_800_000],
    ["-1d", -86_400_000],
  ])("parses the duration %s", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it("refuses a clock it cannot move (the tests' fixed clock) with 409", async () => {
    const res = await ops("clock", { advance: "1d" });
    expect(res.status).toBe(409);
  });

  it("moves an adjustable clock forward, keeps the offset in the database, and resets it", async () => {
    const clock = new AdjustableClock();
    const api = createApi({ db: t.db, config: t.config, clock, files: t.files, payments: t.payments });
    const run = async (body: unknown) =>
      (
        await api.request("/ops/run/clock", {
          method: "POST",
          headers: { "content-type": "application/json", "x-ops-token": OPS_TOKEN },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ now: string; offsetMs: number }>;
    const moved = await run({ advance: "8d" });
    expect(moved.offsetMs).toBe(8 * 86_400_000);
    expect(new Date(moved.now).getTime() - Date.now()).toBeGreaterThan(8 * 86_400_000 - 60_000);
    expect(await loadClockOffset(t.db)).toBe(8 * 86_400_000);
    const reset = await run({ reset: true });
    expect(reset.offsetMs).toBe(0);
    expect(await loadClockOffset(t.db)).toBe(0);
  });

  it("moves the clock of every instance on the database: another follows, and reads the same through its own ops (issue 25)", async () => {
    const clocks = [new AdjustableClock(), new AdjustableClock()];
    const apis = clocks.map((clock) => createApi({ db: t.db, config: t.config, clock, files: t.files, payments: t.payments }));
    const run = async (instance: number, body: unknown) =>
      (
        await apis[instance]!.request("/ops/run/clock", {
          method: "POST",
          headers: { "content-type": "application/json", "x-ops-token": OPS_TOKEN },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ now: string; offsetMs: number }>;
    try {
      expect((await run(0, { advance: "3d" })).offsetMs).toBe(3 * 86_400_000);
      // The other instance's follower takes it up (here its refresh, which a timer runs every second).
      expect(clocks[1]!.offset).toBe(0);
      const follower = followClockOffset(t.db, clocks[1]!, 60_000);
      await follower.refresh();
      follower.stop();
      expect(clocks[1]!.offset).toBe(3 * 86_400_000);
      // Moved through the second from the shared offset, not its own; the first reads the result.
      clocks[1]!.setOffset(0);
      expect((await run(1, { advance: "1d" })).offsetMs).toBe(4 * 86_400_000);
      expect((await run(0, {})).offsetMs).toBe(4 * 86_400_000);
      expect(clocks[0]!.offset).toBe(4 * 86_400_000);
    } finally {
      await run(0, { reset: true });
    }
  });
});

describe("ops commands over the scenario functions", () => {
  it("set up a tenancy, raise a claim on it, and the tenant sees the claim", async () => {
    const tenancy = await ops("create-tenancy", {
      tenants: [{ email: "ops.claim@example.test", firstName: "Opal", lastName: "Reed" }],
      ppm: 120_000,
      startDate: "2025-11-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    });
    expect(tenancy.status).toBe(200);
    const claim = await ops("raise-claim", {
      tenancyId: tenancy.body.tenancyId,
      items: [{ description: "Oven clean", type: "CLEANING", amount: 9_000 }],
      mediationEnabled: true,
      publishedDaysAgo: 2,
    });
    expect(claim.status).toBe(200);
    const login = await t.json("POST", "/auth/login", { email: "ops.claim@example.test", password: "Keyfree-demo-1" });
    const seen = await t.json("GET", `/claims/${claim.body.claimId}`, undefined, login.body.accessToken);
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((i: { description: string }) => i.description)).toEqual(["Oven clean"]);
    expect(seen.body.daysRemaining).toBe(5);
  });

  it("tenant-item-proposals makes a tenant's draft as the proposal form does; claim-pay-actions gives their pay action ids for pay-action", async () => {
    const tenancy = await ops("create-tenancy", {
      tenants: [{ email: "ops.draft@example.test", firstName: "Dora", lastName: "Reed" }],
      ppm: 120_000,
      startDate: "2025-11-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    });
    const claim = await ops("raise-claim", {
      tenancyId: tenancy.body.tenancyId,
      items: [
        { description: "Oven clean", type: "CLEANING", amount: 9_000 },
        { description: "Wall", type: "DAMAGE", amount: 6_000 },
      ],
    });
    const [oven, wall] = claim.body.itemIds as string[];
    const draft = await ops("tenant-item-proposals", {
      claimId: claim.body.claimId,
      email: "ops.draft@example.test",
      proposals: [
        { claimItemId: oven, amount: 4_000, explanation: "Only the hob" },
        { claimItemId: wall, amount: 6_000, explanation: "Agreed" },
      ],
    });
    expect(draft.status).toBe(200);
    const login = await t.json("POST", "/auth/login", { email: "ops.draft@example.test", password: "Keyfree-demo-1" });
    const seen = await t.json("GET", `/claims/${claim.body.claimId}`, undefined, login.body.accessToken);
    expect(seen.body.tenantDraftProposalId).toBe(draft.body.claimProposalId);
    expect(seen.body.allowedActions).toContain("publish");
    // Above the charges: refused with the proposal form's message, as the API refuses it.
    const above = await ops("tenant-item-proposals", {
      claimId: claim.body.claimId,
      email: "ops.draft@example.test",
      proposals: [{ claimItemId: oven, amount: 9_001, explanation: "Too much" }],
    });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe("New offer cannot exceed the charges raised (£90.00).");

    const publish = await t.json("POST", `/claims/${claim.body.claimId}/proposals/${draft.body.claimProposalId}/publish`, undefined, login.body.accessToken);
    expect(publish.status).toBe(200);
    const actions = await ops("claim-pay-actions", { claimId: claim.body.claimId, email: "ops.draft@example.test" });
    expect(actions.body.proposalPayment).toMatchObject({ amount: 10_000 });
    const paid = await ops("pay-action", { orderCustomerActionId: actions.body.proposalPayment.orderCustomerActionId });
    expect(paid.body.effect).toBe("PROPOSAL_SUBMITTED");
  });

  it("tenant-publish-proposal sends a draft as the submit page does, and tenant-accept accepts the landlord's proposal as the accept page does", async () => {
    const tenancy = await ops("create-tenancy", {
      tenants: [{ email: "ops.publish@example.test", firstName: "Pia", lastName: "Reed" }],
      ppm: 120_000,
      startDate: "2025-11-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    });
    const claim = await ops("raise-claim", { tenancyId: tenancy.body.tenancyId, items: [{ description: "Oven clean", type: "CLEANING", amount: 9_000 }] });
    const [oven] = claim.body.itemIds as string[];
    const draft = await ops("tenant-item-proposals", {
      claimId: claim.body.claimId,
      email: "ops.publish@example.test",
      proposals: [{ claimItemId: oven, amount: 4_000, explanation: "Only the hob" }],
    });
    const published = await ops("tenant-publish-proposal", { claimId: claim.body.claimId, claimProposalId: draft.body.claimProposalId, email: "ops.publish@example.test" });
    expect(published.status).toBe(200);
    expect(published.body.proposalPayment).toMatchObject({ claimProposalId: draft.body.claimProposalId, amount: 4_000 });
    const stranger = await ops("tenant-publish-proposal", { claimId: claim.body.claimId, claimProposalId: draft.body.claimProposalId, email: "nobody@example.test" });
    expect(stranger.status).toBe(400);

    const other = await ops("create-tenancy", {
      tenants: [{ email: "ops.accept@example.test", firstName: "Ace", lastName: "Reed" }],
      ppm: 120_000,
      startDate: "2025-11-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    });
    const charges = await ops("raise-claim", { tenancyId: other.body.tenancyId, items: [{ description: "Oven clean", type: "CLEANING", amount: 9_000 }] });
    const accepted = await ops("tenant-accept", { claimId: charges.body.claimId, claimProposalId: charges.body.claimProposalId, email: "ops.accept@example.test" });
    expect(accepted.status).toBe(200);
    expect(accepted.body.payableOrderId).toBe(charges.body.orderId);
    const login = await t.json("POST", "/auth/login", { email: "ops.accept@example.test", password: "Keyfree-demo-1" });
    const seen = await t.json("GET", `/claims/${charges.body.claimId}`, undefined, login.body.accessToken);
    expect(seen.body.awaitingPayment).toBe(true);
    const again = await ops("tenant-accept", { claimId: charges.body.claimId, claimProposalId: charges.body.claimProposalId, email: "ops.accept@example.test" });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it("tenant-dispute raises a formal dispute with its message and answers the fee's action, through to the adjudicator's decision", async () => {
    const tenancy = await ops("create-tenancy", {
      tenants: [{ email: "ops.dispute@example.test", firstName: "Dina", lastName: "Reed" }],
      ppm: 120_000,
      startDate: "2025-11-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    });
    const claim = await ops("raise-claim", {
      tenancyId: tenancy.body.tenancyId,
      items: [{ description: "Oven clean", type: "CLEANING", amount: 9_000 }],
      mediationEnabled: false,
    });
    const disputed = await ops("tenant-dispute", {
      claimId: claim.body.claimId,
      claimProposalId: claim.body.claimProposalId,
      email: "ops.dispute@example.test",
      message: "The oven was clean",
    });
    expect(disputed.status).toBe(200);
    const login = await t.json("POST", "/auth/login", { email: "ops.dispute@example.test", password: "Keyfree-demo-1" });
    const seen = await t.json("GET", `/claims/${claim.body.claimId}`, undefined, login.body.accessToken);
    expect(seen.body).toMatchObject({ status: "AWAITING_ARBITRATION_ADMIN_FEE", tenantDisputeMessage: "The oven was clean" });
    expect(seen.body.adjudicationFeeOrder.action.id).toBe(disputed.body.feeActionId);
    expect((await ops("pay-action", { orderCustomerActionId: disputed.body.feeActionId })).status).toBe(200);
    expect((await ops("send-to-adjudication", { claimId: claim.body.claimId })).status).toBe(200);
    const decided = await ops("decide-adjudication", { claimId: claim.body.claimId, amount: 9_000, reportPdf: false });
    expect(decided.body).toMatchObject({ amountDue: 9_000 });
    // Disputing again is refused with the API's message.
    const again = await ops("tenant-dispute", {
      claimId: claim.body.claimId,
      claimProposalId: claim.body.claimProposalId,
      email: "ops.dispute@example.test",
      message: "Again",
    });
    expect(again.status).toBe(409);
  });

  it("answer a scenario's refusal with 400 and its message, not 500", async () => {
    const res = await ops("raise-claim", { tenancyId: "no-such-tenancy", items: [{ description: "x", type: "CLEANING", amount: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/tenancy/i);
    const bad = await ops("create-tenancy", { tenants: [] });
    expect(bad.status).toBe(400);
  });

  it("sweep applies what is due and says what it did", async () => {
    const res = await ops("sweep");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ claims: expect.any(Object), paymentPlans: expect.any(Object), mail: { configured: false } });
  });
});

describe("stripe-webhooks (offline card payments)", () => {
  it("holds the sandbox's webhooks and releases them, in order", async () => {
    const held = await ops("stripe-webhooks", { hold: true });
    expect(held).toMatchObject({ status: 200, body: { holding: true } });
    const customer = await t.payments.stripe.customers.create({ email: "hold@example.test" });
    const pm = await t.payments.stripe.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
    });
    await t.payments.stripe.paymentIntents.create({ amount: 1000, currency: "gbp", customer: customer.id, payment_method: pm.id, confirm: true });
    await t.payments.sandbox!.whenWebhooksIdle();
    expect((await t.payments.sandbox!.heldWebhookEventIds()).length).toBeGreaterThan(0);
    const released = await ops("stripe-webhooks", { hold: false });
    expect(released).toMatchObject({ status: 200, body: { holding: false, held: 0 } });
    expect((await ops("stripe-webhooks", {})).status).toBe(400);
  });
});
