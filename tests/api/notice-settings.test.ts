/**
 * The notice settings (issue 28, scope 4): a tenant can turn text messages off; e-mails cannot
 * be turned off, as the terms serve notices by e-mail.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, outboxSms, users } from "../../server/db/schema";
import { queueNotice } from "../../server/lib/notices";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const notice = { kind: "CHECKOUT_YOUR_TURN", facts: { property: "12 Orchard Road, Bristol BS1 1AA", link: "http://localhost:3000/checkout/o/c" } } as const;

describe("GET /me/notice-settings", () => {
  it("answers the e-mail address, the mobile number and whether text messages are on (on by default)", async () => {
    const tenant = await t.quickTenant({ email: "settings-a@example.test" });
    const before = await t.json("GET", "/me/notice-settings", undefined, tenant.token);
    expect(before).toMatchObject({ status: 200, body: { email: "settings-a@example.test", mobileNumber: null, smsNotices: true } });
    await t.db.update(users).set({ mobileNumber: " 07700900222 " }).where(eq(users.id, tenant.userId));
    expect((await t.json("GET", "/me/notice-settings", undefined, tenant.token)).body.mobileNumber).toBe("07700900222");
  });

  it("answers 401 without a token", async () => {
    expect((await t.json("GET", "/me/notice-settings")).status).toBe(401);
  });
});

describe("PUT /me/notice-settings", () => {
  it("turns text messages off and on again; the next notice goes by e-mail only while they are off", async () => {
    const tenant = await t.quickTenant({ firstName: "Sam" });
    await t.db.update(users).set({ mobileNumber: "07700900333" }).where(eq(users.id, tenant.userId));

    const off = await t.json("PUT", "/me/notice-settings", { smsNotices: false }, tenant.token);
    expect(off).toMatchObject({ status: 200, body: { smsNotices: false, mobileNumber: "07700900333" } });
    const [row] = await t.db.select({ smsNotices: users.smsNotices }).from(users).where(eq(users.id, tenant.userId));
    expect(row!.smsNotices).toBe(false);
    await queueNotice(t.db, notice, [tenant.userId], t.clock.now());
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, tenant.userId))).toHaveLength(1);
    expect(await t.db.select().from(outboxSms).where(eq(outboxSms.userId, tenant.userId))).toHaveLength(0);

    const on = await t.json("PUT", "/me/notice-settings", { smsNotices: true }, tenant.token);
    expect(on).toMatchObject({ status: 200, body: { smsNotices: true } });
    await queueNotice(t.db, notice, [tenant.userId], t.clock.now());
    expect(await t.db.select().from(outboxSms).where(eq(outboxSms.userId, tenant.userId))).toHaveLength(1);
  });

  it("changes only the signed-in tenant's setting", async () => {
    const a = await t.quickTenant();
    const b = await t.quickTenant();
    await t.json("PUT", "/me/notice-settings", { smsNotices: false }, a.token);
    expect((await t.json("GET", "/me/notice-settings", undefined, b.token)).body.smsNotices).toBe(true);
  });

  it.each([
    { why: "no body field", body: {} },
    { why: "a string", body: { smsNotices: "false" } },
    { why: "a number", body: { smsNotices: 0 } },
    { why: "null", body: { smsNotices: null } },
    { why: "not JSON", body: "{smsNotices" },
  ])("refuses $why with a 400 and a message, changing nothing", async ({ body }) => {
    const tenant = await t.quickTenant();
    const res = await t.json("PUT", "/me/notice-settings", body, tenant.token);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect((await t.json("GET", "/me/notice-settings", undefined, tenant.token)).body.smsNotices).toBe(true);
  });

  it("answers 401 without a token", async () => {
    expect((await t.json("PUT", "/me/notice-settings", { smsNotices: false })).status).toBe(401);
  });
});
