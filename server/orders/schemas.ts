/** The tenancy orders' response shapes (the order customer's shapes, shared with checkout, are in lib/schemas.ts). */
import { z } from "@hono/zod-openapi";
import { PAYMENT_TYPES } from "#common/payments";
import { NextActionSchema, PropertyAddressSchema, TenancyOrderTenantSchema } from "../lib/schemas";

export const ProductId = z.enum(["KEYFREE", "CLAIM", "TOP_UP"]).openapi({ description: "The product an order is for" });

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


/** A payment the tenant made on a Keyfree (issue 27, scope 6). */
export const KeyfreePaymentSchema = z
  .object({
    id: z.string().openapi({ description: "The payment's id: its receipt is /payments/{paymentId}/receipt" }),
    kind: z
      .enum([...PAYMENT_TYPES, "PAYMENT_PLAN_INSTALMENT"])
      .openapi({ description: "What it paid: a card payment type (common/payments.ts), or a payment plan instalment" }),
    amount: z.number().int().openapi({ description: "Pence paid" }),
    paidAt: z.string().openapi({ description: "When it was paid (ISO 8601)" }),
    instalmentNumber: z.number().int().nullable().openapi({ description: "The instalment's number, for a payment plan instalment" }),
    claimId: z.string().nullable().openapi({ description: "The claim it paid towards, if any" }),
    refundedAmount: z
      .number()
      .int()
      .openapi({ description: "Pence given back to the card for this payment (a refused proposal's payment, an overpayment)" }),
    refundPending: z.boolean().openapi({ description: "Some of refundedAmount has not reached the card yet" }),
  })
  .openapi("KeyfreePayment");

export const KeyfreePaymentListSchema = z
  .object({ orderId: z.string(), payments: z.array(KeyfreePaymentSchema).openapi({ description: "Newest first" }) })
  .openapi("KeyfreePaymentList");

export const PaymentReceiptSchema = KeyfreePaymentSchema.extend({
  keyfree: z.object({
    orderId: z.string().openapi({ description: "The Keyfree order the payment belongs to" }),
    customerId: z.string(),
    address: PropertyAddressSchema,
  }),
  payer: z.object({ name: z.string(), email: z.string() }),
}).openapi("PaymentReceipt");
