/**
 * Issue 38: what we tell the agent or landlord, through the outbox, as the pages promise. The
 * inventory's "not received" answer ("We will contact your agent/landlord to request they send your
 * tenancy inventory"), once per request however many tenants answer so; and the tenant's move-out
 * link (/tenant-vacated: "We will let your agent or landlord know that you have moved out"),
 * recorded once, an unknown or expired link recording nothing. Without an address for the agent,
 * the e-mail goes to the support team to pass on (decision 0058).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, tenancyInventoryRequests, tenantVacatedLinks } from "../../server/db/schema";
import { createInventoryRequest } from "../../server/inventory/service";
import { issueTenantVacatedLink, VACATED_LINK_DAYS } from "../../server/inventory/vacated";
import { createOrganization, createTenancy, DEFAULT_AGENT_EMAIL } from "../../stand-ins/scenarios/builders";
import { createTenant } from "../../stand-ins/scenarios/tenants";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let n = 0;
/** A tenancy of Ash and Bo, managed by an agent with the given address (or none). */
async function tenancyOf(agentEmail: string | null) {
  n += 1;
  const ash = await createTenant(t.db, { email: `agent-ash${n}@example.test`, firstName: "Ash", lastName: "One" });
  const bo = await createTenant(t.db, { email: `agent-bo${n}@example.test`, firstName: "Bo", lastName: "Two" });
  const organization = await createOrganization(t.db, { name: `Agency ${n}`, contactEmail: agentEmail });
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ash.userId, bo.userId], organizationId: organization.id, address: { buildingNumber: `${n}` } });
  return { ash, bo, tenancyId: tenancy.id, organization: organization.name };
}

const agentMails = async (template: string, to: string) =>
  (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).filter((e) => e.template === template);

describe("the inventory not received: the agent or landlord is asked to send it", () => {
  it("once per request, though both tenants answer 'not received'; the e-mail names the property and carries no link", async () => {
    const agent = `inventory-agent${n + 1}@example.test`;
    const { ash, bo, tenancyId, organization } = await tenancyOf(agent);
    const created = await createInventoryRequest(t.db, { tenancyId }, t.clock.now());
    const token = (userId: string) => created.responses.find((r) => r.userId === userId)!.token;
    for (const who of [ash, bo]) {
      const res = await t.json("POST", "/tenancy-inventory-responses", { token: token(who.userId), response: "UNCONFIRMED" });
      expect(res.body).toEqual({ outcome: "UNCONFIRMED" });
    }
    const mails = await agentMails("AGENT_INVENTORY_REQUEST", agent);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Please send the tenancy inventory: \d+ Orchard Road/);
    expect(mails[0]!.text).toContain(`Hello ${organization},`);
    expect(mails[0]!.text).toContain("has told us they have not received their tenancy inventory.");
    expect(mails[0]!.text).not.toMatch(/https?:/);
    const [request] = await t.db.select().from(tenancyInventoryRequests).where(eq(tenancyInventoryRequests.id, created.requestId));
    expect(request!.agentAskedAt).toEqual(t.clock.now());
  });

  it("a confirmed inventory asks nobody; with no address held, the request goes to support to pass on", async () => {
    const { ash, bo, tenancyId, organization } = await tenancyOf(null);
    const created = await createInventoryRequest(t.db, { tenancyId }, t.clock.now());
    const token = (userId: string) => created.responses.find((r) => r.userId === userId)!.token;
    const before = (await agentMails("AGENT_INVENTORY_REQUEST", t.config.supportEmail)).length;
    await t.json("POST", "/tenancy-inventory-responses", { token: token(ash.userId), response: "CONFIRMED" });
    expect(await agentMails("AGENT_INVENTORY_REQUEST", t.config.supportEmail)).toHaveLength(before);
    // Bo answers after Ash's confirmation: nothing is recorded, nobody is asked.
    await t.json("POST", "/tenancy-inventory-responses", { token: token(bo.userId), response: "UNCONFIRMED" });
    expect(await agentMails("AGENT_INVENTORY_REQUEST", t.config.supportEmail)).toHaveLength(before);

    const other = await tenancyOf(null);
    const second = await createInventoryRequest(t.db, { tenancyId: other.tenancyId }, t.clock.now());
    await t.json("POST", "/tenancy-inventory-responses", { token: second.responses[0]!.token, response: "UNCONFIRMED" });
    const mails = await agentMails("AGENT_INVENTORY_REQUEST", t.config.supportEmail);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain(`For ${other.organization}, who manage`);
    expect(mails.at(-1)!.text).toContain("we hold no e-mail address for them, so please pass this on.");
    expect(organization).not.toBe(other.organization);
  });
});

describe("tenant vacated: the move-out link", () => {
  it("e-mails the tenant their link; its visit records the move-out once and e-mails the agent once", async () => {
    const { ash, tenancyId } = await tenancyOf(DEFAULT_AGENT_EMAIL);
    const issued = await issueTenantVacatedLink(t.db, { tenancyId, email: ash.email.toUpperCase() }, t.clock.now());
    const [invitation] = (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, ash.email))).filter((e) => e.template === "TENANT_VACATED_LINK");
    expect(invitation!.text).toContain(`http://localhost:3000/tenant-vacated?token=${issued.token}`);
    expect(invitation!.text).toContain(`The link works for ${VACATED_LINK_DAYS} days.`);

    const before = (await agentMails("AGENT_TENANT_VACATED", DEFAULT_AGENT_EMAIL)).length;
    expect(await t.json("POST", "/tenant-vacated", { token: issued.token })).toMatchObject({ status: 200, body: { outcome: "RECORDED" } });
    expect(await t.json("POST", "/tenant-vacated", { token: issued.token })).toMatchObject({ status: 200, body: { outcome: "ALREADY_RECORDED" } });
    const [link] = await t.db.select().from(tenantVacatedLinks).where(eq(tenantVacatedLinks.id, issued.linkId));
    expect(link!.vacatedAt).toEqual(t.clock.now());
    const mails = await agentMails("AGENT_TENANT_VACATED", DEFAULT_AGENT_EMAIL);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain("Ash One has told us that they have moved out of");
    expect(mails.at(-1)!.text).toContain("Any outstanding charges for the tenancy must still be settled.");
    expect(mails.at(-1)!.text).not.toMatch(/https?:/);
  });

  it("an unknown, expired or malformed token is refused and records nothing; a stranger gets no link", async () => {
    const { bo, tenancyId } = await tenancyOf(DEFAULT_AGENT_EMAIL);
    const issued = await issueTenantVacatedLink(t.db, { tenancyId, email: bo.email }, new Date(t.clock.now().getTime() - (VACATED_LINK_DAYS + 1) * 86_400_000));
    expect(await t.json("POST", "/tenant-vacated", { token: issued.token })).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect(await t.json("POST", "/tenant-vacated", { token: "no-such-token-at-all" })).toMatchObject({ status: 404 });
    expect((await t.json("POST", "/tenant-vacated", { token: "" })).status).toBe(400);
    expect((await t.json("POST", "/tenant-vacated", {})).status).toBe(400);
    const [link] = await t.db.select().from(tenantVacatedLinks).where(eq(tenantVacatedLinks.id, issued.linkId));
    expect(link!.vacatedAt).toBeNull();
    await expect(issueTenantVacatedLink(t.db, { tenancyId, email: "stranger@example.test" }, t.clock.now())).rejects.toThrow("not a tenant");
  });
});
