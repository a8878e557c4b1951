import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, supportMessages } from "../../server/db/schema";
import {
  SUPPORT_MESSAGES,
  SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR,
  SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR,
  TOO_MANY_SUPPORT_MESSAGES_FROM_ADDRESS,
  TOO_MANY_SUPPORT_MESSAGES_FROM_EMAIL,
} from "#common/support-messages";
import { FORBIDDEN_CHARACTERS_MESSAGE } from "#common/input";
import { SIGN_IN_FOR_REFERENCE_MESSAGE } from "../../server/support/service";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

/** Issue 26, scope 3: the contact page's message to support (POST /support-messages), signed in or not. */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ supportEmail: "help@support.example" });
});
afterAll(() => t.close());

async function ops(command: string, body: unknown) {
  const res = await t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });
  if (res.status !== 200) throw new Error(`ops ${command}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A tenant with a Keyfree and a claim against it, signed in. */
async function tenantWithClaim(email: string) {
  const tenancy = await ops("create-tenancy", {
    tenants: [{ email, firstName: "Ada", lastName: "Lovelace" }],
    ppm: 130_000,
    startDate: "2026-01-01",
    endDate: "2026-10-31",
    isNewTenancy: true,
    topUpEnabled: false,
    orderStatus: "COMPLETE",
  });
  const claim = await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000 }],
    mediationEnabled: true,
  });
  const token = (await t.json("POST", "/auth/login", { email, password: "Keyfree-demo-1" })).body.accessToken as string;
  return { token, orderId: tenancy.orderId as string, claimId: claim.claimId as string };
}

const from = (address: string) => ({ "x-forwarded-for": address });

async function outboxFor(to: string) {
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
}

describe("POST /support-messages", () => {
  it("signed in: stores the message with the tenant's own claim and order, e-mails support and sends the tenant a receipt", async () => {
    const ada = await tenantWithClaim("ada.contact@example.test");
    const res = await t.json(
      "POST",
      "/support-messages",
      { topic: "PAYMENT", message: "My payment has been processing for an hour.\nWhat now?", claimId: ada.claimId, orderId: ada.orderId, name: "Not me", email: "other@example.test" },
      ada.token,
      from("203.0.113.7"),
    );
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(supportMessages).where(eq(supportMessages.id, res.body.id));
    expect(row).toMatchObject({
      topic: "PAYMENT",
      message: "My payment has been processing for an hour.\nWhat now?",
      senderName: "Ada Lovelace",
      senderEmail: "ada.contact@example.test",
      claimId: ada.claimId,
      orderId: ada.orderId,
      clientAddress: "203.0.113.7",
    });
    expect(row!.userId).toBeTruthy();

    const [toSupport] = await outboxFor("help@support.example");
    expect(toSupport).toMatchObject({ template: "SUPPORT_MESSAGE" });
    expect(toSupport!.subject).toContain("A payment");
    expect(toSupport!.text).toContain("From: Ada Lovelace <ada.contact@example.test>");
    expect(toSupport!.text).toContain(`About: Claim ${ada.claimId}`);
    expect(toSupport!.text).toContain(`About: Order ${ada.orderId}`);
    expect(toSupport!.text).toContain("My payment has been processing for an hour.\nWhat now?");

    const receipts = await outboxFor("ada.contact@example.test");
    const receipt = receipts.find((e) => e.template === "SUPPORT_MESSAGE_RECEIPT");
    expect(receipt?.text).toContain("We have received your message");
    expect(receipt?.text).toContain("My payment has been processing for an hour.");
    expect(await outboxFor("other@example.test")).toEqual([]);
    // Neither carries a link (e2e/email-links.spec.ts lists them as e-mails with none).
    for (const email of [toSupport!, receipt!]) expect(email.text, email.template).not.toMatch(/https?:\/\//);
  });

  it("signed in: another tenant's claim or order is not found (404), and nothing is stored or sent", async () => {
    const owner = await tenantWithClaim("owner.contact@example.test");
    const other = await t.quickTenant();
    for (const body of [{ claimId: owner.claimId }, { orderId: owner.orderId }, { claimId: "no-such-claim" }]) {
      const res = await t.json("POST", "/support-messages", { topic: "CHARGES", message: "Hello", ...body }, other.token);
      expect(res.status, JSON.stringify(body)).toBe(404);
    }
    expect(await t.db.select().from(supportMessages).where(eq(supportMessages.senderEmail, other.email))).toEqual([]);
    expect(await outboxFor(other.email)).toEqual([]);
  });

  it("signed out: the name and e-mail given are used; both are required, and no claim or order may be named", async () => {
    const ok = await t.json("POST", "/support-messages", { topic: "OTHER", message: "Can I get a copy of my terms?", name: " Grace Hopper ", email: "grace@example.test" });
    expect(ok.status).toBe(201);
    const [row] = await t.db.select().from(supportMessages).where(eq(supportMessages.id, ok.body.id));
    expect(row).toMatchObject({ userId: null, senderName: "Grace Hopper", senderEmail: "grace@example.test", topic: "OTHER", claimId: null });
    expect((await outboxFor("grace@example.test")).map((e) => e.template)).toEqual(["SUPPORT_MESSAGE_RECEIPT"]);
    const toSupport = (await outboxFor("help@support.example")).find((e) => e.text.includes("Can I get a copy of my terms?"));
    expect(toSupport?.text).toContain("Signed in: no");

    expect(await t.json("POST", "/support-messages", { topic: "OTHER", message: "Hi", email: "grace@example.test" })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(SUPPORT_MESSAGES.name) },
    });
    expect(await t.json("POST", "/support-messages", { topic: "OTHER", message: "Hi", name: "Grace" })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(SUPPORT_MESSAGES.email) },
    });
    expect(
      await t.json("POST", "/support-messages", { topic: "OTHER", message: "Hi", name: "Grace", email: "grace@example.test", claimId: "abc" }),
    ).toMatchObject({ status: 400, body: { message: SIGN_IN_FOR_REFERENCE_MESSAGE } });
  });

  it("refuses a bad token (401), a missing or unknown topic, an empty or too long message and control characters (400)", async () => {
    const good = { topic: "OTHER", message: "Hi", name: "Grace", email: "grace2@example.test" };
    expect((await t.json("POST", "/support-messages", good, "A".repeat(43))).status).toBe(401);
    for (const [body, message] of [
      [{ ...good, topic: undefined }, SUPPORT_MESSAGES.topic],
      [{ ...good, topic: "REFUND" }, SUPPORT_MESSAGES.topic],
      [{ ...good, message: "   " }, SUPPORT_MESSAGES.message],
      [{ ...good, message: "x".repeat(5_001) }, SUPPORT_MESSAGES.messageTooLong],
      [{ ...good, message: "Hi\u0000" }, FORBIDDEN_CHARACTERS_MESSAGE],
      [{ ...good, name: "Gr\nace" }, FORBIDDEN_CHARACTERS_MESSAGE],
      [{ ...good, email: "not an email" }, "email"],
    ] as const) {
      const res = await t.json("POST", "/support-messages", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await outboxFor("grace2@example.test")).toEqual([]);
  });

  it(`throttles: ${SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR} an hour from one e-mail (any case), then 429 until the hour has passed`, async () => {
    const send = (i: number, email = "busy@example.test") =>
      t.json("POST", "/support-messages", { topic: "OTHER", message: `Message ${i}`, name: "Busy", email }, undefined, from(`198.51.100.${i}`));
    for (let i = 0; i < SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR; i++) expect((await send(i)).status).toBe(201);
    expect(await send(99, "BUSY@example.test")).toMatchObject({ status: 429, body: { message: TOO_MANY_SUPPORT_MESSAGES_FROM_EMAIL } });
    expect(await t.db.select().from(supportMessages).where(eq(supportMessages.message, "Message 99"))).toEqual([]);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await send(100)).status).toBe(201);
  });

  it(`throttles: ${SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR} an hour from one client address, whoever sends them`, async () => {
    const address = from("192.0.2.44");
    for (let i = 0; i < SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR; i++) {
      const res = await t.json("POST", "/support-messages", { topic: "OTHER", message: "Hi", name: "N", email: `n${i}@example.test` }, undefined, address);
      expect(res.status).toBe(201);
    }
    const refused = await t.json("POST", "/support-messages", { topic: "OTHER", message: "Hi", name: "N", email: "last@example.test" }, undefined, address);
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_SUPPORT_MESSAGES_FROM_ADDRESS } });
    expect(await outboxFor("last@example.test")).toEqual([]);
    // Another address is not held back.
    expect((await t.json("POST", "/support-messages", { topic: "OTHER", message: "Hi", name: "N", email: "last@example.test" }, undefined, from("192.0.2.45"))).status).toBe(201);
    expect(
      await t.db.select().from(supportMessages).where(and(eq(supportMessages.clientAddress, "192.0.2.44"), eq(supportMessages.senderEmail, "last@example.test"))),
    ).toEqual([]);
  });
});
