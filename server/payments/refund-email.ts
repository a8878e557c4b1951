import { and, eq } from "drizzle-orm";
import { plainPounds } from "#common/wording";
import type { DbOrTx } from "../db";
import { customers, outboxEmails, users } from "../db/schema";
import { queueEmail } from "../lib/mail";

/**
 * The PAYMENT_REFUNDED e-mail: the tenant is told how much came back, why, and when it reaches
 * their account. Once per refund: the provider's refund id is in the text, and a second call for
 * the same refund queues nothing.
 */
export async function queueRefundEmail(
  db: DbOrTx,
  input: { customerId: string; amountPence: number; refundId: string; why: string },
  now: Date,
) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(customers.id, input.customerId))
    .limit(1);
  if (!user) return;
  const back = plainPounds(input.amountPence);
  const text = [
    `Hello ${user.firstName},`,
    "",
    input.why,
    "Refunds usually reach your account within 5 to 10 working days.",
    "",
    `Reference: ${input.refundId}`,
  ].join("\n");
  const [already] = await db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.userId, user.id), eq(outboxEmails.template, "PAYMENT_REFUNDED"), eq(outboxEmails.text, text)))
    .limit(1);
  if (already) return;
  await queueEmail(db, { to: user.email, userId: user.id, template: "PAYMENT_REFUNDED", subject: `We have refunded ${back} to your card`, text }, now);
}
