import { z } from "@hono/zod-openapi";
import type { addresses } from "../db/schema";

// ── The address ─────────────────────────────────────────────────────────────────────

/**
 * An address as the spec's Address entity gives it (part 1 §3), without its history fields: the
 * one address shape the API answers with. Every other address schema builds on it: the address
 * history's (Address, account.views.ts), a payment plan's (PaymentPlanAddress), a lookup's result
 * (AddressLookupResult, below) and an offer's property (KeyfreeOfferAddress: the fields an offer
 * stores). What a tenant sends is checked by the input schemas (AddressInput, PaymentPlanAddressInput).
 */
export const PropertyAddressSchema = z
  .object({
    buildingName: z.string().nullable(),
    roomNumber: z.string().nullable(),
    flatNumber: z.string().nullable(),
    buildingNumber: z.string().nullable(),
    street: z.string(),
    subStreet: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string(),
    country: z.string(),
  })
  .openapi("PropertyAddress");

/** The address type every address view and lookup shares. */
export type PropertyAddress = z.infer<typeof PropertyAddressSchema>;

/** An address found for a postcode (part 2 §7 searchAddressesByPostcode): the address, with the lookup's id for it. */
export const AddressLookupResultSchema = z
  .object({
    externalId: z.string().openapi({ description: "The lookup's id for the address" }),
    ...PropertyAddressSchema.shape,
    country: PropertyAddressSchema.shape.country.openapi({ description: "Three-letter country code", example: "GBR" }),
  })
  .openapi("AddressLookupResult");

export type AddressLookupResult = z.infer<typeof AddressLookupResultSchema>;

/**
 * The fields of an address a tenant sends (part 1 §3 Address, part 2 §3 Address form), in the
 * contract's order: the one list both address input schemas are made of (AddressInput in
 * accounts, PaymentPlanAddressInput in payment plans). Each passes its own field schemas, and
 * keeps its own rules and messages: part 1 §5's for an address history, part 2 §5's for a plan.
 */
export function addressInputShape<Id extends z.ZodType, Line extends z.ZodType, Postcode extends z.ZodType, Country extends z.ZodType, Day extends z.ZodType, Organization extends z.ZodType>(fields: {
  id: Id;
  line: Line;
  postcode: Postcode;
  country: Country;
  date: Day;
  organizationId: Organization;
}) {
  const { id, line, postcode, country, date, organizationId } = fields;
  return {
    id,
    externalId: line,
    buildingName: line,
    roomNumber: line,
    flatNumber: line,
    buildingNumber: line,
    street: line,
    subStreet: line,
    town: line,
    county: line,
    postcode,
    country,
    startDate: date,
    endDate: date,
    currentlyAtAddress: z.boolean().default(true),
    organizationId,
  };
}

/** The fields an address schema (`schema`) names, taken from `source` (an address row, a looked-up address). */
export function addressFields<S extends z.ZodObject>(schema: S, source: z.infer<S>): z.infer<S> {
  const from = source as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, from[key]])) as z.infer<S>;
}

/** An address row as PropertyAddressSchema gives it. */
export function propertyAddressView(a: typeof addresses.$inferSelect): PropertyAddress {
  return addressFields(PropertyAddressSchema, a);
}

// ── Shapes several areas' contracts share ───────────────────────────────────────────
// An area reaches another only through its door, server/<area>/index.ts (.dependency-cruiser.cjs, areas-through-doors);
// a response shape two areas' contracts both use lives here.

/** A pay action of a claim or arbitration order, as the claim and arbitration pages show it. */
export const PayActionSchema = z
  .object({
    id: z.string(),
    typeId: z.string(),
    orderId: z.string(),
    amountRemaining: z.number().int().openapi({ description: "Pence" }),
    completedAt: z.string().openapi({ description: "ISO 8601 date-time" }).nullable(),
  })
  .openapi("ClaimPayAction");

/** An order customer's action, as the checkout and tenancy-order views show it. */
export const OrderCustomerActionSchema = z
  .object({
    id: z.string(),
    typeId: z.string().openapi({ description: "KEYFREE_ABOUT_YOU, KEYFREE_PAY, CLAIM_PAY..." }),
    completedAt: z.string().nullable().openapi({ description: "ISO date-time; null while open" }),
    details: z
      .record(z.string(), z.unknown())
      .openapi({ description: "referenceId, termsLink, amountRemaining (pence), yearsToBePaid, stripePaymentIntentId..." }),
  })
  .openapi("OrderCustomerAction");

/** The order customer's next action (domain `nextAction`). */
export const NextActionSchema = z
  .object({
    orderCustomerActionIds: z.array(z.string()),
    typeId: z.string(),
    actionable: z.boolean().openapi({ description: "False while it waits for other tenants" }),
  })
  .openapi("OrderCustomerNextAction");

/** A tenant of an order's tenancy, with their liability on the order. */
export const TenancyOrderTenantSchema = z
  .object({
    id: z.string().openapi({ description: "The tenant's user id" }),
    customerId: z.string().nullable(),
    orderCustomerId: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    displayName: z.string().openapi({ description: "'first last', or the e-mail when a name is missing" }),
    tenantLiability: z.number().int().openapi({ description: "How many tenants' shares this tenant pays on this order" }),
  })
  .openapi("OrderTenant");

// ── Breathing Space (issue 36) ───────────────────────────────────────────────────────

/**
 * The signed-in tenant's own Breathing Space in force, as the dashboard, the claim, the payment
 * and the payment plan views carry it (decision 0047): the pages show "Breathing Space until …".
 * Null when none is in force. Never a co-tenant's.
 */
export const BreathingSpaceStatusSchema = z
  .object({
    until: z.string().nullable().openapi({ description: "Its last day (YYYY-MM-DD, London); null while a mental health crisis one has no end yet", example: "2027-01-21" }),
    type: z.enum(["STANDARD", "MENTAL_HEALTH_CRISIS"]),
  })
  .nullable()
  .openapi("BreathingSpaceStatus");

// ── Your co-tenants (issue 38, decision 0061) ─────────────────────────────────────────

/** A co-tenant as the panel shows them: a name, what they have done and when, what is waiting. Never an e-mail, phone or amount. */
export const CoTenantSchema = z
  .object({
    id: z.string().openapi({ description: "What a reminder names: the co-tenant's customer id on an order, their respondent id on a claim" }),
    firstName: z.string(),
    lastName: z.string(),
    done: z
      .array(
        z.object({
          kind: z.enum(["FINISHED_STEPS", "PAID_SHARE", "ACCEPTED", "PROPOSED", "DISPUTED", "PAID_DISPUTE_FEE"]),
          at: z.string().openapi({ description: "ISO 8601 instant" }),
        }),
      )
      .openapi({ description: "What they have done, oldest first" }),
    waitingFor: z
      .enum(["STEPS", "PAY_SHARE", "ANSWER", "DISPUTE_FEE"])
      .nullable()
      .openapi({ description: "What they still have to do ('Remind {first name}' is offered), or null" }),
  })
  .openapi("CoTenant");

/** The answer that binds every tenant on a claim: how, by whom (null names: nobody answered in time), when. */
export const BindingAnswerSchema = z
  .object({
    how: z.enum(["ACCEPTED", "PROPOSED", "DISPUTED", "DEEMED_ACCEPTED"]),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    byYou: z.boolean(),
    at: z.string().openapi({ description: "ISO 8601 instant" }),
  })
  .openapi("BindingAnswer");

/** What a reminder answers: the words to show, and when the pair's next reminder can go. */
export const CoTenantReminderSchema = z
  .object({ message: z.string(), nextReminderAt: z.string().openapi({ description: "ISO 8601 instant" }) })
  .openapi("CoTenantReminder");
