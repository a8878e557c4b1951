/**
 * Your co-tenants (issue 38, decision 0061): the panel's facts in the order customer and the
 * claim answers (names and what each did when; never an e-mail, phone or amount), and "Remind
 * {first name}": an e-mail to the co-tenant, at most once in 24 hours per pair, counted in the
 * database; refused for oneself, a co-tenant with nothing to do, or one not on the order or claim.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cotenantReminders, outboxEmails } from "../../server/db/schema";
import { appLink } from "../../server/lib/app-url";
import { tooSoonMessage } from "../../server/lib/cotenant-reminders";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { raiseClaim } from "../../stand-ins/scenarios/claims";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const STEPS = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM"];
const HOUR = 3_600_000;

async function remindersTo(userId: string) {
  const rows = await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, userId));
  return rows.filter((e) => e.template === "COTENANT_REMINDER");
}

/** No e-mail address or phone number anywhere in the panel's data. */
function expectNoPrivateData(panel: unknown) {
  const text = JSON.stringify(panel);
  expect(text).not.toMatch(/@|07700|email|mobile|phone|amount/i);
}

describe("co-tenants on a Keyfree at checkout", () => {
  it("shows each co-tenant's steps and payment with when; reminds once in 24 hours per pair; refuses oneself, others, and nothing to do", async () => {
    const ann = await t.quickTenant({ email: "ct-ann@example.test", firstName: "Ann", lastName: "Lee" });
    const bo = await t.quickTenant({ email: "ct-bo@example.test", firstName: "Bo", lastName: "Ray" });
    const stranger = await t.quickTenant({ email: "ct-cy@example.test", firstName: "Cy" });
    const scenario = await createCheckoutScenario(
      t.db,
      {
        tenants: [
          { email: ann.email, firstName: "Ann", lastName: "Lee", mobileNumber: "07700900111" },
          { email: bo.email, firstName: "Bo", lastName: "Ray", mobileNumber: "07700900222" },
        ],
        ppm: 130_000,
        startDate: "2026-12-01",
        endDate: "2027-11-30",
        isNewTenancy: true,
        topUpEnabled: false,
        completed: [[...STEPS, "KEYFREE_PAY"], ["KEYFREE_ABOUT_YOU"]] as never,
      },
      t.clock.now(),
    );
    const own = (who: { customerId: string }) => `/orders/${scenario.orderId}/customers/${who.customerId}`;
    const remind = (who: { customerId: string }) => `/orders/${scenario.orderId}/co-tenants/${who.customerId}/reminders`;

    // Bo sees Ann: her steps finished and her share paid, each with when; nothing waiting.
    const boView = await t.json("GET", own(bo), undefined, bo.token);
    expect(boView.status).toBe(200);
    expect(boView.body.coTenants).toEqual([
      {
        id: ann.customerId,
        firstName: "Ann",
        lastName: "Lee",
        done: [
          { kind: "FINISHED_STEPS", at: t.clock.now().toISOString() },
          { kind: "PAID_SHARE", at: t.clock.now().toISOString() },
        ],
        waitingFor: null,
      },
    ]);
    expectNoPrivateData(boView.body.coTenants);
    // Ann sees Bo with his steps still to do.
    const annView = await t.json("GET", own(ann), undefined, ann.token);
    expect(annView.body.coTenants).toEqual([{ id: bo.customerId, firstName: "Bo", lastName: "Ray", done: [], waitingFor: "STEPS" }]);

    // Ann reminds Bo: one e-mail to Bo, with who asked, what is waiting, and the link to his checkout.
    const sent = await t.json("POST", remind(bo), undefined, ann.token);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: "We have e-mailed Bo a reminder.", nextReminderAt: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString() });
    const [email, ...more] = await remindersTo(bo.userId);
    expect(more).toEqual([]);
    expect(email!.to).toBe(bo.email);
    expect(email!.subject).toBe("Ann Lee asked us to remind you to finish your part of the Keyfree checkout");
    expect(email!.text).toContain("Hello Bo,");
    expect(email!.text).toContain(appLink(`/checkout/${scenario.orderId}/${bo.customerId}`));

    // A second press within 24 hours is refused, saying when the next can go (London time).
    const sentAt = t.clock.now();
    t.clock.advance(23 * HOUR);
    const again = await t.json("POST", remind(bo), undefined, ann.token);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(tooSoonMessage("Bo", sentAt));
    expect(again.body.message).toBe("You reminded Bo at 10:00am on 22nd Nov 2026 (UK time). You can send Bo another reminder from 10:00am on 23rd Nov 2026 (UK time).");
    expect(await remindersTo(bo.userId)).toHaveLength(1);
    // 24 hours on, it goes again; the pair is still one row.
    t.clock.advance(HOUR);
    expect((await t.json("POST", remind(bo), undefined, ann.token)).status).toBe(200);
    expect(await remindersTo(bo.userId)).toHaveLength(2);
    const rows = await t.db.select().from(cotenantReminders).where(and(eq(cotenantReminders.context, "ORDER"), eq(cotenantReminders.contextId, scenario.orderId)));
    expect(rows).toHaveLength(1);

    // Never oneself; Ann has nothing left to do; a stranger is not on the order (404 either way round).
    expect((await t.json("POST", remind(ann), undefined, ann.token)).status).toBe(400);
    const nothing = await t.json("POST", remind(ann), undefined, bo.token);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe("Ann has nothing left to do, so there is nothing to remind them of.");
    expect((await t.json("POST", remind(stranger), undefined, ann.token)).status).toBe(404);
    expect((await t.json("POST", remind(bo), undefined, stranger.token)).status).toBe(404);
  });

  it("two presses at once send one reminder", async () => {
    const ann = await t.quickTenant({ email: "ct2-ann@example.test", firstName: "Ann", lastName: "Lee" });
    const bo = await t.quickTenant({ email: "ct2-bo@example.test", firstName: "Bo", lastName: "Ray" });
    const scenario = await createCheckoutScenario(
      t.db,
      {
        tenants: [
          { email: ann.email, firstName: "Ann", lastName: "Lee" },
          { email: bo.email, firstName: "Bo", lastName: "Ray" },
        ],
        ppm: 130_000,
        startDate: "2026-12-01",
        endDate: "2027-11-30",
        isNewTenancy: true,
        topUpEnabled: false,
        completed: [STEPS, []] as never,
      },
      t.clock.now(),
    );
    const path = `/orders/${scenario.orderId}/co-tenants/${bo.customerId}/reminders`;
    const statuses = (await Promise.all([1, 2, 3].map(() => t.json("POST", path, undefined, ann.token)))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 429, 429]);
    expect(await remindersTo(bo.userId)).toHaveLength(1);
  });
});

describe("co-tenants on a claim", () => {
  it("names whose answer binds the claim and when, shows each co-tenant's answer, and reminds one who has to pay", async () => {
    const ana = await t.signedInTenant({ firstName: "Ana", lastName: "Lee" });
    const ben = await t.signedInTenant({ firstName: "Ben", lastName: "Cole" });
    const { tenancy } = await createTenancy(t.db, { tenantUserIds: [ana.userId, ben.userId] });
    await createKeyfreeOrder(t.db, { tenancyId: tenancy.id, ppm: 130_000, customers: [{ customerId: ana.customerId }, { customerId: ben.customerId }], status: "COMPLETE" });
    const claim = await raiseClaim(t.db, { tenancyId: tenancy.id, items: [{ description: "Cleaning", type: "CLEANING", amount: 10_000 }] }, t.clock.now());
    const path = `/claims/${claim.claimId}`;

    // Before anyone answers: both must answer; no binding answer yet.
    const before = await t.json("GET", path, undefined, ana.token);
    const benId = before.body.respondents.find((r: { isCurrentUser: boolean }) => !r.isCurrentUser).id;
    const anaId = before.body.respondents.find((r: { isCurrentUser: boolean }) => r.isCurrentUser).id;
    expect(before.body.coTenants).toEqual([{ id: benId, firstName: "Ben", lastName: "Cole", done: [], waitingFor: "ANSWER" }]);
    expect(before.body.bindingAnswer).toBeNull();

    t.clock.advance(HOUR);
    const acceptedAt = t.clock.now().toISOString();
    expect((await t.json("POST", `${path}/proposals/${claim.claimProposalId}/agree`, undefined, ben.token)).status).toBe(200);

    // Ana sees Ben's answer and that it binds; Ben sees his own answer binds, and Ana has her share to pay.
    const anaView = await t.json("GET", path, undefined, ana.token);
    expect(anaView.body.coTenants[0].done).toEqual([{ kind: "ACCEPTED", at: acceptedAt }]);
    expect(anaView.body.bindingAnswer).toEqual({ how: "ACCEPTED", firstName: "Ben", lastName: "Cole", byYou: false, at: acceptedAt });
    expectNoPrivateData([anaView.body.coTenants, anaView.body.bindingAnswer]);
    const benView = await t.json("GET", path, undefined, ben.token);
    expect(benView.body.bindingAnswer).toMatchObject({ how: "ACCEPTED", byYou: true });
    expect(benView.body.coTenants).toEqual([{ id: anaId, firstName: "Ana", lastName: "Lee", done: [], waitingFor: "PAY_SHARE" }]);

    // Ben reminds Ana to pay her share: the e-mail links the claim page; a second press is refused.
    const sent = await t.json("POST", `${path}/co-tenants/${anaId}/reminders`, undefined, ben.token);
    expect(sent.status).toBe(200);
    const [email] = await remindersTo(ana.userId);
    expect(email!.subject).toBe("Ben Cole asked us to remind you to pay your share");
    expect(email!.text).toContain(appLink(path));
    expect((await t.json("POST", `${path}/co-tenants/${anaId}/reminders`, undefined, ben.token)).status).toBe(429);
    expect((await t.json("POST", `${path}/co-tenants/${benId}/reminders`, undefined, ben.token)).status).toBe(400);
  });
});
