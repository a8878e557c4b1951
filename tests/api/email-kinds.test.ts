import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outboxEmails } from "../../server/db/schema";
import { queueRefundEmail } from "../../server/payments/refund-email";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * e2e/email-links.spec.ts follows every link of every kind of e-mail but one: the refund e-mail
 * needs a card payment refused through the sandbox (tests/api/refunds.test.ts). Here: it carries
 * no link that could land on "Sorry we can't find that".
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("the PAYMENT_REFUNDED e-mail has no link in it", async () => {
  const tenant = await t.quickTenant();
  await queueRefundEmail(
    t.db,
    { customerId: tenant.customerId, amountPence: 12_000, refundId: "re_test_1", why: "Your landlord or agent did not accept your proposal." },
    t.clock.now(),
  );
  const [email] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, tenant.email));
  expect(email?.template).toBe("PAYMENT_REFUNDED");
  expect(email!.text).toContain("re_test_1");
  expect(email!.text).not.toMatch(/https?:\/\/|\/[a-z-]+\/[A-Za-z0-9-]+/);
});
