/**
 * Playing the other parties for the onboarding checkout and referencing (part 1 §2.3, §4.2):
 * an agent setting up a tenancy and its Keyfree order, the referencing provider giving an
 * outcome (the references service's setReferenceOutcome), and moving tenants through checkout
 * steps (the checkout service's completeOpenActions). Used by the tests, the ops CLI and the
 * demo data; each writes real rows through the schema and returns the ids it created.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { completeOpenActions } from "../../server/checkout/service";
import type { Database } from "../../server/db";
import { customers, orderCustomers, tenancyTenants, users } from "../../server/db/schema";
import { COVER_LEVELS } from "../../server/domain/fees";
import { CHECKOUT_ACTION_TYPES, type CheckoutActionType } from "../../server/domain/statuses";
import { createKeyfreeOrder, createOrganization, createTenancy } from "./builders";
import { findUserByEmail } from "../../server/accounts/account-service";
import { createTenant } from "./tenants";

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");
const checkoutActionType = z.enum(CHECKOUT_ACTION_TYPES);

const CheckoutScenarioInput = z
  .object({
    tenants: z
      .array(
        z.object({
          email: z.email(),
          firstName: z.string().min(1),
          lastName: z.string().min(1),
          password: z.string().min(8).optional(),
          /** The tenant's mobile number, as About You would have saved it (the "it's your turn" text message goes to it). */
          mobileNumber: z.string().min(1).max(20).optional(),
          /** How many tenants' shares this tenant pays (default 1; 0 when another tenant pays for them). */
          tenantLiability: z.number().int().min(0).optional(),
          /**
           * Whether the tenant has read the onboarding introduction ('I understand'). By default a
           * tenant who has completed a checkout action has; one with none done has not.
           */
          onboardingIntroductionComplete: z.boolean().optional(),
          /** The tenant's guarantor on this tenancy (part 1 §3 Tenancy user), named when referencing asks for one. */
          guarantor: z.object({ firstName: z.string().min(1), lastName: z.string().min(1) }).optional(),
        }),
      )
      .min(1),
    /** Rent per month, in pence. */
    ppm: z.number().int().positive(),
    startDate: calendarDate,
    endDate: calendarDate.nullable(),
    isNewTenancy: z.boolean(),
    topUpEnabled: z.boolean(),
    /** Per tenant (same order as `tenants`): the checkout actions they have already completed. */
    completed: z.array(z.array(checkoutActionType)).optional(),
    orderStatus: z.enum(["PENDING", "COMPLETE"]).optional(),
    organizationName: z.string().min(1).optional(),
    /** The agent's or landlord's e-mail address (issue 38: the inventory request and a move-out go to it); null holds none. */
    agentEmail: z.string().email().nullable().optional(),
    termsLink: z.string().url().nullable().optional(),
    coverLevel: z.enum(COVER_LEVELS).optional(),
    /** The checkout actions each tenant has (all of them by default). */
    actionTypes: z.array(checkoutActionType).min(1).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.endDate !== null && input.endDate < input.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "endDate is before startDate" });
    }
    if (input.completed && input.completed.length > input.tenants.length) {
      ctx.addIssue({ code: "custom", path: ["completed"], message: "completed has more entries than there are tenants" });
    }
    const emails = input.tenants.map((t) => t.email.toLowerCase());
    if (new Set(emails).size !== emails.length) {
      ctx.addIssue({ code: "custom", path: ["tenants"], message: "Each tenant needs a different email" });
    }
    if (input.tenants.every((t) => (t.tenantLiability ?? 1) === 0)) {
      ctx.addIssue({ code: "custom", path: ["tenants"], message: "At least one tenant must be liable" });
    }
  });

export type CheckoutScenarioInput = z.input<typeof CheckoutScenarioInput>;

/**
 * An agent sets up a tenancy with its tenants and the Keyfree order they must check out: one
 * user and customer per tenant (an existing user with the same email is reused), the tenancy
 * with its tenants, and the order with one order customer per tenant holding the checkout
 * actions (About You, address history, referencing, confirm, terms, addendum, pay) and their
 * share of the fee (one week's rent, minimum £150). `completed` marks actions already done;
 * `orderStatus: "COMPLETE"` makes a finished Keyfree.
 */
export async function createCheckoutScenario(db: Database, input: CheckoutScenarioInput, now: Date) {
  const data = CheckoutScenarioInput.parse(input);
  const tenants = [];
  for (const t of data.tenants) {
    const existing = await findUserByEmail(db, t.email);
    if (existing) {
      const [customer] = await db.select().from(customers).where(eq(customers.userId, existing.id)).limit(1);
      if (!customer) throw new Error(`The user ${t.email} has no customer record`);
      tenants.push({ userId: existing.id, customerId: customer.id, email: existing.email, input: t, reused: true });
    } else {
      const created = await createTenant(db, { email: t.email, firstName: t.firstName, lastName: t.lastName, password: t.password });
      tenants.push({ ...created, input: t, reused: false });
    }
  }
  const organization = await createOrganization(db, { name: data.organizationName, topUpEnabled: data.topUpEnabled, contactEmail: data.agentEmail });
  const { tenancy, property, address } = await createTenancy(db, {
    tenantUserIds: tenants.map((t) => t.userId),
    organizationId: organization.id,
    ppm: data.ppm,
    startDate: data.startDate,
    endDate: data.endDate,
    isNewTenancy: data.isNewTenancy,
    termsLink: data.termsLink ?? null,
    coverLevel: data.coverLevel,
    completedAt: data.orderStatus === "COMPLETE" ? now : null,
  });
  for (const t of tenants) {
    if (!t.input.guarantor) continue;
    await db
      .update(tenancyTenants)
      .set({ guarantorFirstName: t.input.guarantor.firstName, guarantorLastName: t.input.guarantor.lastName })
      .where(and(eq(tenancyTenants.tenancyId, tenancy.id), eq(tenancyTenants.userId, t.userId)));
  }
  const order = await createKeyfreeOrder(db, {
    tenancyId: tenancy.id,
    ppm: data.ppm,
    status: data.orderStatus ?? "PENDING",
    actionTypes: data.actionTypes,
    completedAt: now,
    customers: tenants.map((t, i) => ({
      customerId: t.customerId,
      tenantLiability: t.input.tenantLiability ?? 1,
      completed: data.completed?.[i] ?? [],
    })),
  });
  for (const [i, t] of tenants.entries()) {
    if (t.input.mobileNumber !== undefined) await db.update(users).set({ mobileNumber: t.input.mobileNumber }).where(eq(users.id, t.userId));
    // A user who already existed keeps what they have read unless told otherwise.
    if (t.reused && t.input.onboardingIntroductionComplete === undefined) continue;
    const seen = t.input.onboardingIntroductionComplete ?? (data.completed?.[i] ?? []).length > 0;
    await db.update(users).set({ onboardingIntroductionComplete: seen }).where(eq(users.id, t.userId));
  }
  return {
    organizationId: organization.id,
    tenancyId: tenancy.id,
    propertyId: property.id,
    addressId: address.id,
    orderId: order.orderId,
    tenants: tenants.map((t, i) => {
      const oc = order.orderCustomers[i]!;
      return {
        userId: t.userId,
        customerId: t.customerId,
        email: t.email,
        orderCustomerId: oc.orderCustomerId,
        actionIds: Object.fromEntries(oc.actions.map((a) => [a.typeId, a.id])) as Partial<Record<CheckoutActionType, string>>,
      };
    }),
  };
}

/**
 * Moves a tenant through checkout steps as if they had done them: the order customer's open
 * actions of the given types are completed now. Returns the ids of the actions completed
 * (actions already done are left as they were).
 */
export async function completeCheckoutActions(
  db: Database,
  orderCustomerId: string,
  types: readonly CheckoutActionType[],
  now: Date,
) {
  const parsed = z.array(checkoutActionType).min(1).parse(types);
  const [oc] = await db.select({ id: orderCustomers.id }).from(orderCustomers).where(eq(orderCustomers.id, orderCustomerId)).limit(1);
  if (!oc) throw new Error(`No order customer ${orderCustomerId}`);
  return db.transaction((tx) => completeOpenActions(tx, orderCustomerId, parsed, now));
}

/** The referencing provider's outcome: the references service applies it. */
export { setReferenceOutcome, type ReferenceOutcomeInput } from "../../server/references/service";
