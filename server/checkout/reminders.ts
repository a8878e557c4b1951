/**
 * "Remind {first name}" on a Keyfree at checkout (issue 38, decision 0061): the signed-in tenant
 * asks us to e-mail a co-tenant on the same order who still has steps to finish or a share to
 * pay. 404 for an order the tenant is not on or a co-tenant not on it; 400 for oneself; 409 when
 * the co-tenant has nothing left to do; 429 within 24 hours of the pair's last reminder.
 */
import { inArray } from "drizzle-orm";
import type { Deps } from "../context";
import { users } from "../db/schema";
import { checkoutCoTenants } from "../domain/cotenants";
import { propertyLine } from "../domain/notices";
import { appLink } from "../lib/app-url";
import { sendCotenantReminder, waitingOf } from "../lib/cotenant-reminders";
import { ApiError, notFound } from "../lib/errors";
import { loadOrderCustomers, orderPropertyAddress, ownOrder } from "../orders";

/** "Sam Lee": a name as co-tenants read it; never an e-mail address. */
export const coTenantName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim() || "Your co-tenant";

export async function remindOrderCoTenant(deps: Pick<Deps, "db" | "clock">, input: { orderId: string; customerId: string; userId: string }) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { order } = await ownOrder(tx, input.orderId, input.customerId);
    if (order.productId !== "KEYFREE") throw notFound();
    const all = (await loadOrderCustomers(tx, [input.orderId])).get(input.orderId) ?? [];
    const me = all.find((oc) => oc.userId === input.userId);
    const them = all.find((oc) => oc.customerId === input.customerId);
    if (!me || !them) throw notFound();
    if (them.userId === me.userId) throw new ApiError(400, "You cannot send a reminder to yourself.");
    const names = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [me.userId, them.userId]));
    const waiting = waitingOf(checkoutCoTenants(me.userId, all, names).find((c) => c.id === them.customerId)!);
    const asker = names.find((n) => n.id === me.userId)!;
    const address = await orderPropertyAddress(tx, input.orderId);
    return sendCotenantReminder(
      tx,
      { context: "ORDER", contextId: input.orderId, askerUserId: me.userId, recipientUserId: them.userId, ...waiting },
      {
        property: address ? propertyLine(address) : "your tenancy",
        link: appLink(`/checkout/${encodeURIComponent(input.orderId)}/${encodeURIComponent(them.customerId)}`),
        askedBy: coTenantName(asker),
      },
      now,
    );
  });
}
