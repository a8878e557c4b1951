/**
 * "It's your turn" in the checkout (part 1 §2.3 'Waiting for other tenants...': "We will let you
 * know by email and SMS"; issue 28): when a tenant's step makes a co-tenant's next step one they
 * can do, that co-tenant is e-mailed and texted once, in the step's transaction.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, outboxSms, users } from "../../server/db/schema";
import { appLink } from "../../server/lib/app-url";
import { completeCheckoutActions, createCheckoutScenario, setReferenceOutcome } from "../../stand-ins/scenarios/checkout";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let seq = 0;
const EARLIER = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING"];
const BEFORE_SIGN = [...EARLIER, "KEYFREE_CONFIRM"];
const ALL_TICKED = {
  detailsCorrect: true,
  feeNonRefundable: true,
  remainLiable: true,
  respondWithinSevenDays: true,
  jointAndSeveralLiability: true,
  annualFee: true,
};

/** Two signed-in tenants on one Keyfree order, Ann with a mobile number. */
async function pair(completed: string[][]) {
  seq += 1;
  const ann = await t.quickTenant({ email: `turn-ann${seq}@example.test`, firstName: "Ann" });
  const bo = await t.quickTenant({ email: `turn-bo${seq}@example.test`, firstName: "Bo" });
  const scenario = await createCheckoutScenario(
    t.db,
    {
      tenants: [
        { email: ann.email, firstName: "Ann", lastName: "Lee", mobileNumber: "07700900111" },
        { email: bo.email, firstName: "Bo", lastName: "Lee" },
      ],
      ppm: 130_000,
      startDate: "2026-12-01",
      endDate: "2027-11-30",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: completed as never,
    },
    t.clock.now(),
  );
  const path = (who: { customerId: string }) => `/orders/${scenario.orderId}/customers/${who.customerId}`;
  return { ann, bo, scenario, path, annOc: scenario.tenants[0]!.orderCustomerId, boOc: scenario.tenants[1]!.orderCustomerId };
}

async function noticesTo(userIds: string[]) {
  const emails = await t.db.select().from(outboxEmails).where(inArray(outboxEmails.userId, userIds));
  const sms = await t.db.select().from(outboxSms).where(inArray(outboxSms.userId, userIds));
  return { emails: emails.filter((e) => e.template === "CHECKOUT_YOUR_TURN"), sms: sms.filter((s) => s.template === "CHECKOUT_YOUR_TURN") };
}

describe("CHECKOUT_YOUR_TURN", () => {
  it("the co-tenant confirms: the tenant waiting to sign is e-mailed and texted once, with the link to their checkout; the co-tenant is not", async () => {
    const { ann, bo, scenario, path } = await pair([BEFORE_SIGN, EARLIER]);
    // Ann is waiting: signing refuses.
    expect((await t.json("POST", `${path(ann)}/sign`, { acceptTerms: true }, ann.token)).status).toBe(409);

    const res = await t.json("POST", `${path(bo)}/confirm`, ALL_TICKED, bo.token);
    expect(res.status).toBe(200);

    const link = appLink(`/checkout/${scenario.orderId}/${ann.customerId}`);
    const { emails, sms } = await noticesTo([ann.userId, bo.userId]);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: ann.email, userId: ann.userId, subject: "It is your turn to finish your Keyfree" });
    expect(emails[0]!.text).toContain("Hello Ann,");
    expect(emails[0]!.text).toContain(link);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: "07700900111", userId: ann.userId });
    expect(sms[0]!.text).toBe(`Keyfree: Hi Ann, it's your turn to finish your Keyfree: ${link}`);

    // A double submit is refused and tells nobody again.
    expect((await t.json("POST", `${path(bo)}/confirm`, ALL_TICKED, bo.token)).status).toBe(409);
    // Ann signs now; Bo could already sign, so Bo is not told.
    expect((await t.json("POST", `${path(ann)}/sign`, { acceptTerms: true }, ann.token)).status).toBe(200);
    const after = await noticesTo([ann.userId, bo.userId]);
    expect(after.emails).toHaveLength(1);
    expect(after.sms).toHaveLength(1);
  });

  it("waiting to pay: told when the co-tenant signs the addendum; with text messages turned off, by e-mail only", async () => {
    const { ann, bo, path } = await pair([[...BEFORE_SIGN, "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM"], [...BEFORE_SIGN]]);
    await t.db.update(users).set({ smsNotices: false }).where(eq(users.id, ann.userId));
    expect((await t.json("POST", `${path(bo)}/sign`, { acceptTerms: true }, bo.token)).status).toBe(200);
    expect((await noticesTo([ann.userId, bo.userId])).emails).toHaveLength(0);
    expect((await t.json("POST", `${path(bo)}/sign-addendum`, { agree: true }, bo.token)).status).toBe(200);
    const { emails, sms } = await noticesTo([ann.userId, bo.userId]);
    expect(emails.map((e) => e.userId)).toEqual([ann.userId]);
    expect(sms).toHaveLength(0);
  });

  it("a passed reference (the referencing provider) lets the waiting tenant sign: they are told", async () => {
    const { ann, bo, boOc } = await pair([BEFORE_SIGN, ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"]]);
    // Bo's confirm is done for him first, so the reference is the last thing Ann waits for.
    await completeCheckoutActions(t.db, boOc, ["KEYFREE_CONFIRM"], t.clock.now());
    expect((await noticesTo([ann.userId, bo.userId])).emails).toHaveLength(0);
    await setReferenceOutcome(t.db, { orderCustomerId: boOc, status: "PASS" }, t.clock.now());
    const { emails, sms } = await noticesTo([ann.userId, bo.userId]);
    expect(emails.map((e) => e.userId)).toEqual([ann.userId]);
    expect(sms.map((s) => s.userId)).toEqual([ann.userId]);
  });

  it("a step that leaves the co-tenant still waiting tells nobody", async () => {
    const { ann, bo, boOc } = await pair([BEFORE_SIGN, ["KEYFREE_ABOUT_YOU"]]);
    const done = await completeCheckoutActions(t.db, boOc, ["KEYFREE_ADDRESS_HISTORY"], t.clock.now());
    expect(done).toHaveLength(1);
    expect(await noticesTo([ann.userId, bo.userId])).toEqual({ emails: [], sms: [] });
  });
});
