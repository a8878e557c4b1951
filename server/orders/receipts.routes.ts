import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { tenantCustomer } from "../lib/auth";
import { idParam } from "../lib/input-schemas";
import { KeyfreePaymentListSchema, PaymentReceiptSchema } from "./schemas";
import { keyfreePayments, paymentReceipt, type PaymentMade } from "./receipts-service";

/**
 * A Keyfree's payments and their receipts (issue 27, scope 6): what the Keyfree page lists under
 * 'Payments' and what each receipt shows. Only the tenant's own payments, on their own Keyfree.
 */
const getTenancyOrderPayments = apiRoute({
  method: "get", path: "/tenancy-orders/{id}/payments", operationId: "getTenancyOrderPayments", tags: ["orders"],
  summary:
    "Every payment the signed-in tenant made on one of their Keyfrees (its fee, annual fees, the charges, a proposal, the dispute fee, an adjudicated amount, payment plan instalments), newest first",
  auth: "tenant", params: z.object({ id: idParam() }),
  ok: ["The payments", KeyfreePaymentListSchema], errors: [401, 404],
});

const getPaymentReceipt = apiRoute({
  method: "get", path: "/payments/{paymentId}/receipt", operationId: "getPaymentReceipt", tags: ["orders"],
  summary: "One payment the signed-in tenant made, as its receipt: what for, how much, when, the Keyfree and who paid",
  auth: "tenant", params: z.object({ paymentId: idParam() }),
  ok: ["The receipt", PaymentReceiptSchema], errors: [401, 404],
});

const paymentView = (p: PaymentMade) => ({
  id: p.id,
  kind: p.kind,
  amount: p.amount,
  paidAt: p.paidAt.toISOString(),
  instalmentNumber: p.instalmentNumber,
  claimId: p.claimId,
  refundedAmount: p.refundedAmount,
  refundPending: p.refundPending,
});

export const receiptRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getTenancyOrderPayments, async (c) => {
    const { id } = c.req.valid("param");
    const payments = await keyfreePayments(c.get("deps").db, id, tenantCustomer(c).id);
    return c.json({ orderId: id, payments: payments.map(paymentView) }, 200);
  })
  .openapi(getPaymentReceipt, async (c) => {
    const { paymentId } = c.req.valid("param");
    const p = await paymentReceipt(c.get("deps").db, paymentId, tenantCustomer(c).id);
    return c.json({ ...paymentView(p), keyfree: p.keyfree, payer: p.payer }, 200);
  });
