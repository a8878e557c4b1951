import { z } from "@hono/zod-openapi";
import { PropertyAddressSchema } from "../lib/schemas";
type Reader = Pick<Database, "select">;

import type { Database } from "../db";

// ── Schemas ─────────────────────────────────────────────────────────────────

export const ProductId = z.enum(["KEYFREE", "CLAIM", "TOP_UP"]).openapi({ description: "The product an order is for" });

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

export const NextActionSchema = z
  .object({
    orderCustomerActionIds: z.array(z.string()),
    typeId: z.string(),
    actionable: z.boolean().openapi({ description: "False while it waits for other tenants" }),
  })
  .openapi("OrderCustomerNextAction");

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

export const TenancyDocumentSchema = z
  .object({ id: z.string(), name: z.string(), url: z.string(), typeId: z.string() })
  .openapi("TenancyDocument");

export const TenancyOrderClaimSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    finalAmount: z.number().int().nullable().openapi({ description: "Pence" }),
    limit: z.number().int().openapi({ description: "The tenants' maximum liability, in pence" }),
    arbitration: z.object({ id: z.string(), arbitratedAmount: z.number().int().nullable() }).nullable(),
    totalChargesSettled: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Pence; set once the claim is RESOLVED" }),
  })
  .openapi("TenancyOrderClaim");

export const TenancyOrderSchema = z
  .object({
    id: z.string().openapi({ description: "The order id" }),
    productId: ProductId,
    statusId: z.enum(["PENDING", "COMPLETE"]),
    accountStatus: z
      .enum(["ACTIVE", "EXPIRED"])
      .openapi({ description: "Which dashboard filter the order is listed under (part 2 §2)" }),
    status: z
      .enum(["IN_PROGRESS", "ACTIVE", "EXPIRED"])
      .openapi({ description: "IN_PROGRESS while checkout is open; EXPIRED once the tenancy is finished" }),
    statusLine: z.string().openapi({ description: "The card's status line (part 2 §2)" }),
    redirectUrl: z.string().nullable(),
    orderCustomerId: z.string(),
    orderCustomer: z.object({
      id: z.string(),
      customerId: z.string(),
      fee: z.number().int().openapi({ description: "Pence" }),
      tenantLiability: z.number().int(),
    }),
    nextAction: NextActionSchema.nullable(),
    checkoutSubRoute: z.string().nullable().openapi({ description: "The checkout page of the next action" }),
    hasOutstandingActions: z.boolean().openapi({ description: "The next action is open and the tenant can do it now" }),
    tenants: z.array(TenancyOrderTenantSchema),
    claim: TenancyOrderClaimSchema.nullable(),
    documents: z
      .array(TenancyDocumentSchema)
      .openapi({ description: "The signed documents, once the order is complete" }),
    tenancy: z.object({
      id: z.string(),
      PPM: z.number().int().openapi({ description: "Rent per month, in pence" }),
      startDate: z.string(),
      endDate: z.string().nullable(),
      isNewTenancy: z.boolean(),
      property: z.object({
        id: z.string(),
        address: PropertyAddressSchema,
      }),
    }),
  })
  .openapi("TenancyOrder");

export type TenancyOrder = z.infer<typeof TenancyOrderSchema>;

