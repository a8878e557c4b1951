/**
 * Issue 38: the referencing page promises "We'll let you know by email once…". The referencing
 * provider's outcome (setReferenceOutcome, the ops command set-reference-outcome) sends the tenant
 * whose reference it is REFERENCE_OUTCOME, by e-mail and text, once, with a link to their checkout
 * (passed: their next step) or their referencing page, which the API answers for them.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, outboxSms } from "../../server/db/schema";
import { appLink } from "../../server/lib/app-url";
import { createCheckoutScenario, setReferenceOutcome } from "../../stand-ins/scenarios/checkout";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let seq = 0;
const BEFORE_REFERENCING = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"];

/** Ann (with a mobile number and a named guarantor) and Bo on one Keyfree, both at their referencing step. */
async function pair() {
  seq += 1;
  const ann = await t.quickTenant({ email: `ref-ann${seq}@example.test`, firstName: "Ann" });
  const bo = await t.quickTenant({ email: `ref-bo${seq}@example.test`, firstName: "Bo" });
  const scenario = await createCheckoutScenario(
    t.db,
    {
      tenants: [
        { email: ann.email, firstName: "Ann", lastName: "Lee", mobileNumber: "07700900222", guarantor: { firstName: "Gil", lastName: "Lee" } },
        { email: bo.email, firstName: "Bo", lastName: "Lee" },
      ],
      ppm: 130_000,
      startDate: "2026-12-01",
      endDate: "2027-11-30",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [BEFORE_REFERENCING, BEFORE_REFERENCING] as never,
    },
    t.clock.now(),
  );
  return { ann, bo, scenario, annOc: scenario.tenants[0]!.orderCustomerId };
}

async function outcomesTo(userId: string) {
  const where = and(eq(outboxEmails.userId, userId), eq(outboxEmails.template, "REFERENCE_OUTCOME"));
  const emails = await t.db.select().from(outboxEmails).where(where);
  const sms = await t.db.select().from(outboxSms).where(and(eq(outboxSms.userId, userId), eq(outboxSms.template, "REFERENCE_OUTCOME")));
  return { emails, sms };
}

describe("REFERENCE_OUTCOME", () => {
  it("passed: the tenant is e-mailed and texted once that it is their turn, with a link to their checkout that the API answers; nobody else is", async () => {
    const { ann, bo, scenario, annOc } = await pair();
    await setReferenceOutcome(t.db, { orderCustomerId: annOc, status: "PASS" }, t.clock.now());
    const link = appLink(`/checkout/${scenario.orderId}/${ann.customerId}`);
    const { emails, sms } = await outcomesTo(ann.userId);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: ann.email, subject: "You have passed our eligibility checks" });
    expect(emails[0]!.text).toContain("Hello Ann,");
    expect(emails[0]!.text).toContain("It is now your turn to carry on with your Keyfree.");
    expect(emails[0]!.text).toContain(link);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: "07700900222", text: `Keyfree: Hi Ann, you have passed our eligibility checks. It's your turn to carry on with your Keyfree: ${link}` });
    expect((await outcomesTo(bo.userId)).emails).toHaveLength(0);
    // The link's page: their order customer, whose next step is now the confirm step.
    const res = await t.json("GET", `/orders/${scenario.orderId}/customers/${ann.customerId}`, undefined, ann.token);
    expect(res.status).toBe(200);
    // Once: the reference cannot pass again.
    await expect(setReferenceOutcome(t.db, { orderCustomerId: annOc, status: "PASS" }, t.clock.now())).rejects.toThrow("already PASS");
    expect((await outcomesTo(ann.userId)).emails).toHaveLength(1);
  });

  it("a guarantor needed names them and promises word once they have passed; their pass then tells the tenant", async () => {
    const { ann, scenario, annOc } = await pair();
    await setReferenceOutcome(t.db, { orderCustomerId: annOc, status: "GUARANTOR_REQUIRED" }, t.clock.now());
    let { emails } = await outcomesTo(ann.userId);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("A guarantor is needed");
    expect(emails[0]!.text).toContain("we need your guarantor, Gil Lee, to pass our checks as well. We will let you know by email once they have.");
    expect(emails[0]!.text).toContain(appLink(`/checkout/${scenario.orderId}/${ann.customerId}/referencing`));
    await setReferenceOutcome(t.db, { orderCustomerId: annOc, status: "PASS" }, t.clock.now());
    ({ emails } = await outcomesTo(ann.userId));
    expect(emails.map((e) => e.subject).sort()).toEqual(["A guarantor is needed", "You have passed our eligibility checks"]);
  });

  it("more information, then in review (nothing sent), then not passed, each in the page's words with the referencing link", async () => {
    const { ann, scenario, annOc } = await pair();
    const referencing = appLink(`/checkout/${scenario.orderId}/${ann.customerId}/referencing`);
    const { referenceId } = await setReferenceOutcome(t.db, { orderCustomerId: annOc, status: "INFO_REQUIRED" }, t.clock.now());
    await setReferenceOutcome(t.db, { referenceId, status: "IN_REVIEW" }, t.clock.now());
    await setReferenceOutcome(t.db, { referenceId, status: "FAIL" }, t.clock.now());
    const { emails } = await outcomesTo(ann.userId);
    expect(emails.map((e) => e.subject)).toEqual(["We need a little more information", "We can't offer you Keyfree"]);
    expect(emails[0]!.text).toContain("please upload a proof of identity and a proof of address");
    expect(emails[1]!.text).toContain("Sorry, you have not passed our eligibility checks, so we can't offer you Keyfree for");
    for (const e of emails) expect(e.text).toContain(referencing);
  });
});
