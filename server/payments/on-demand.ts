import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { settleOpenPayments } from "./reconcile-service";

/**
 * Before a page of a payment is read (GET; the tenant already authenticated): the signed-in
 * tenant's open payment intents are checked with the provider and a success applied, so a
 * payment whose webhook is late or was lost shows as paid, never as "pay again" (issue 21).
 * Cheap when nothing is open: one indexed query.
 */
export const settleOpenPaymentsFirst = createMiddleware<AppEnv>(async (c, next) => {
  const customer = c.get("customer");
  if (c.req.method === "GET" && customer) await settleOpenPayments(c.get("deps"), customer.id);
  await next();
});
