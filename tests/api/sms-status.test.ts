/**
 * Text messages' delivery receipts (issue 38; decision 0060): Twilio's status callbacks, checked
 * by signature and recorded on the outbox row, moving only forward; the offline Twilio stand-in
 * that sends them (delivered, or undelivered for 07700 900990–999); and How we contact you's
 * "Your last text message could not be delivered", from the tenant's own texts only.
 */
import { eq } from "drizzle-orm";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMS_STATUS_CALLBACK_PATH } from "../../server/config";
import { outboxSms, users } from "../../server/db/schema";
import { runDueJobs } from "../../server/jobs/sweeper";
import { queueNotice } from "../../server/lib/notices";
import { STAND_IN_AUTH_TOKEN, undeliverableError } from "../../stand-ins/text-messages";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({}, { smsStandIn: true });
});
afterAll(() => t.close());

const notice = { kind: "CHECKOUT_YOUR_TURN", facts: { property: "12 Orchard Road, Bristol BS1 1AA", link: "http://localhost:3000/checkout/o/c" } } as const;

async function tenantWithMobile(mobileNumber: string) {
  const tenant = await t.quickTenant({ firstName: "Ife" });
  await t.db.update(users).set({ mobileNumber }).where(eq(users.id, tenant.userId));
  return tenant;
}

const textsOf = (userId: string) => t.db.select().from(outboxSms).where(eq(outboxSms.userId, userId));
const settingsOf = async (token: string) => (await t.json("GET", "/me/notice-settings", undefined, token)).body;

/** A status callback as Twilio posts it: a form, signed over APP_URL's callback URL and its fields. */
function callback(params: Record<string, string>, signature?: string) {
  const url = `${t.config.appUrl}${SMS_STATUS_CALLBACK_PATH}`;
  const sig = signature ?? getExpectedTwilioSignature(STAND_IN_AUTH_TOKEN, url, params);
  return t.json("POST", SMS_STATUS_CALLBACK_PATH, new URLSearchParams(params).toString(), undefined, {
    "content-type": "application/x-www-form-urlencoded",
    ...(sig ? { "x-twilio-signature": sig } : {}),
  });
}

describe("the text-message stand-in", () => {
  it("documents its undeliverable range: 07700 900990–994 unreachable (30003), 995–999 unknown (30005), others delivered", () => {
    expect([undeliverableError("07700900990"), undeliverableError("+447700900997"), undeliverableError("07700900123")]).toEqual(["30003", "30005", null]);
  });

  it("sends each text and its signed status callback: delivered, or undelivered for a number that cannot receive texts; How we contact you says which", async () => {
    const good = await tenantWithMobile("07700900124");
    const bad = await tenantWithMobile("07700900990");
    await queueNotice(t.db, notice, [good.userId, bad.userId], t.clock.now());
    expect(await settingsOf(bad.token)).toMatchObject({ textMessagesSent: true, lastTextMessageUndelivered: false });

    await runDueJobs(t.deps);

    const [delivered] = await textsOf(good.userId);
    const [undelivered] = await textsOf(bad.userId);
    expect(delivered).toMatchObject({ deliveryStatus: "delivered", deliveryErrorCode: null });
    expect(delivered!.sentAt).not.toBeNull();
    expect(undelivered).toMatchObject({ deliveryStatus: "undelivered", deliveryErrorCode: "30003" });
    expect(await settingsOf(good.token)).toMatchObject({ lastTextMessageUndelivered: false });
    expect(await settingsOf(bad.token)).toMatchObject({ mobileNumber: "07700900990", lastTextMessageUndelivered: true });

    // A new number: the failed text was to the old one.
    await t.db.update(users).set({ mobileNumber: "07700900125" }).where(eq(users.id, bad.userId));
    expect(await settingsOf(bad.token)).toMatchObject({ lastTextMessageUndelivered: false });
  });
});

describe(`POST ${SMS_STATUS_CALLBACK_PATH}`, () => {
  let sids = 0;
  /** A text Twilio accepted (with a sid that is not the stand-in's). */
  async function sentText() {
    const tenant = await tenantWithMobile("07700900126");
    await queueNotice(t.db, notice, [tenant.userId], t.clock.now());
    const [row] = await textsOf(tenant.userId);
    sids += 1;
    const sid = `SM${"c".repeat(26)}${String(sids).padStart(6, "0")}`;
    await t.db.update(outboxSms).set({ sentAt: t.clock.now(), providerMessageId: sid }).where(eq(outboxSms.id, row!.id));
    const status = async () => (await t.db.select().from(outboxSms).where(eq(outboxSms.id, row!.id)))[0]!;
    return { tenant, sid, status };
  }

  it("records a status, moving only forward: a replay and a late 'sent' change nothing", async () => {
    const { sid, status } = await sentText();
    expect((await callback({ MessageSid: sid, MessageStatus: "sent" })).body).toMatchObject({ outcome: "recorded" });
    expect(await status()).toMatchObject({ deliveryStatus: "sent" });
    expect((await callback({ MessageSid: sid, MessageStatus: "delivered" })).body).toMatchObject({ outcome: "recorded" });
    expect((await callback({ MessageSid: sid, MessageStatus: "delivered" })).body).toMatchObject({ outcome: "unchanged" });
    expect((await callback({ MessageSid: sid, MessageStatus: "sent" })).body).toMatchObject({ outcome: "unchanged" });
    expect((await callback({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" })).body).toMatchObject({ outcome: "unchanged" });
    expect(await status()).toMatchObject({ deliveryStatus: "delivered", deliveryErrorCode: null });
  });

  it("a failed text (Twilio's 'failed') shows on the tenant's How we contact you, not on another tenant's", async () => {
    const { tenant, sid } = await sentText();
    const other = await tenantWithMobile("07700900127");
    expect((await callback({ MessageSid: sid, MessageStatus: "failed", ErrorCode: "30005" })).status).toBe(200);
    expect(await settingsOf(tenant.token)).toMatchObject({ lastTextMessageUndelivered: true });
    expect(await settingsOf(other.token)).toMatchObject({ lastTextMessageUndelivered: false });
  });

  it("answers a message it did not send with 200 and changes nothing", async () => {
    const res = await callback({ MessageSid: `SM${"0f".repeat(16)}`, MessageStatus: "delivered" });
    expect(res).toMatchObject({ status: 200, body: { outcome: "unknown-message" } });
  });

  it.each([
    ["no signature", ""],
    ["a signature made with another token", getExpectedTwilioSignature("another-token-0123456789", `http://localhost:3000${SMS_STATUS_CALLBACK_PATH}`, { MessageSid: "x" })],
  ])("refuses %s with a 403, recording nothing", async (_why, signature) => {
    const { sid, status } = await sentText();
    const res = await callback({ MessageSid: sid, MessageStatus: "delivered" }, signature);
    expect(res).toMatchObject({ status: 403, body: { message: "Invalid Twilio signature" } });
    expect((await status()).deliveryStatus).toBeNull();
  });

  it.each([
    ["no MessageSid", { MessageStatus: "delivered" }],
    ["an unknown status", { MessageSid: `SM${"1a".repeat(16)}`, MessageStatus: "exploded" }],
  ])("refuses a signed callback with %s with a 400", async (_why, params) => {
    expect(await callback(params as Record<string, string>)).toMatchObject({ status: 400 });
  });

  it("says text messages do not go to a tenant who turned them off", async () => {
    const tenant = await tenantWithMobile("07700900128");
    await t.json("PUT", "/me/notice-settings", { smsNotices: false }, tenant.token);
    expect(await settingsOf(tenant.token)).toMatchObject({ smsNotices: false, textMessagesSent: false });
  });
});
