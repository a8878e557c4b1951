import { eq, inArray } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../../server/db/schema";
import { queueEmail } from "../../server/lib/mail";
import { deliverPendingEmails, MAX_DELIVERY_ATTEMPTS, type MailTransport } from "../../server/lib/mail-delivery";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Sent = Parameters<MailTransport["sendMail"]>[0];

/** A transport that records what it sends (or fails with `error`). */
function stubTransport(error?: Error, delayMs = 0) {
  const sent: Sent[] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (error) throw error;
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { transport, sent };
}

let n = 0;
async function queue(count: number, label = "mail") {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    n += 1;
    ids.push(
      await queueEmail(
        t.db,
        { to: `${label}${n}@example.test`, subject: `Subject ${n}`, text: `Hello ${n}\nhttp://localhost:3000/x?token=abc`, template: "TEST" },
        t.clock.now(),
      ),
    );
    t.clock.advance(1000);
  }
  return ids;
}

async function rows(ids: string[]) {
  return t.db.select().from(outboxEmails).where(inArray(outboxEmails.id, ids));
}

/** Marks everything queued so far as sent, so each test starts from an empty queue. */
async function drain() {
  await deliverPendingEmails(t, { transport: stubTransport().transport, limit: 10_000 });
}

describe("deliverPendingEmails", () => {
  it("does nothing without SMTP: the e-mails stay unsent for the dev mailbox", async () => {
    await drain();
    const ids = await queue(2);
    const result = await deliverPendingEmails({ ...t, config: { ...t.config, smtpUrl: undefined } });
    expect(result).toEqual({ configured: false, sent: 0, failed: 0, gaveUp: 0 });
    expect((await rows(ids)).every((r) => r.sentAt === null && r.attempts === 0)).toBe(true);
  });

  it("sends the unsent e-mails oldest first, from MAIL_FROM, and records when", async () => {
    await drain();
    const ids = await queue(3);
    const { transport, sent } = stubTransport();
    const result = await deliverPendingEmails(t, { transport });
    expect(result).toEqual({ configured: true, sent: 3, failed: 0, gaveUp: 0 });
    expect(sent.map((m) => m.subject)).toEqual((await rows(ids)).sort((a, b) => +a.createdAt - +b.createdAt).map((r) => r.subject));
    expect(sent[0]).toMatchObject({ from: t.config.mailFrom, to: expect.stringMatching(/@example\.test$/), text: expect.stringContaining("Hello") });
    for (const row of await rows(ids)) expect(row).toMatchObject({ sentAt: t.clock.now(), attempts: 1, lastError: null });
    // Nothing is sent twice.
    expect((await deliverPendingEmails(t, { transport })).sent).toBe(0);
    expect(sent).toHaveLength(3);
  });

  it("sends an e-mail's attachments with it (the payment plan's .ics), and none when it has none", async () => {
    await drain();
    const [plain] = await queue(1);
    const ics = { filename: "payment-plan-schedule.ics", contentType: "text/calendar; charset=utf-8", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" };
    t.clock.advance(1000);
    await queueEmail(t.db, { to: "ics@example.test", subject: "With a file", text: "See the file", template: "TEST", attachments: [ics] }, t.clock.now());
    const { transport, sent } = stubTransport();
    expect((await deliverPendingEmails(t, { transport })).sent).toBe(2);
    expect(sent[0]!.attachments).toBeUndefined();
    expect(sent[1]!.attachments).toEqual([ics]);
    expect((await rows([plain!]))[0]!.attachments).toBeNull();
  });

  it("sends at most `limit` at a time", async () => {
    await drain();
    const ids = await queue(3);
    const { transport, sent } = stubTransport();
    expect((await deliverPendingEmails(t, { transport, limit: 2 })).sent).toBe(2);
    const [first, second] = await rows(ids.slice(0, 2));
    expect([first!.sentAt, second!.sentAt]).not.toContain(null);
    expect((await rows([ids[2]!]))[0]!.sentAt).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it(`keeps the error and counts attempts, giving up after ${MAX_DELIVERY_ATTEMPTS}`, async () => {
    await drain();
    const [id] = await queue(1);
    const failing = stubTransport(new Error("550 mailbox unavailable"));
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      const result = await deliverPendingEmails(t, { transport: failing.transport });
      expect(result).toMatchObject({ sent: 0, failed: 1, gaveUp: attempt === MAX_DELIVERY_ATTEMPTS ? 1 : 0 });
      const [row] = await rows([id!]);
      expect(row).toMatchObject({ attempts: attempt, lastError: "550 mailbox unavailable", sentAt: null });
    }
    const working = stubTransport();
    expect(await deliverPendingEmails(t, { transport: working.transport })).toMatchObject({ sent: 0, failed: 0 });
    expect(working.sent).toHaveLength(0);
  });

  it("a failure does not stop the rest of the batch, and a later attempt can succeed", async () => {
    await drain();
    const ids = await queue(2);
    let calls = 0;
    const flaky: MailTransport = {
      async sendMail() {
        calls += 1;
        if (calls === 1) throw new Error("timeout");
        return {};
      },
    };
    expect(await deliverPendingEmails(t, { transport: flaky })).toMatchObject({ sent: 1, failed: 1 });
    expect(await deliverPendingEmails(t, { transport: flaky })).toMatchObject({ sent: 1, failed: 0 });
    const after = await rows(ids);
    expect(after.every((r) => r.sentAt !== null)).toBe(true);
    expect(after.map((r) => r.attempts).sort()).toEqual([1, 2]);
  });

  it("two runs at once send each e-mail exactly once", async () => {
    await drain();
    const ids = await queue(4);
    const a = stubTransport(undefined, 5);
    const b = stubTransport(undefined, 5);
    const [ra, rb] = await Promise.all([deliverPendingEmails(t, { transport: a.transport }), deliverPendingEmails(t, { transport: b.transport })]);
    expect(ra.sent + rb.sent).toBe(4);
    const subjects = [...a.sent, ...b.sent].map((m) => m.subject);
    expect(new Set(subjects).size).toBe(4);
    expect((await rows(ids)).every((r) => r.attempts === 1)).toBe(true);
  });

  it("works with a nodemailer transport (jsonTransport)", async () => {
    await drain();
    const [id] = await queue(1);
    const transport = nodemailer.createTransport({ jsonTransport: true });
    expect((await deliverPendingEmails(t, { transport })).sent).toBe(1);
    expect((await rows([id!]))[0]!.sentAt).not.toBeNull();
  });

  it("uses SMTP_URL when set, recording a connection failure as an attempt", async () => {
    await drain();
    const [id] = await queue(1);
    // Nothing listens on port 1: the connection is refused at once.
    const result = await deliverPendingEmails({ ...t, config: { ...t.config, smtpUrl: "smtp://127.0.0.1:1" } });
    expect(result).toMatchObject({ configured: true, sent: 0, failed: 1 });
    const [row] = await rows([id!]);
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toBeTruthy();
  });
});

describe("the dev mailbox routes (/ops/outbox)", () => {
  const ops = { "x-ops-token": "" };
  beforeAll(() => {
    ops["x-ops-token"] = t.config.opsToken!;
  });

  it("lists the newest e-mails first, without their text, and filters by recipient", async () => {
    const ids = await queue(3, "listed");
    const res = await t.json("GET", "/ops/outbox", undefined, undefined, ops);
    expect(res.status).toBe(200);
    const listed = res.body.emails.map((e: { id: string }) => e.id);
    expect(listed.slice(0, 3)).toEqual([...ids].reverse());
    expect(res.body.emails[0]).toEqual({
      id: ids[2],
      to: expect.stringMatching(/^listed\d+@example\.test$/),
      subject: expect.any(String),
      template: "TEST",
      userId: null,
      createdAt: expect.any(String),
      sentAt: null,
      attempts: 0,
      lastError: null,
    });
    const [one] = await rows([ids[0]!]);
    const filtered = await t.json("GET", `/ops/outbox?to=${encodeURIComponent(one!.to.toUpperCase())}`, undefined, undefined, ops);
    expect(filtered.body.emails.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
  });

  it("lists at most 100", async () => {
    await queue(101, "many");
    const res = await t.json("GET", "/ops/outbox", undefined, undefined, ops);
    expect(res.body.emails).toHaveLength(100);
  });

  it("shows one e-mail with its text, and 404 for an unknown id", async () => {
    const [id] = await queue(1, "single");
    const res = await t.json("GET", `/ops/outbox/${id}`, undefined, undefined, ops);
    expect(res).toMatchObject({ status: 200, body: { id, template: "TEST", text: expect.stringContaining("token=abc") } });
    expect((await t.json("GET", "/ops/outbox/no-such-id", undefined, undefined, ops)).status).toBe(404);
  });

  it("answers 404 without the ops token, and is not part of the OpenAPI contract", async () => {
    const [id] = await queue(1, "guarded");
    expect((await t.json("GET", "/ops/outbox")).status).toBe(404);
    expect((await t.json("GET", `/ops/outbox/${id}`, undefined, undefined, { "x-ops-token": "wrong" })).status).toBe(404);
    const doc = await t.json("GET", "/openapi.json");
    expect(Object.keys(doc.body.paths).some((p) => p.includes("outbox"))).toBe(false);
  });

  it("does not exist in production", async () => {
    const prod = await createTestApi({ opsEnabled: false });
    try {
      const res = await prod.json("GET", "/ops/outbox", undefined, undefined, { "x-ops-token": prod.config.opsToken! });
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it("the outbox holds what the account e-mails say", async () => {
    const tenant = await t.signedInTenant();
    await t.json("POST", "/auth/reset-password-request", { email: tenant.email });
    const res = await t.json("GET", `/ops/outbox?to=${encodeURIComponent(tenant.email)}`, undefined, undefined, ops);
    expect(res.body.emails).toHaveLength(1);
    const one = await t.json("GET", `/ops/outbox/${res.body.emails[0].id}`, undefined, undefined, ops);
    expect(one.body.text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?token=[\w-]+&email=/);
    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, one.body.id));
    expect(row!.template).toBe("RESET_PASSWORD");
  });
});
