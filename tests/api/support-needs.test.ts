/**
 * Support needs and someone to help (issue 36, scope 5; decision 0050): kept only with consent,
 * deleted when withdrawn, "e-mail only" stops text messages, and a confirmed helper gets a copy of
 * every e-mail to the tenant but sign-in and password ones, until removed, at once.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELPER_LINK_MESSAGES, SUPPORT_HELPER_MESSAGES, SUPPORT_NEEDS_MESSAGES } from "#common/support-needs";
import { outboxEmails, outboxSms, supportHelpers, supportNeeds, users } from "../../server/db/schema";
import type { Database } from "../../server/db";
import { deliverPendingEmails, type MailTransport } from "../../server/lib/mail-delivery";
import { queueNotice } from "../../server/lib/notices";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { migrateWithStandIns } from "../helpers/stand-ins";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const DAY = 86_400_000;
type Tenant = Awaited<ReturnType<TestApi["quickTenant"]>>;

const claimRaised = () =>
  ({
    kind: "CLAIM_RAISED",
    facts: {
      property: "12 Orchard Road, Bristol BS1 1AA",
      link: "http://localhost:3000/claims/c1",
      moreTimeLink: "http://localhost:3000/claims/c1/more-time",
      organization: "Acme Lettings",
      amountPence: 18_000,
      deadline: new Date(t.clock.now().getTime() + 7 * DAY),
    },
  }) as const;

async function outboxTo(address: string) {
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, address));
}

/** The token in the SUPPORT_HELPER_CONFIRM e-mail to `address`. */
async function linkTokenFor(address: string): Promise<string> {
  const [email] = (await outboxTo(address)).filter((e) => e.template === "SUPPORT_HELPER_CONFIRM");
  const match = /\/helper\/confirm\?token=([\w-]+)/.exec(email!.text);
  return match![1]!;
}

let helpers = 0;
/** Adds a helper for `tenant` and, unless told not to, confirms them through their e-mailed link. */
async function withHelper(tenant: Tenant, options: { confirm?: boolean } = {}) {
  helpers += 1;
  const email = `helper${helpers}@example.test`;
  const added = await t.json("POST", "/me/support-helper", { name: "Hana Help", email, relationship: "RELATIVE", agree: true }, tenant.token);
  expect(added.status).toBe(201);
  const token = await linkTokenFor(email);
  if (options.confirm !== false) expect((await t.json("POST", "/support-helpers/confirm", { token })).status).toBe(200);
  return { email, token };
}

/** A transport that records what it sends, after an optional delay. */
function recorder(delayMs = 0) {
  const sent: { to: string; subject: string; text: string }[] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      sent.push(message);
      return {};
    },
  };
  return { transport, sent };
}

describe("support needs: kept only with consent", () => {
  it("refuses to save without consent (400, the consent message) and saves nothing", async () => {
    const tenant = await t.quickTenant();
    for (const consent of [false, undefined, "true"]) {
      const res = await t.json("PUT", "/me/support-needs", { consent, needs: ["MORE_TIME"] }, tenant.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(SUPPORT_NEEDS_MESSAGES.consent);
    }
    expect(await t.db.select().from(supportNeeds).where(eq(supportNeeds.userId, tenant.userId))).toEqual([]);
  });

  it("refuses an empty record and an unknown need", async () => {
    const tenant = await t.quickTenant();
    const empty = await t.json("PUT", "/me/support-needs", { consent: true, needs: [], details: "  " }, tenant.token);
    expect(empty).toMatchObject({ status: 400, body: { message: expect.stringContaining(SUPPORT_NEEDS_MESSAGES.nothingChosen) } });
    expect((await t.json("PUT", "/me/support-needs", { consent: true, needs: ["FREE_MONEY"] }, tenant.token)).status).toBe(400);
    const tooLong = await t.json("PUT", "/me/support-needs", { consent: true, needs: [], details: "x".repeat(2001) }, tenant.token);
    expect(tooLong.body.message).toContain(SUPPORT_NEEDS_MESSAGES.detailsTooLong);
  });

  it("records the needs in the list's order with the free text and when consent was given; a second save replaces it", async () => {
    const tenant = await t.quickTenant();
    expect((await t.json("GET", "/me/support-needs", undefined, tenant.token)).body).toEqual({ needs: null, helper: null, emailOnly: false });
    const saved = await t.json(
      "PUT",
      "/me/support-needs",
      { consent: true, needs: ["LIFE_EVENT", "MORE_TIME", "MORE_TIME"], details: " My father died in October. " },
      tenant.token,
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { needs: { codes: ["MORE_TIME", "LIFE_EVENT"], details: "My father died in October.", consentedAt: t.clock.now().toISOString() }, emailOnly: false },
    });
    t.clock.advance(DAY);
    await t.json("PUT", "/me/support-needs", { consent: true, needs: ["LARGE_PRINT"] }, tenant.token);
    const rows = await t.db.select().from(supportNeeds).where(eq(supportNeeds.userId, tenant.userId));
    expect(rows).toEqual([expect.objectContaining({ needs: ["LARGE_PRINT"], details: null, consentedAt: t.clock.now() })]);
  });

  it("withdrawing deletes the row; withdrawing again is no error", async () => {
    const tenant = await t.quickTenant();
    await t.json("PUT", "/me/support-needs", { consent: true, needs: ["HEALTH_CONDITION"], details: "Anxiety" }, tenant.token);
    const withdrawn = await t.json("DELETE", "/me/support-needs", undefined, tenant.token);
    expect(withdrawn).toMatchObject({ status: 200, body: { needs: null } });
    expect(await t.db.select().from(supportNeeds).where(eq(supportNeeds.userId, tenant.userId))).toEqual([]);
    expect((await t.json("DELETE", "/me/support-needs", undefined, tenant.token)).status).toBe(200);
  });

  it("is the caller's own: another tenant's save or withdrawal touches nothing of theirs; no token is a 401", async () => {
    const a = await t.quickTenant();
    const b = await t.quickTenant();
    await t.json("PUT", "/me/support-needs", { consent: true, needs: ["EASY_READ"] }, a.token);
    await t.json("DELETE", "/me/support-needs", undefined, b.token);
    expect((await t.json("GET", "/me/support-needs", undefined, a.token)).body.needs.codes).toEqual(["EASY_READ"]);
    expect((await t.json("GET", "/me/support-needs", undefined, b.token)).body.needs).toBeNull();
    expect((await t.json("GET", "/me/support-needs")).status).toBe(401);
    expect((await t.json("PUT", "/me/support-needs", { consent: true, needs: ["EASY_READ"] })).status).toBe(401);
  });
});

describe("contact by e-mail only", () => {
  it("stops text messages for that tenant while it is recorded, whatever 'How we contact you' says; withdrawn, they come back", async () => {
    const tenant = await t.quickTenant({ firstName: "Eve" });
    await t.db.update(users).set({ mobileNumber: "07700900444", smsNotices: true }).where(eq(users.id, tenant.userId));
    const smsCount = async () => (await t.db.select().from(outboxSms).where(eq(outboxSms.userId, tenant.userId))).length;

    const saved = await t.json("PUT", "/me/support-needs", { consent: true, needs: ["EMAIL_ONLY"] }, tenant.token);
    expect(saved.body.emailOnly).toBe(true);
    const queued = await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now());
    expect(queued).toMatchObject({ emails: 1, sms: 0 });
    expect(await smsCount()).toBe(0);

    // Other needs do not stop them.
    await t.json("PUT", "/me/support-needs", { consent: true, needs: ["MORE_TIME"] }, tenant.token);
    expect((await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now())).sms).toBe(1);
    await t.json("PUT", "/me/support-needs", { consent: true, needs: ["EMAIL_ONLY"] }, tenant.token);
    await t.json("DELETE", "/me/support-needs", undefined, tenant.token);
    expect((await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now())).sms).toBe(1);
    expect(await smsCount()).toBe(2);
  });
});

describe("someone to help: adding and confirming", () => {
  it("adds a helper and e-mails them a link (only its SHA-256 kept, 7 days), not copied to anyone", async () => {
    const tenant = await t.quickTenant({ firstName: "Lin", lastName: "Kes" });
    const added = await t.json(
      "POST",
      "/me/support-helper",
      { name: " Ray Adviser ", email: "ray.adviser@example.test", relationship: "ADVISER", agree: true },
      tenant.token,
    );
    expect(added).toMatchObject({
      status: 201,
      body: {
        helper: {
          name: "Ray Adviser",
          email: "ray.adviser@example.test",
          relationship: "ADVISER",
          status: "PENDING",
          confirmedAt: null,
          linkExpiresAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
        },
      },
    });
    const [email] = await outboxTo("ray.adviser@example.test");
    expect(email).toMatchObject({ template: "SUPPORT_HELPER_CONFIRM", subject: "Lin has asked you to help with their Keyfree", userId: null });
    expect(email!.text).toContain("Hello Ray Adviser,");
    expect(email!.text).toContain("Lin Kes has asked us to send you a copy");
    const token = await linkTokenFor("ray.adviser@example.test");
    const [row] = await t.db.select().from(supportHelpers).where(eq(supportHelpers.userId, tenant.userId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
  });

  it("refuses what is not a helper: no consent, a bad address, the tenant's own address, no relationship", async () => {
    const tenant = await t.quickTenant();
    const base = { name: "Ray", email: "ray.b@example.test", relationship: "FRIEND", agree: true };
    const refused = async (body: object) => t.json("POST", "/me/support-helper", body, tenant.token);
    expect((await refused({ ...base, agree: false })).body.message).toContain(SUPPORT_HELPER_MESSAGES.agree);
    expect((await refused({ ...base, email: "not an address" })).status).toBe(400);
    expect((await refused({ ...base, relationship: "BOSS" })).body.message).toContain(SUPPORT_HELPER_MESSAGES.relationship);
    expect((await refused({ ...base, name: "  " })).body.message).toContain(SUPPORT_HELPER_MESSAGES.name);
    expect(await refused({ ...base, email: tenant.email.toUpperCase() })).toMatchObject({ status: 400, body: { message: SUPPORT_HELPER_MESSAGES.ownEmail } });
    expect(await t.db.select().from(supportHelpers).where(eq(supportHelpers.userId, tenant.userId))).toEqual([]);
  });

  it("one helper at a time: a second is refused (409) while the first waits or has confirmed; one whose link ran out is replaced", async () => {
    const tenant = await t.quickTenant();
    const { token } = await withHelper(tenant, { confirm: false });
    const second = { name: "Sam Second", email: "sam.second@example.test", relationship: "FRIEND", agree: true };
    expect(await t.json("POST", "/me/support-helper", second, tenant.token)).toMatchObject({ status: 409, body: { message: SUPPORT_HELPER_MESSAGES.alreadyOne } });
    t.clock.advance(7 * DAY + 1);
    expect((await t.json("GET", "/me/support-needs", undefined, tenant.token)).body.helper.status).toBe("EXPIRED");
    expect((await t.json("POST", "/me/support-helper", second, tenant.token)).body.helper).toMatchObject({ name: "Sam Second", status: "PENDING" });
    // The first one's link is no longer valid (removed), the second's works.
    expect((await t.json("POST", "/support-helpers/confirm", { token })).body.message).toBe(HELPER_LINK_MESSAGES.invalid);
    expect((await t.json("POST", "/support-helpers/confirm", { token: await linkTokenFor("sam.second@example.test") })).status).toBe(200);
    expect((await t.json("POST", "/me/support-helper", { ...second, email: "third@example.test" }, tenant.token)).status).toBe(409);
  });

  it("the link: shows whom they would help; confirms once; a used, expired or unknown token is a plain message, never a 500", async () => {
    const tenant = await t.quickTenant({ firstName: "Ola" });
    const { token } = await withHelper(tenant, { confirm: false });
    const shown = await t.json("GET", `/support-helpers/confirmation?token=${token}`);
    expect(shown).toMatchObject({ status: 200, body: { state: "USABLE", tenantFirstName: "Ola", helperName: "Hana Help", message: null } });

    expect(await t.json("POST", "/support-helpers/confirm", { token })).toMatchObject({ status: 200, body: { tenantFirstName: "Ola" } });
    expect((await t.json("GET", "/me/support-needs", undefined, tenant.token)).body.helper).toMatchObject({ status: "CONFIRMED", confirmedAt: t.clock.now().toISOString() });

    const used = await t.json("POST", "/support-helpers/confirm", { token });
    expect(used).toEqual(expect.objectContaining({ status: 400, body: { message: HELPER_LINK_MESSAGES.used } }));
    expect((await t.json("GET", `/support-helpers/confirmation?token=${token}`)).body).toMatchObject({ state: "USED", message: HELPER_LINK_MESSAGES.used, tenantFirstName: null });

    const unknown = await t.json("POST", "/support-helpers/confirm", { token: "no-such-token" });
    expect(unknown).toMatchObject({ status: 400, body: { message: HELPER_LINK_MESSAGES.invalid } });
    expect((await t.json("GET", "/support-helpers/confirmation?token=no-such-token")).body.state).toBe("INVALID");

    const late = await t.quickTenant();
    const expiring = await withHelper(late, { confirm: false });
    t.clock.advance(7 * DAY);
    expect(await t.json("POST", "/support-helpers/confirm", { token: expiring.token })).toMatchObject({ status: 400, body: { message: HELPER_LINK_MESSAGES.expired } });
    expect((await t.json("GET", `/support-helpers/confirmation?token=${expiring.token}`)).body.state).toBe("EXPIRED");
  });
});

describe("someone to help: the copies", () => {
  it("a confirmed helper gets a copy of a claim notice, saying whose it is and how to stop it; not of a password reset; not before confirming", async () => {
    const tenant = await t.quickTenant({ firstName: "Pat", lastName: "Long-Name" });
    const { email: helper } = await withHelper(tenant, { confirm: false });
    await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now());
    expect((await outboxTo(helper)).map((e) => e.template)).toEqual(["SUPPORT_HELPER_CONFIRM"]);

    await t.json("POST", "/support-helpers/confirm", { token: await linkTokenFor(helper) });
    await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now());
    await t.json("POST", "/auth/reset-password-request", { email: tenant.email });
    const [original] = (await outboxTo(tenant.email)).filter((e) => e.template === "CLAIM_RAISED").slice(-1);
    const copies = (await outboxTo(helper)).filter((e) => e.template !== "SUPPORT_HELPER_CONFIRM");
    expect(copies.map((e) => e.template)).toEqual(["CLAIM_RAISED"]);
    const [copy] = copies;
    expect(copy).toMatchObject({ subject: `Copy for you: ${original!.subject}`, userId: null, dedupeKey: `helper-copy:${original!.id}:${copy!.supportHelperId}` });
    const [top] = copy!.text.split("\n");
    expect(top).toBe("This is a copy of an email we sent to Pat. Pat asked us to send you a copy of the emails we send them about their Keyfree, their claims and their payments.");
    expect(copy!.text).not.toContain("Long-Name");
    expect(copy!.text).toContain("Pat can stop these copies at any time");
    expect(copy!.text).toContain("http://localhost:3000/account/support-needs");
    expect(copy!.text.endsWith(original!.text)).toBe(true);
    // The reset e-mail went to the tenant only.
    expect((await outboxTo(tenant.email)).map((e) => e.template)).toContain("RESET_PASSWORD");
  });

  it("removal takes effect at once: an e-mail queued before it but not yet sent never reaches the helper, who is told", async () => {
    const tenant = await t.quickTenant({ firstName: "Rae" });
    const { email: helper } = await withHelper(tenant);
    await deliverPendingEmails(t, { transport: recorder().transport, limit: 10_000 });
    await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now());
    expect((await outboxTo(helper)).some((e) => e.template === "CLAIM_RAISED" && e.sentAt === null)).toBe(true);

    const removed = await t.json("DELETE", "/me/support-helper", undefined, tenant.token);
    expect(removed).toMatchObject({ status: 200, body: { removed: { name: "Hana Help", told: true } } });
    const { transport, sent } = recorder();
    await deliverPendingEmails(t, { transport, limit: 10_000 });
    expect(sent.filter((m) => m.to === helper).map((m) => m.subject)).toEqual(["You will no longer get copies of Rae's Keyfree emails"]);
    expect(sent.some((m) => m.to === tenant.email && m.subject === "End of tenancy charges have been raised")).toBe(true);

    // From now on nothing is copied; removing again is no error.
    await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now());
    expect((await outboxTo(helper)).filter((e) => e.template === "CLAIM_RAISED" && e.sentAt === null)).toEqual([]);
    expect((await t.json("DELETE", "/me/support-helper", undefined, tenant.token)).body).toEqual({ removed: null });
    expect((await t.json("GET", "/me/support-needs", undefined, tenant.token)).body.helper).toBeNull();
  });

  it("delivery checks too: a copy of a removed helper that is still in the outbox (queued as the removal committed) is deleted, not sent", async () => {
    const tenant = await t.quickTenant();
    const { email: helper } = await withHelper(tenant);
    await deliverPendingEmails(t, { transport: recorder().transport, limit: 10_000 });
    await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now());
    // As if the removal had committed after the copy's check but before its insert: marked removed, the copy left.
    await t.db.update(supportHelpers).set({ removedAt: t.clock.now() }).where(eq(supportHelpers.userId, tenant.userId));
    const { transport, sent } = recorder();
    await deliverPendingEmails(t, { transport, limit: 10_000 });
    expect(sent.filter((m) => m.to === helper)).toEqual([]);
    expect(await outboxTo(helper)).toEqual([expect.objectContaining({ template: "SUPPORT_HELPER_CONFIRM" })]);
  });

  it("removing a helper who never confirmed tells nobody, and their link stops working", async () => {
    const tenant = await t.quickTenant();
    const { email: helper, token } = await withHelper(tenant, { confirm: false });
    expect((await t.json("DELETE", "/me/support-helper", undefined, tenant.token)).body).toEqual({ removed: { name: "Hana Help", told: false } });
    expect((await outboxTo(helper)).map((e) => e.template)).toEqual(["SUPPORT_HELPER_CONFIRM"]);
    expect((await t.json("POST", "/support-helpers/confirm", { token })).body.message).toBe(HELPER_LINK_MESSAGES.invalid);
  });

  it("two deliverers at once send the helper's copy once", async () => {
    const tenant = await t.quickTenant();
    const { email: helper } = await withHelper(tenant);
    await deliverPendingEmails(t, { transport: recorder().transport, limit: 10_000 });
    await queueNotice(t.db, claimRaised(), [tenant.userId], t.clock.now());
    const a = recorder(5);
    const b = recorder(5);
    await Promise.all([deliverPendingEmails(t, { transport: a.transport }), deliverPendingEmails(t, { transport: b.transport })]);
    expect([...a.sent, ...b.sent].filter((m) => m.to === helper)).toHaveLength(1);
  });

  it("the back office sees the needs in words and the helper (ops support-needs)", async () => {
    const tenant = await t.quickTenant({ email: "ops-needs@example.test" });
    await t.json("PUT", "/me/support-needs", { consent: true, needs: ["EMAIL_ONLY", "LARGE_PRINT"], details: "Please write, do not call" }, tenant.token);
    await withHelper(tenant);
    const res = await t.json("POST", "/ops/run/support-needs", { email: "OPS-needs@example.test" }, undefined, { "x-ops-token": OPS_TOKEN });
    expect(res).toMatchObject({
      status: 200,
      body: {
        needs: { recorded: ["Contact me by email only, with no text messages", "Letters and documents in large print"], details: "Please write, do not call" },
        emailOnly: true,
        helper: { name: "Hana Help", status: "CONFIRMED" },
        helperHistory: [expect.objectContaining({ status: "CONFIRMED", removedAt: null })],
      },
    });
    await t.json("DELETE", "/me/support-needs", undefined, tenant.token);
    const after = await t.json("POST", "/ops/run/support-needs", { email: "ops-needs@example.test" }, undefined, { "x-ops-token": OPS_TOKEN });
    expect(after.body.needs).toBe("Nothing recorded");
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("on PostgreSQL, with two instances", () => {
  const { open } = usePostgresInstances(pgUrl!, "support_helpers");

  it("two instances delivering at once send each helper copy once; a removal while a copy is being sent waits for it; after it nothing is copied", async () => {
    const { createTenant } = await import("../../stand-ins/scenarios/tenants");
    const { FixedClock } = await import("../../server/lib/clock");
    const { queueEmail } = await import("../../server/lib/mail");
    const { newId } = await import("../../server/lib/tokens");
    const a = await open();
    const b = await open();
    await migrateWithStandIns(a);
    const clock = new FixedClock(new Date("2026-11-22T10:00:00Z"));
    const tenant = await createTenant(a.db, { email: "pg-help@example.test", firstName: "Kim", lastName: "P" });
    const helperId = newId();
    await a.db.insert(supportHelpers).values({
      id: helperId,
      userId: tenant.userId,
      name: "Hana",
      email: "pg-helper@example.test",
      relationship: "RELATIVE",
      confirmedAt: clock.now(),
      createdAt: clock.now(),
    });
    const queueSome = (db: Database, n: number) =>
      db.transaction(async (tx) => {
        for (let i = 0; i < n; i += 1)
          await queueEmail(tx, { to: "pg-help@example.test", userId: tenant.userId, template: "CLAIM_RAISED", subject: `Notice ${i}`, text: "Hello Kim," }, clock.now());
      });
    await queueSome(a.db, 6);
    const x = recorder(5);
    const y = recorder(5);
    const config = { smtpUrl: undefined, mailFrom: "test@keyfree.example" };
    await Promise.all([
      deliverPendingEmails({ db: a.db, config, clock }, { transport: x.transport, limit: 4 }),
      deliverPendingEmails({ db: b.db, config, clock }, { transport: y.transport, limit: 4 }),
      deliverPendingEmails({ db: a.db, config, clock }, { transport: x.transport, limit: 4 }),
      deliverPendingEmails({ db: b.db, config, clock }, { transport: y.transport, limit: 4 }),
    ]);
    const toHelper = [...x.sent, ...y.sent].filter((m) => m.to === "pg-helper@example.test").map((m) => m.subject);
    expect(toHelper.sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Copy for you: Notice ${i}`));

    // A copy being sent as the tenant removes the helper: the removal waits for that delivery to finish.
    const { removeSupportHelper } = await import("../../server/support-needs/service");
    await queueSome(a.db, 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sending!: () => void;
    const isSending = new Promise<void>((resolve) => (sending = resolve));
    const slow: MailTransport = {
      async sendMail(message) {
        if (message.to === "pg-helper@example.test") {
          sending();
          await held;
        }
        return {};
      },
    };
    const delivering = deliverPendingEmails({ db: a.db, config, clock }, { transport: slow, limit: 100 });
    await isSending;
    let removedYet = false;
    const removing = removeSupportHelper({ db: b.db, clock }, tenant.userId).then((r) => {
      removedYet = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(removedYet).toBe(false);
    release();
    await delivering;
    expect(await removing).toEqual({ removed: { name: "Hana", told: true } });
    expect(await a.db.select().from(outboxEmails).where(and(eq(outboxEmails.supportHelperId, helperId), isNotNull(outboxEmails.sentAt)))).toHaveLength(7);

    // Anything queued from now on reaches the tenant only, and the helper is told.
    await queueSome(b.db, 3);
    const z = recorder();
    await deliverPendingEmails({ db: b.db, config, clock }, { transport: z.transport, limit: 100 });
    expect(z.sent.filter((m) => m.to === "pg-helper@example.test").map((m) => m.subject)).toEqual(["You will no longer get copies of Kim's Keyfree emails"]);
    expect(z.sent.filter((m) => m.to === "pg-help@example.test")).toHaveLength(3);
  });
});
