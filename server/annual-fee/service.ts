/**
 * Raising the annual fee (part 2 §2 annual fee page, §9: "Annual fee £30, split between
 * tenants, payable after the first year; unpaid years roll into the next payment
 * (yearsToBePaid, default 1)"). The back office (the ops CLI) and the demo data call it.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db";
import {
  customers,
  orderCustomerActions,
  orderCustomers,
  orders,
  tenancies,
  tenancyAnniversaries,
  tenancyTenants,
  users,
} from "../db/schema";
import { annualFeeSchedule, annualFeeSharePence } from "../domain/fees";
import { PRODUCT_CODE } from "#common/product";
import { strugglingToPayEmailLines } from "#common/struggling-to-pay";
import { queueEmail } from "../lib/mail";
import { newId } from "../lib/tokens";
import { plainPounds } from "#common/wording";
import { appUrl } from "../payment-plans";
import { breathingSpacesInForce } from "../lib/breathing-space-reads";

/** The annual fee page's note when an unpaid year is rolled in (part 2 §2). */
export const ROLL_OVER_NOTE = "As your previous year's fee was not paid, it has been rolled into this year's payment.";

const AnnualFeeOrderInput = z.object({
  tenancyId: z.string().min(1),
  /** yearsToBePaid: how many anniversaries this payment covers (default: every due, unpaid one). */
  years: z.number().int().min(1).optional(),
  /** The order's redirectUrl (part 1 §4.3): where the browser goes after paying instead of the success page. */
  redirectUrl: z
    .string()
    .max(2000)
    .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https?:\/\/[^/]/.test(v), "Use a path on this site or an http(s) URL")
    .nullish(),
});
export type AnnualFeeOrderInput = z.input<typeof AnnualFeeOrderInput>;

/**
 * Raises the annual fee (top-up) for a tenancy over 12 months (part 2 §2, §9): the
 * tenancy-anniversary rows for the years it covers, and a TOP_UP order (PENDING)
 * with, for each tenant's customer, an order customer and a TOP_UP_PAY action whose
 * details carry `yearsToBePaid` and `amountRemaining` (their share: £30 a year split
 * between the tenants by tenantLiability). Each tenant is e-mailed a link to
 * /annual-fee/{orderId}/{customerId}; with more than one year the e-mail carries the
 * roll-over note.
 * Readings chosen: the years covered are the most recent `years` anniversaries that
 * are due (start date + N years, on or before today in London) and unpaid; a year
 * that already has an unpaid order is refused rather than moved to a second order.
 * Each tenant's liability is taken from the tenancy's Keyfree order when there is
 * one (a tenant paying for others pays their shares too), otherwise 1 each.
 */
export async function createAnnualFeeOrder(db: Database, input: AnnualFeeOrderInput, now: Date) {
  const data = AnnualFeeOrderInput.parse(input);
  const [tenancy] = await db.select().from(tenancies).where(eq(tenancies.id, data.tenancyId)).limit(1);
  if (!tenancy) throw new Error(`No tenancy ${data.tenancyId}`);
  const schedule = annualFeeSchedule({ startDate: tenancy.startDate, endDate: tenancy.endDate }, now);
  if (!schedule.hasAnnualFee) throw new Error(`Tenancy ${tenancy.id} is not over 12 months, so it has no annual fee`);

  const existing = await db
    .select({ anniversary: tenancyAnniversaries, orderStatus: orders.statusId })
    .from(tenancyAnniversaries)
    .leftJoin(orders, eq(orders.id, tenancyAnniversaries.orderId))
    .where(eq(tenancyAnniversaries.tenancyId, tenancy.id));
  const byYear = new Map(existing.map((e) => [e.anniversary.yearNumber, e]));
  const isPaid = (year: number) => {
    const row = byYear.get(year);
    return row !== undefined && (row.anniversary.paidAt !== null || row.orderStatus === "COMPLETE");
  };
  const unpaidDue = schedule.dueAnniversaries.filter((a) => !isPaid(a.year));
  const years = data.years ?? unpaidDue.length;
  if (years === 0) throw new Error(`No annual fee is due for tenancy ${tenancy.id}`);
  if (years > unpaidDue.length) {
    throw new Error(`Tenancy ${tenancy.id} has ${unpaidDue.length} unpaid anniversaries due, fewer than ${years}`);
  }
  const covered = unpaidDue.slice(unpaidDue.length - years);
  for (const a of covered) {
    const row = byYear.get(a.year);
    if (row?.anniversary.orderId && row.orderStatus === "PENDING") {
      throw new Error(`Year ${a.year} of tenancy ${tenancy.id} already has an unpaid annual fee order ${row.anniversary.orderId}`);
    }
  }

  const tenants = await db
    .select({ customerId: customers.id, userId: users.id, email: users.email, firstName: users.firstName })
    .from(tenancyTenants)
    .innerJoin(users, eq(users.id, tenancyTenants.userId))
    .innerJoin(customers, eq(customers.userId, users.id))
    .where(eq(tenancyTenants.tenancyId, tenancy.id))
    .orderBy(tenancyTenants.createdAt, tenancyTenants.id);
  if (tenants.length === 0) throw new Error(`Tenancy ${tenancy.id} has no tenants`);
  // Breathing Space (issue 36, decision 0047): no fee is added while a tenant of the tenancy is in one.
  if ((await breathingSpacesInForce(db, tenants.map((t) => t.userId), now)).size > 0) {
    throw new Error(`A tenant of tenancy ${tenancy.id} is in Breathing Space: no fee is added while it lasts, so raise the annual fee after it ends`);
  }
  const [keyfreeOrder] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenancyId, tenancy.id), eq(orders.productId, PRODUCT_CODE)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const liabilities = keyfreeOrder
    ? await db
        .select({ customerId: orderCustomers.customerId, tenantLiability: orderCustomers.tenantLiability })
        .from(orderCustomers)
        .where(
          and(
            eq(orderCustomers.orderId, keyfreeOrder.id),
            inArray(
              orderCustomers.customerId,
              tenants.map((t) => t.customerId),
            ),
          ),
        )
    : [];
  const liabilityOf = (customerId: string) => liabilities.find((l) => l.customerId === customerId)?.tenantLiability ?? 1;
  const liable = tenants.map((t) => ({ ...t, id: t.customerId, tenantLiability: liabilityOf(t.customerId) }));
  const payers = liable.filter((t) => t.tenantLiability > 0);

  const orderId = newId();
  const created = payers.map((t) => ({
    orderCustomerId: newId(),
    actionId: newId(),
    customerId: t.customerId,
    userId: t.userId,
    email: t.email,
    firstName: t.firstName,
    amountRemaining: annualFeeSharePence(liable, t.customerId, years),
  }));
  const anniversaryYears = covered.map((a) => a.year);

  const anniversaryIds = await db.transaction(async (tx) => {
    await tx.insert(orders).values({
      id: orderId,
      tenancyId: tenancy.id,
      productId: "TOP_UP",
      statusId: "PENDING",
      redirectUrl: data.redirectUrl ?? null,
      createdAt: now,
    });
    for (const c of created) {
      await tx.insert(orderCustomers).values({
        id: c.orderCustomerId,
        orderId,
        customerId: c.customerId,
        fee: c.amountRemaining,
        tenantLiability: liabilityOf(c.customerId),
        createdAt: now,
      });
      await tx.insert(orderCustomerActions).values({
        id: c.actionId,
        orderCustomerId: c.orderCustomerId,
        typeId: "TOP_UP_PAY",
        position: 0,
        details: { yearsToBePaid: years, amountRemaining: c.amountRemaining, anniversaryYears },
        createdAt: now,
      });
    }
    const ids: string[] = [];
    for (const a of covered) {
      const [row] = await tx
        .insert(tenancyAnniversaries)
        .values({ id: newId(), tenancyId: tenancy.id, anniversaryDate: a.date, yearNumber: a.year, orderId, createdAt: now })
        .onConflictDoUpdate({
          target: [tenancyAnniversaries.tenancyId, tenancyAnniversaries.yearNumber],
          set: { orderId, anniversaryDate: a.date },
        })
        .returning({ id: tenancyAnniversaries.id });
      ids.push(row!.id);
    }
    for (const c of created) {
      await queueEmail(
        tx,
        {
          to: c.email,
          userId: c.userId,
          template: "ANNUAL_FEE_DUE",
          subject: "Your annual fee is due",
          text: [
            `Hello ${c.firstName},`,
            "",
            years > 1
              ? `Your share of the annual fee payment for ${years} years is ${plainPounds(c.amountRemaining)}.`
              : `Your share of the annual fee payment is ${plainPounds(c.amountRemaining)}.`,
            ...(years > 1 ? [ROLL_OVER_NOTE] : []),
            "You can pay it here:",
            `${appUrl()}/annual-fee/${orderId}/${c.customerId}`,
            ...strugglingToPayEmailLines(appUrl()),
          ].join("\n"),
        },
        now,
      );
    }
    return ids;
  });

  return {
    orderId,
    yearsToBePaid: years,
    anniversaryIds,
    orderCustomers: created.map((c) => ({
      orderCustomerId: c.orderCustomerId,
      customerId: c.customerId,
      actionId: c.actionId,
      amountRemaining: c.amountRemaining,
    })),
  };
}
