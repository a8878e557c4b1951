import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readApiConfig } from "../../server/config";
import { outboxEmails, outboxSms, users } from "../../server/db/schema";
import { queueNotice } from "../../server/lib/notices";
import { deliverPendingSms, MAX_SMS_ATTEMPTS, twilioTransport, type SmsTransport } from "../../server/lib/sms-delivery";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const TWILIO = { accountSid: `AC${"a".repeat(32)}`, authToken: "t".repeat(32), from: "Keyfree" };
const notice = (link = "http://localhost:3000/checkout/o1/c1") =>
  ({ kind: "CHECKOUT_YOUR_TURN", facts: { property: "12 Orchard Road, Bristol BS1 1AA", link } }) as const;

/** Twilio's own SDK with its HTTP layer replaced: what it would send to api.twilio.com, and Twilio's answer. */
function twilioHttp(status = 201) {
  const requests: { method: string; uri: string; data: Record<string, string>; username: string }[] = [];
  const httpClient = {
    async request(options: { method: string; uri: string; data: Record<string, string>; username: string }) {
      requests.push(options);
      const body = status < 300 ? { sid: `SM${String(requests.length).padStart(32, "0")}`, status: "queued" } : { code: 21211, message: "The 'To' number +447700900123 is not a valid phone number.", status };
      return { statusCode: status, body: JSON.stringify(body), headers: {} };
    },
  };
  return { requests, httpClient };
}

async function drain() {
  const stub: SmsTransport = { send: async () => ({ providerMessageId: "drained" }) };
  await deliverPendingSms({ ...t, config: { twilio: undefined } }, { transport: stub, limit: 10_000 });
}

describe("queueNotice: the e-mail always, the text message to the mobile number unless turned off (issue 28)", () => {
  it("queues an e-mail per tenant and a text message for those with a mobile number and text messages on", async () => {
    const withMobile = await t.signedInTenant({ firstName: "Ana" });
    const without = await t.signedInTenant({ firstName: "Ben" });
    const turnedOff = await t.signedInTenant({ firstName: "Cat" });
    await t.db.update(users).set({ mobileNumber: "07700900123" }).where(eq(users.id, withMobile.userId));
    await t.db.update(users).set({ mobileNumber: "07700900456", smsNotices: false }).where(eq(users.id, turnedOff.userId));

    const queued = await queueNotice(t.db, notice(), [withMobile.userId, without.userId, turnedOff.userId], t.clock.now());
    expect(queued).toEqual({ kind: "CHECKOUT_YOUR_TURN", emails: 3, sms: 1 });
    const ids = [withMobile.userId, without.userId, turnedOff.userId];
    const emails = await t.db.select().from(outboxEmails).where(inArray(outboxEmails.userId, ids));
    expect(emails.map((e) => e.text.split("\n")[0]).sort()).toEqual(["Hello Ana,", "Hello Ben,", "Hello Cat,"]);
    const sms = await t.db.select().from(outboxSms).where(inArray(outboxSms.userId, ids));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: "07700900123", template: "CHECKOUT_YOUR_TURN", userId: withMobile.userId });
    expect(sms[0]!.text).toBe("Keyfree: Hi Ana, it's your turn to finish your Keyfree: http://localhost:3000/checkout/o1/c1");
  });

  it("with a dedupe key, queues each recipient's e-mail and text message once however often it is asked", async () => {
    const tenant = await t.signedInTenant({ firstName: "Dee" });
    await t.db.update(users).set({ mobileNumber: "+447700900789" }).where(eq(users.id, tenant.userId));
    const key = `TEST:${tenant.userId}:DAY_BEFORE`;
    const results = await Promise.all([1, 2, 3].map(() => queueNotice(t.db, notice(), [tenant.userId], t.clock.now(), { dedupeKey: key })));
    expect(results.reduce((n, r) => n + r.emails, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.sms, 0)).toBe(1);
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, tenant.userId))).toHaveLength(1);
    expect(await t.db.select().from(outboxSms).where(eq(outboxSms.userId, tenant.userId))).toHaveLength(1);
  });
});

describe("deliverPendingSms through Twilio's SDK", () => {
  it("without Twilio's settings, leaves the text messages for the dev mailbox", async () => {
    const result = await deliverPendingSms({ ...t, config: { twilio: undefined } });
    expect(result).toEqual({ configured: false, sent: 0, failed: 0, gaveUp: 0 });
  });

  it("sends each unsent message once, in E.164 form, from the configured sender, and keeps Twilio's id", async () => {
    await drain();
    const tenant = await t.signedInTenant({ firstName: "Eve" });
    await t.db.update(users).set({ mobileNumber: "07700 900 321" }).where(eq(users.id, tenant.userId));
    await queueNotice(t.db, notice(), [tenant.userId], t.clock.now());
    const { requests, httpClient } = twilioHttp();
    const transport = twilioTransport(TWILIO, { httpClient });
    const first = await deliverPendingSms({ ...t, config: { twilio: TWILIO } }, { transport });
    expect(first).toEqual({ configured: true, sent: 1, failed: 0, gaveUp: 0 });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "post",
      uri: `https://api.twilio.com/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`,
      username: TWILIO.accountSid,
      data: { To: "+447700900321", From: "Keyfree" },
    });
    expect(requests[0]!.data.Body).toContain("it's your turn");
    const [row] = await t.db.select().from(outboxSms).where(eq(outboxSms.userId, tenant.userId));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.providerMessageId).toMatch(/^SM\d{32}$/);
    expect(await deliverPendingSms({ ...t, config: { twilio: TWILIO } }, { transport })).toMatchObject({ sent: 0 });
    expect(requests).toHaveLength(1);
  });

  it("a messaging service is used instead of a sender when configured", async () => {
    await drain();
    const tenant = await t.signedInTenant();
    await t.db.update(users).set({ mobileNumber: "07700900111" }).where(eq(users.id, tenant.userId));
    await queueNotice(t.db, notice(), [tenant.userId], t.clock.now());
    const { requests, httpClient } = twilioHttp();
    const settings = { accountSid: TWILIO.accountSid, authToken: TWILIO.authToken, messagingServiceSid: `MG${"b".repeat(32)}` };
    await deliverPendingSms({ ...t, config: { twilio: settings } }, { transport: twilioTransport(settings, { httpClient }) });
    expect(requests[0]!.data).toMatchObject({ To: "+447700900111", MessagingServiceSid: settings.messagingServiceSid });
    expect(requests[0]!.data.From).toBeUndefined();
  });

  it("a refusal is counted and kept, tried again later, and given up after the last attempt", async () => {
    await drain();
    const tenant = await t.signedInTenant();
    await t.db.update(users).set({ mobileNumber: "07700900222" }).where(eq(users.id, tenant.userId));
    await queueNotice(t.db, notice(), [tenant.userId], t.clock.now());
    const { httpClient } = twilioHttp(400);
    const transport = twilioTransport(TWILIO, { httpClient });
    for (let attempt = 1; attempt <= MAX_SMS_ATTEMPTS; attempt += 1) {
      const result = await deliverPendingSms({ ...t, config: { twilio: TWILIO } }, { transport });
      expect(result).toMatchObject({ sent: 0, failed: 1, gaveUp: attempt === MAX_SMS_ATTEMPTS ? 1 : 0 });
    }
    expect(await deliverPendingSms({ ...t, config: { twilio: TWILIO } }, { transport })).toMatchObject({ failed: 0 });
    const [row] = await t.db.select().from(outboxSms).where(eq(outboxSms.userId, tenant.userId));
    expect(row).toMatchObject({ sentAt: null, attempts: MAX_SMS_ATTEMPTS });
    expect(row!.lastError).toContain("not a valid phone number");
  });

  it("a number that cannot be written in E.164 is given up on at once, without calling Twilio", async () => {
    await drain();
    const tenant = await t.signedInTenant();
    await t.db.update(users).set({ mobileNumber: "+0123456789" }).where(eq(users.id, tenant.userId));
    await queueNotice(t.db, notice(), [tenant.userId], t.clock.now());
    const { requests, httpClient } = twilioHttp();
    const result = await deliverPendingSms({ ...t, config: { twilio: TWILIO } }, { transport: twilioTransport(TWILIO, { httpClient }) });
    expect(result).toEqual({ configured: true, sent: 0, failed: 1, gaveUp: 1 });
    expect(requests).toHaveLength(0);
  });
});

describe("Twilio's settings", () => {
  const base = { NODE_ENV: "test", OPS_TOKEN };
  it("are off unless set, and half a setting stops the start with what is missing", () => {
    expect(readApiConfig(base).twilio).toBeUndefined();
    expect(readApiConfig({ ...base, TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_FROM: "+447700900000" }).twilio).toEqual({
      accountSid: TWILIO.accountSid,
      authToken: TWILIO.authToken,
      from: "+447700900000",
    });
    expect(() => readApiConfig({ ...base, TWILIO_ACCOUNT_SID: TWILIO.accountSid })).toThrow(/TWILIO_AUTH_TOKEN is required.*TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required/);
    expect(() => readApiConfig({ ...base, TWILIO_FROM: "Keyfree" })).toThrow(/TWILIO_ACCOUNT_SID is required/);
    expect(() => readApiConfig({ ...base, TWILIO_ACCOUNT_SID: "AC123" })).toThrow(/TWILIO_ACCOUNT_SID must be AC followed by 32/);
  });
});

describe("the dev mailbox lists the text messages beside the e-mails", () => {
  it("GET /ops/outbox-sms?to= lists the messages to the tenant with that e-mail address", async () => {
    const tenant = await t.signedInTenant({ firstName: "Fay" });
    await t.db.update(users).set({ mobileNumber: "07700900999" }).where(eq(users.id, tenant.userId));
    await queueNotice(t.db, notice(), [tenant.userId], t.clock.now());
    const res = await t.json("GET", `/ops/outbox-sms?to=${encodeURIComponent(tenant.email.toUpperCase())}`, undefined, undefined, { "x-ops-token": OPS_TOKEN });
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({ to: "07700900999", template: "CHECKOUT_YOUR_TURN", userId: tenant.userId, sentAt: null });
  });
});
