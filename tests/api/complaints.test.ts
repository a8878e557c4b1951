import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPLAINT_MESSAGES } from "#common/complaints";
import { outboxEmails } from "../../server/db/schema";
import { runDueJobs } from "../../server/jobs/sweeper";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

/** Issue 40: complaints (POST /complaints, GET /complaints/{reference}), the ops responses and the sweeper's 8-week e-mail. */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const RAISED_AT = new Date("2026-11-22T10:00:00Z"); // a Sunday
const deps = () => ({ db: t.db, config: t.config, clock: t.clock, files: t.files, payments: t.payments });
const ops = (command: string, body: unknown) => t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });
const outboxFor = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
const tokenFrom = (text: string) => /\/complaints\/C-[A-Z0-9]{8}\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

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
  const claim = await ops("raise-claim", { tenancyId: tenancy.body.tenancyId, items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000 }], mediationEnabled: true });
  const token = (await t.json("POST", "/auth/login", { email, password: "Keyfree-demo-1" })).body.accessToken as string;
  return { token, orderId: tenancy.body.orderId as string, claimId: claim.body.claimId as string };
}

const complaint = { topic: "CHARGE", whatHappened: "I was charged for carpet cleaning I did not need.", putRight: "Take the charge off." };

describe("complaints", () => {
  it("signed in: raised about the tenant's own claim, acknowledged by e-mail with the dates, readable by its owner only", async () => {
    t.clock.set(RAISED_AT);
    const ada = await tenantWithClaim("ada.complaint@example.test");
    const raised = await t.json("POST", "/complaints", { ...complaint, claimId: ada.claimId }, ada.token);
    expect(raised.status).toBe(201);
    const reference = raised.body.reference as string;
    expect(reference).toMatch(/^C-[A-Z0-9]{8}$/);

    const [ack] = await outboxFor("ada.complaint@example.test").then((rows) => rows.filter((r) => r.template === "COMPLAINT_ACKNOWLEDGED"));
    expect(ack!.subject).toBe(`We have your complaint (${reference})`);
    expect(ack!.text).toContain("Friday 27 November 2026"); // 5 working days after a Sunday
    expect(ack!.text).toContain("Sunday 17 January 2027"); // 8 weeks
    expect(ack!.text).toContain("Orchard"); // the claim's property, not only the topic
    const token = tokenFrom(ack!.text);
    expect(token).toBeTruthy();

    const own = await t.json("GET", `/complaints/${reference}`, undefined, ada.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      reference,
      topic: "CHARGE",
      status: "ACKNOWLEDGED",
      acknowledgeBy: "2026-11-27",
      finalResponseBy: "2027-01-17",
      responses: [],
      ombudsman: null,
    });
    // Signed out with the token from the acknowledgement; without it (or as another tenant) it does not exist.
    expect((await t.json("GET", `/complaints/${reference}?token=${token}`)).status).toBe(200);
    expect((await t.json("GET", `/complaints/${reference}`)).status).toBe(404);
    expect((await t.json("GET", `/complaints/${reference}?token=wrong`)).status).toBe(404);
    const other = await t.quickTenant();
    expect((await t.json("GET", `/complaints/${reference}`, undefined, other.token)).status).toBe(404);
  });

  it("refuses another tenant's claim (404), a claim named signed out (400), and a signed-out complaint without a name or e-mail (400)", async () => {
    const ada = await tenantWithClaim("ada.other@example.test");
    const other = await t.quickTenant();
    const foreign = await t.json("POST", "/complaints", { ...complaint, claimId: ada.claimId }, other.token);
    expect(foreign.status).toBe(404);
    const signedOut = await t.json("POST", "/complaints", { ...complaint, claimId: ada.claimId, name: "Ada", email: "ada@example.test" });
    expect(signedOut.status).toBe(400);
    expect(signedOut.body.message).toBe(COMPLAINT_MESSAGES.signInForReference);
    const noName = await t.json("POST", "/complaints", { ...complaint, email: "someone@example.test" });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain(COMPLAINT_MESSAGES.name);
    const empty = await t.json("POST", "/complaints", { ...complaint, whatHappened: "  ", name: "Sam", email: "sam@example.test" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(COMPLAINT_MESSAGES.whatHappened);
  });

  it("signed out: a holding then a final response by ops, each e-mailed; the final one names the ombudsman; no response after it", async () => {
    t.clock.set(RAISED_AT);
    const raised = await t.json("POST", "/complaints", { ...complaint, topic: "SERVICE", name: "Sam Jones", email: "sam.complaint@example.test" });
    expect(raised.status).toBe(201);
    const reference = raised.body.reference as string;
    const token = tokenFrom((await outboxFor("sam.complaint@example.test"))[0]!.text);

    const holding = await ops("respond-to-complaint", { reference, holding: true, message: "We are looking into it." });
    expect(holding.status).toBe(200);
    let page = await t.json("GET", `/complaints/${reference}?token=${token}`);
    expect(page.body.status).toBe("RESPONDED");
    expect(page.body.ombudsman).toBeNull();

    const listed = await ops("complaints", {});
    expect(listed.body.complaints.find((c: { reference: string }) => c.reference === reference)).toMatchObject({ status: "ACKNOWLEDGED", finalResponseBy: "2027-01-17" });

    expect((await ops("respond-to-complaint", { reference, message: "Neither" })).status).toBe(400);
    const final = await ops("respond-to-complaint", { reference, final: true, message: "We have taken the charge off." });
    expect(final.status).toBe(200);
    page = await t.json("GET", `/complaints/${reference}?token=${token}`);
    expect(page.body.status).toBe("FINAL_RESPONSE");
    expect(page.body.responses.map((r: { final: boolean; message: string }) => [r.final, r.message])).toEqual([
      [false, "We are looking into it."],
      [true, "We have taken the charge off."],
    ]);
    expect(page.body.ombudsman).toMatchObject({ name: "the Financial Ombudsman Service", website: "https://www.financial-ombudsman.org.uk", referWithinMonths: 6 });

    const emails = (await outboxFor("sam.complaint@example.test")).filter((e) => e.template === "COMPLAINT_RESPONSE");
    expect(emails).toHaveLength(2);
    const finalEmail = emails.find((e) => e.subject.startsWith("Our final response"))!;
    expect(finalEmail.text).toContain("Exchange Tower, London E14 9SR");
    expect(finalEmail.text).toContain("6 months");
    expect(emails.find((e) => e.subject.startsWith("An update"))!.text).not.toContain("Ombudsman");

    expect((await ops("respond-to-complaint", { reference, final: true, message: "Again" })).status).toBe(409);
  });

  it("the sweeper's 8-week e-mail goes once, only after 8 weeks without a final response", async () => {
    t.clock.set(RAISED_AT);
    const raised = await t.json("POST", "/complaints", { ...complaint, topic: "DATA", name: "Kim Lee", email: "kim.complaint@example.test" });
    const reference = raised.body.reference as string;
    const eightWeekEmails = async () => (await outboxFor("kim.complaint@example.test")).filter((e) => e.template === "COMPLAINT_EIGHT_WEEKS");

    t.clock.set(new Date("2027-01-17T23:00:00Z")); // the last day of the 8 weeks
    await runDueJobs(deps());
    expect(await eightWeekEmails()).toHaveLength(0);

    t.clock.set(new Date("2027-01-18T09:00:00Z"));
    await runDueJobs(deps());
    await runDueJobs(deps());
    const sent = await eightWeekEmails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("the Financial Ombudsman Service");
    expect(sent[0]!.text).toContain("6 months");

    const token = tokenFrom((await outboxFor("kim.complaint@example.test")).find((e) => e.template === "COMPLAINT_ACKNOWLEDGED")!.text);
    const page = await t.json("GET", `/complaints/${reference}?token=${token}`);
    expect(page.body.status).toBe("OVERDUE");
    expect(page.body.ombudsman).not.toBeNull();
  });
});
