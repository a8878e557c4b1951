/**
 * Payment plans (part 2 §2 payment plan screens, §3 PaymentPlan, §4, §5, §7) and the
 * tenant's tenancy anniversaries for the annual fee (part 2 §3, §7).
 *
 * A plan is shown only to its owning customer (part 1 §6): any other id answers 404.
 * The card step is a setup intent (getSetupIntentSecret) confirmed by the card form, then
 * updateCardDetails, which checks the card with the provider, keeps it as the customer's
 * default and the plan's card and makes the plan ACTIVE. An instalment is paid by card
 * through a payment intent (getInstalmentPaymentIntentSecret); the provider's webhook makes
 * it PAID or FAILED (payments/service.ts). Stripe is never called inside a transaction.
 * createOneTimeSessionToken is not offered: it sent the browser to an external plan portal
 * that these screens replace.
 */
import { z } from "@hono/zod-openapi";
import { isCalendarDate } from "../domain/london-time";
import {
  paymentPlanAddressProblems
} from "../domain/payment-plans-rules";
import {
  PAYMENT_PLAN_ACTION_TYPES,
  PAYMENT_PLAN_STATUSES
} from "../domain/statuses";
import { addressInputShape, BreathingSpaceStatusSchema, PropertyAddressSchema } from "../lib/schemas";
import { idParam, providerIdField, singleLineText } from "../lib/input-schemas";

// ── Schemas ─────────────────────────────────────────────────────────────────

export const INSTALMENT_STATUSES = ["PENDING", "PAID", "FAILED"] as const;
export const PAYMENT_PLAN_SCREENS = ["dashboard", "manual-payment", "active", "payment-plan-live", "confirm", "address", "card-details"] as const;

export const PaymentPlanActionSchema = z
  .object({
    id: z.string(),
    typeId: z.enum(PAYMENT_PLAN_ACTION_TYPES),
    completedAt: z.string().nullable().openapi({ description: "ISO date-time; null while the step is open" }),
  })
  .openapi("PaymentPlanAction");

export const PaymentPlanInstalmentSchema = z
  .object({
    id: z.string(),
    paymentPlanId: z.string(),
    instalmentNumber: z.number().int(),
    dueDate: z.string().openapi({ description: "YYYY-MM-DD" }),
    amount: z.number().int().openapi({ description: "Pence" }),
    status: z.enum(INSTALMENT_STATUSES),
    paidAt: z.string().nullable(),
  })
  .openapi("PaymentPlanInstalment");

export const PaymentPlanAddressSchema = PropertyAddressSchema.extend({
  id: z.string(),
  externalId: z.string().nullable(),
}).openapi("PaymentPlanAddress");

export const PaymentPlanScreenSchema = z.enum(PAYMENT_PLAN_SCREENS).openapi("PaymentPlanScreen", {
  description:
    "The screen the plan shows (part 2 §4): dashboard for a cancelled plan, a void offer or a plan in default; manual-payment when an instalment failed; the page of the next step; active for a live plan with nothing to do; payment-plan-live when every step is done.",
});

export const PaymentPlanSchema = z
  .object({
    id: z.string(),
    status: z.enum(PAYMENT_PLAN_STATUSES),
    amount: z.number().int().openapi({ description: "The balance spread over the instalments, in pence (interest included)" }),
    interestAmount: z.number().int().openapi({ description: "The part of the amount that is interest, in pence" }),
    outstandingBalance: z
      .number()
      .int()
      .openapi({ description: "'Your outstanding balance of £X will be spread over N instalments': X, in pence" }),
    instalmentCount: z.number().int().openapi({ description: "N in the same sentence" }),
    amountPaid: z.number().int().openapi({ description: "Pence paid so far (PAID instalments)" }),
    amountRemaining: z.number().int().openapi({ description: "Pence still to pay (instalments not PAID)" }),
    instalments: z.array(PaymentPlanInstalmentSchema),
    actions: z.array(PaymentPlanActionSchema),
    nextAction: z
      .object({ paymentPlanActionIds: z.array(z.string()) })
      .nullable()
      .openapi({ description: "The step to do now; null when none (card details done)" }),
    screen: PaymentPlanScreenSchema,
    live: z.boolean().openapi({
      description:
        "The plan is live (part 2 §2, §4): its three steps are done and it is ACTIVE or in DEFAULT. Its live pages (payment-plan-live, active, the schedule, payment-success) show only then",
    }),
    offerExpiresAt: z.string().openapi({ description: "The offer is void if its three steps are not all done by then (48 hours)" }),
    offerVoid: z.boolean().openapi({
      description: "The offer ran out: its three steps were not all done within the 48 hours (still PENDING, or already CANCELLED for it by the offer sweep)",
    }),
    paidOff: z.boolean().openapi({
      description:
        "Every instalment is PAID (docs/decisions/0026): the plan keeps its status, its screen is active (paid in full), and it no longer sends the tenant to it from the dashboard, claim or arbitration pages",
    }),
    orderCustomerId: z.string(),
    orderCustomer: z.object({ id: z.string(), orderId: z.string(), customerId: z.string() }),
    claimId: z.string().nullable(),
    address: z
      .union([PaymentPlanAddressSchema, z.null()])
      .openapi({ description: "The postal address given at the Address Confirmation step (null until then)" }),
    // A union, not .nullable(): the generated client then reads it as PropertyAddress | null.
    propertyAddress: z.union([PropertyAddressSchema, z.null()]).openapi({
      description: "The address of the property the plan's tenancy is for ('Proposed Payment Summary' shows it)",
    }),
    card: z
      .object({ brand: z.string().nullable(), last4: z.string().nullable() })
      .nullable()
      .openapi({ description: "The plan's card (the instalments are charged to it), once the card step is done" }),
    createdAt: z.string(),
    breathingSpace: BreathingSpaceStatusSchema.openapi({ description: "The plan's tenant's Breathing Space in force ('Breathing Space until …', issue 36), or null" }),
  })
  .openapi("PaymentPlan");

export const PlanParams = z.object({
  paymentPlanId: idParam().openapi({ param: { name: "paymentPlanId", in: "path" } }),
});
export const InstalmentParams = PlanParams.extend({
  instalmentId: idParam().openapi({ param: { name: "instalmentId", in: "path" } }),
});

export const optionalText = singleLineText("addressLine").trim().nullish();
export const optionalDate = singleLineText("code")
  .refine(isCalendarDate, "Must be a YYYY-MM-DD date")
  .nullish();

/** One address of the form (part 2 §3 Address form), checked with part 2 §5's rules and messages. */
export const PaymentPlanAddressInputSchema = z
  .object(
    addressInputShape({
      id: singleLineText("addressLine").nullish().openapi({ description: "The form's temporary id; not stored" }),
      line: optionalText,
      postcode: optionalText,
      country: optionalText.openapi({ description: "Two-letter code (GB); GBR is read as the UK too" }),
      date: optionalDate,
      organizationId: optionalText,
    }),
  )
  .superRefine((address, ctx) => {
    for (const problem of paymentPlanAddressProblems(address)) {
      ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
    }
  })
  .openapi("PaymentPlanAddressInput");

export const UpdateAddressBody = z
  .object({
    addresses: z
      .array(PaymentPlanAddressInputSchema)
      .min(1, "Required")
      .max(20)
      .refine((list) => list.some((a) => a.currentlyAtAddress), "A current address is required"),
  })
  .openapi("UpdatePaymentPlanAddress");

export const SetupIntentSecretSchema = z
  .object({
    clientSecret: z.string().openapi({ description: "For the card form, in setup mode (Stripe.js confirmCardSetup)" }),
    setupIntentId: z.string(),
  })
  .openapi("PaymentPlanSetupIntentSecret");

export const UpdateCardDetailsBody = z
  .object({
    paymentMethodId: providerIdField({ required: "Required" })
      .openapi({ description: "The card the setup intent was confirmed with" }),
  })
  .openapi("UpdatePaymentPlanCardDetails");

export const InstalmentPaymentIntentSecretSchema = z
  .object({
    paymentIntentSecret: z.string(),
    paymentIntentId: z.string(),
    amount: z.number().int().openapi({ description: "The instalment's amount, in pence" }),
    currency: z.literal("gbp"),
    paymentPlanId: z.string(),
    paymentPlanInstalmentId: z.string(),
  })
  .openapi("InstalmentPaymentIntentSecret");

export const TenancyAnniversarySchema = z
  .object({
    id: z.string(),
    tenancyId: z.string(),
    date: z.string().openapi({ description: "The anniversary, YYYY-MM-DD" }),
    year: z.number().int().openapi({ description: "1 for the first anniversary of the tenancy's start" }),
    paid: z.boolean().openapi({ description: "The year's annual fee is paid (its top-up order is COMPLETE)" }),
    paidAt: z.string().nullable(),
    orderId: z.string().nullable().openapi({ description: "The annual fee (TOP_UP) order for this year" }),
    orderStatusId: z.enum(["PENDING", "COMPLETE"]).nullable(),
  })
  .openapi("TenancyAnniversary");

