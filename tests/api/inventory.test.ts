import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, tenancyInventoryResponses } from "../../server/db/schema";
import { hashToken } from "../../server/lib/tokens";
import { createTenancy } from "../../stand-ins/scenarios/builders";
import { createInventoryRequest } from "../../server/inventory/service";
import { createTenant } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let n = 0;
/** A tenancy of two tenants, Ash and Bo, asked to confirm their inventory. */
async function request(tokens?: Record<string, string>) {
  n += 1;
  const ash = await createTenant(t.db, { email: `ash${n}@example.test`, firstName: "Ash", lastName: "One" });
  const bo = await createTenant(t.db, { email: `bo${n}@example.test`, firstName: "Bo", lastName: "Two" });
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ash.userId, bo.userId] });
  const created = await createInventoryRequest(t.db, { tenancyId: tenancy.id, tokens }, t.clock.now());
  const tokenOf = (userId: string) => created.responses.find((r) => r.userId === userId)!.token;
  return { ...created, tenancyId: tenancy.id, ash: { ...ash, token: tokenOf(ash.userId) }, bo: { ...bo, token: tokenOf(bo.userId) } };
}

const respond = (token: string, response: string) => t.json("POST", "/tenancy-inventory-responses", { token, response });

async function stored(token: string) {
  const [row] = await t.db.select().from(tenancyInventoryResponses).where(eq(tenancyInventoryResponses.tokenHash, hashToken(token)));
  return row!;
}

describe("respondToTenancyInventory", () => {
  it("records CONFIRMED and shows the thank-you outcome", async () => {
    const r = await request();
    expect(await respond(r.ash.token, "CONFIRMED")).toMatchObject({ status: 200, body: { outcome: "CONFIRMED" } });
    expect(await stored(r.ash.token)).toMatchObject({ response: "CONFIRMED", respondedAt: t.clock.now() });
  });

  it("records UNCONFIRMED; a co-tenant's UNCONFIRMED does not stop another's answer", async () => {
    const r = await request();
    expect((await respond(r.ash.token, "UNCONFIRMED")).body).toEqual({ outcome: "UNCONFIRMED" });
    expect((await respond(r.bo.token, "CONFIRMED")).body).toEqual({ outcome: "CONFIRMED" });
    expect((await stored(r.ash.token)).response).toBe("UNCONFIRMED");
    expect((await stored(r.bo.token)).response).toBe("CONFIRMED");
  });

  it("answers ALREADY_RESPONDED to a second answer from the same tenant and keeps the first", async () => {
    const r = await request();
    await respond(r.ash.token, "UNCONFIRMED");
    expect((await respond(r.ash.token, "CONFIRMED")).body).toEqual({ outcome: "ALREADY_RESPONDED" });
    expect((await stored(r.ash.token)).response).toBe("UNCONFIRMED");
  });

  it("answers one of a double submit and ALREADY_RESPONDED to the other", async () => {
    const r = await request();
    const both = await Promise.all([respond(r.ash.token, "CONFIRMED"), respond(r.ash.token, "CONFIRMED")]);
    expect(both.map((b) => b.body.outcome).sort()).toEqual(["ALREADY_RESPONDED", "CONFIRMED"]);
  });

  it("answers PREVIOUSLY_CONFIRMED once a co-tenant has confirmed, recording nothing for this tenant", async () => {
    const r = await request();
    await respond(r.bo.token, "CONFIRMED");
    expect((await respond(r.ash.token, "UNCONFIRMED")).body).toEqual({ outcome: "PREVIOUSLY_CONFIRMED" });
    expect((await stored(r.ash.token)).response).toBeNull();
  });

  it("answers ERROR for a response that is neither CONFIRMED nor UNCONFIRMED, changing nothing", async () => {
    const r = await request();
    for (const value of ["MAYBE", "confirmed", ""]) {
      expect(await respond(r.ash.token, value)).toMatchObject({ status: 200, body: { outcome: "ERROR" } });
    }
    expect((await stored(r.ash.token)).response).toBeNull();
  });

  it("answers 404 for an unknown token and 400 for a malformed body", async () => {
    expect(await respond("no-such-token", "CONFIRMED")).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect((await t.json("POST", "/tenancy-inventory-responses", { response: "CONFIRMED" })).status).toBe(400);
    expect((await t.json("POST", "/tenancy-inventory-responses", { token: "", response: "CONFIRMED" })).status).toBe(400);
    expect((await t.json("POST", "/tenancy-inventory-responses", { token: "abc", response: 1 })).status).toBe(400);
  });
});

describe("createInventoryRequest", () => {
  it("gives each tenant a token (fixed ones as given) and e-mails both links", async () => {
    const r = await request({ [`ash${n + 1}@example.test`.toUpperCase()]: "inventory-demo-token-1" });
    expect(r.ash.token).toBe("inventory-demo-token-1");
    expect(r.bo.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const tenant of [r.ash, r.bo]) {
      const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, tenant.email));
      expect(mail!.template).toBe("TENANCY_INVENTORY_REQUEST");
      expect(mail!.text).toContain(`http://localhost:3000/tenancy-inventory-response?token=${tenant.token}&response=CONFIRMED`);
      expect(mail!.text).toContain(`http://localhost:3000/tenancy-inventory-response?token=${tenant.token}&response=UNCONFIRMED`);
      expect((await stored(tenant.token)).userId).toBe(tenant.userId);
    }
  });

  it("refuses an unknown tenancy, a tenancy without tenants and a token for someone else", async () => {
    const now = t.clock.now();
    await expect(createInventoryRequest(t.db, { tenancyId: "nope" }, now)).rejects.toThrow("No tenancy");
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [] });
    await expect(createInventoryRequest(t.db, { tenancyId: tenancy.id }, now)).rejects.toThrow("no tenants");
    const r = await request();
    await expect(
      createInventoryRequest(t.db, { tenancyId: r.tenancyId, tokens: { "stranger@example.test": "inventory-demo-token-2" } }, now),
    ).rejects.toThrow("not a tenant");
  });
});
