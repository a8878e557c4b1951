import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "../../server/app";
import { readApiConfig } from "../../server/config";
import { FixedClock } from "../../server/lib/clock";
import { MemoryFileStore } from "../../server/lib/files";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { raiseClaim } from "../../stand-ins/scenarios/claims";
import { seedDemoIfEmpty } from "../../stand-ins/scenarios/demo";
import { addSignedDocuments } from "../../stand-ins/scenarios/signed-documents";
import { createTenant, DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { migrateWithStandIns } from "../helpers/stand-ins";

/**
 * The dashboard card and heading over the demo dataset (part 2 §2): what each card shows, and
 * the heading's count of every outstanding action (not only the checkout's).
 */
let t: TestApi;
const deps = () => ({ db: t.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });

beforeAll(async () => {
  t = await createTestApi();
  expect(await seedDemoIfEmpty(deps(), t.api)).toBe(true);
}, 120_000);
afterAll(() => t.close());

const tokens = new Map<string, string>();
async function tokenOf(email: string) {
  const known = tokens.get(email);
  if (known) return known;
  const login = await t.json("POST", "/auth/login", { email, password: DEMO_PASSWORD });
  expect(login.status, `${email} signs in`).toBe(200);
  tokens.set(email, login.body.accessToken);
  return login.body.accessToken as string;
}

async function dashboardOf(email: string) {
  const res = await t.json("GET", "/dashboard", undefined, await tokenOf(email));
  expect(res.status).toBe(200);
  return res.body;
}

describe("GET /dashboard: the heading counts every outstanding action", () => {
  it.each([
    ["demo@keyfree.example", 0],
    ["waiting@keyfree.example", 0],
    ["expired@keyfree.example", 0],
    ["checkout@keyfree.example", 1],
    ["claim@keyfree.example", 1],
    ["final@keyfree.example", 1],
    ["dispute@keyfree.example", 1],
    ["arbitration@keyfree.example", 1],
    ["plan@keyfree.example", 1],
    ["annual@keyfree.example", 1],
  ])("%s has %i", async (email, count) => {
    const dashboard = await dashboardOf(email);
    expect(dashboard.outstandingActionCount).toBe(count);
    expect(dashboard.hasOutstandingActions).toBe(count > 0);
  });

  it("claims, arbitration payments, plans and the annual fee count though none is a Keyfree card's action", async () => {
    for (const email of ["claim@keyfree.example", "dispute@keyfree.example", "plan@keyfree.example"]) {
      const dashboard = await dashboardOf(email);
      expect(dashboard.tenancyOrders.some((o: { hasOutstandingActions: boolean }) => o.hasOutstandingActions), email).toBe(false);
      expect(dashboard.hasOutstandingActions, email).toBe(true);
    }
  });
});

describe("GET /dashboard: the claim to answer (part 2 §2, claims/{id} redirect)", () => {
  it.each([
    ["claim@keyfree.example", true, true],
    ["final@keyfree.example", true, true],
    ["dispute@keyfree.example", true, false],
    // ARBITRATED, and a claim paid through a live payment plan: their own pages come later (decision 0018).
    ["arbitration@keyfree.example", false, null],
    ["plan@keyfree.example", false, null],
    ["demo@keyfree.example", false, null],
    ["checkout@keyfree.example", false, null],
    ["expired@keyfree.example", false, null],
    ["annual@keyfree.example", false, null],
  ])("%s: sent to a claim %s (mediation %s)", async (email, sent, mediationEnabled) => {
    const dashboard = await dashboardOf(email);
    if (!sent) return expect(dashboard.claimToAnswer).toBeNull();
    expect(dashboard.claimToAnswer).toEqual({ id: expect.any(String), mediationEnabled });
    // It is the claim the tenant can open.
    const claim = await t.json("GET", `/claims/${dashboard.claimToAnswer.id}`, undefined, await tokenOf(email));
    expect(claim.status).toBe(200);
    expect(claim.body.mediationEnabled).toBe(mediationEnabled);
  });
});

describe("GET /dashboard: the card's facts", () => {
  it("demo@: the tenant's name, Active, the signed documents as download links", async () => {
    const [card] = (await dashboardOf("demo@keyfree.example")).tenancyOrders;
    expect(card.statusLine).toBe("This Keyfree is Active");
    expect(card.tenants.map((x: { displayName: string }) => x.displayName)).toEqual(["Alex Morgan"]);
    expect(card.documents.map((d: { typeId: string }) => d.typeId).sort()).toEqual(["SIGNED_ADDENDUM", "SIGNED_TENANT_TERMS_AND_CONDITIONS"]);
    for (const d of card.documents) expect(d.url).toBe(`/documents/${d.id}`);
  });

  it("waiting@: both tenants, awaiting the other, no documents before completion", async () => {
    const [card] = (await dashboardOf("waiting@keyfree.example")).tenancyOrders;
    expect(card.statusLine).toBe("Awaiting other tenants");
    expect(card.hasOutstandingActions).toBe(false);
    expect(card.tenants.map((x: { displayName: string }) => x.displayName)).toEqual(["Wren Okafor", "Sol Okafor"]);
    expect(card.documents).toEqual([]);
  });

  it("expired@: closed, with the total charges settled", async () => {
    const dashboard = await dashboardOf("expired@keyfree.example");
    expect(dashboard.defaultAccountStatus).toBe("EXPIRED");
    const [card] = dashboard.tenancyOrders;
    expect(card.statusLine).toBe("This Keyfree is closed");
    expect(card.claim.status).toBe("RESOLVED");
    expect(card.claim.totalChargesSettled).toBeGreaterThan(0);
  });
});

describe("GET /dashboard: a handful of queries, however many orders", () => {
  async function queriesFor(email: string) {
    const token = await tokenOf(email);
    const spy = vi.spyOn(t.client, "query");
    try {
      const res = await t.json("GET", "/dashboard", undefined, token);
      expect(res.status).toBe(200);
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it("two: the token with its customer, then the orders with everything a card and the heading need", async () => {
    // claim@ has a Keyfree and a claim order with a co-tenant; annual@ a Keyfree and an annual fee; demo@ one Keyfree.
    for (const email of ["demo@keyfree.example", "claim@keyfree.example", "annual@keyfree.example", "plan@keyfree.example"]) {
      expect(await queriesFor(email), email).toBe(2);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("GET /dashboard over PostgreSQL (the one query's json, as over PGlite)", () => {
  const pgInstances = usePostgresInstances(process.env.TEST_DATABASE_URL!, "kf_dashboard");

  it("a card with its tenants, signed documents and claim, and the claim counted as outstanding", async () => {
    const handle = await pgInstances.open();
    await migrateWithStandIns(handle);
    const clock = new FixedClock(new Date("2026-11-22T10:00:00Z"));
    const files = new MemoryFileStore();
    const api = createApi({ db: handle.db, config: readApiConfig({ NODE_ENV: "test" }), clock, files, payments: undefined as never });
    const me = await createTenant(handle.db, { email: "pg-dash@example.test", firstName: "Pat", lastName: "Gres" });
    const other = await createTenant(handle.db, { email: "pg-dash-2@example.test", firstName: "", lastName: "" });
    const { tenancy } = await createTenancy(handle.db, { tenantUserIds: [me.userId, other.userId], startDate: "2025-06-01", endDate: "2026-11-01" });
    await createKeyfreeOrder(handle.db, {
      tenancyId: tenancy.id,
      ppm: 120_000,
      status: "COMPLETE",
      completedAt: clock.now(),
      customers: [{ customerId: me.customerId }, { customerId: other.customerId }],
    });
    await addSignedDocuments({ db: handle.db, files }, { tenancyId: tenancy.id, userId: me.userId }, clock.now());
    await raiseClaim(handle.db, { tenancyId: tenancy.id, items: [{ description: "Cleaning", type: "CLEANING", amount: 10_000 }], mediationEnabled: true }, clock.now());
    const login = await api.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: me.email, password: DEMO_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const res = await api.request("/dashboard", { headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.status).toBe(200);
    const dashboard = (await res.json()) as any;
    expect(dashboard.outstandingActionCount).toBe(1);
    const [card] = dashboard.tenancyOrders;
    expect(card.tenants.map((x: { displayName: string }) => x.displayName)).toEqual(["Pat Gres", "pg-dash-2@example.test"]);
    expect(card.documents.map((d: { typeId: string }) => d.typeId).sort()).toEqual(["SIGNED_ADDENDUM", "SIGNED_TENANT_TERMS_AND_CONDITIONS"]);
    expect(card.claim).toMatchObject({ status: "AWAITING_RESPONDENTS", limit: expect.any(Number), totalChargesSettled: null });
  });
});
