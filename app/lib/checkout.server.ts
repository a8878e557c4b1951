import { redirect, type RouterContextProvider } from "react-router";
import { apiContext } from "./api.server";
import { checkoutPath } from "./checkout";

type Args = { context: Readonly<RouterContextProvider>; params: { orderId: string; customerId: string } };


/**
 * The order customer behind a checkout page (part 1 §2.3). A customer id that is not the
 * signed-in tenant's own sends them to / (both reads run side by side, no waterfall).
 */
export async function loadCheckout({ context, params }: Args) {
  const api = context.get(apiContext);
  const customerRead = api.GET("/customer");
  const orderCustomerRead = api.GET("/orders/{orderId}/customers/{customerId}", {
    params: { path: { orderId: params.orderId, customerId: params.customerId } },
  });
  // Both run now; someone else's customer id goes home before the order customer's 404 counts.
  orderCustomerRead.catch(() => undefined);
  const customer = await customerRead;
  if (customer.id !== params.customerId) throw redirect("/");
  return { oc: await orderCustomerRead };
}

export type CheckoutOrderCustomer = Awaited<ReturnType<typeof loadCheckout>>["oc"];

/**
 * Where the next action is done: its checkout page, or / when nothing is left (part 1 §2.3:
 * the page shown must match the next action).
 */
export function nextActionPath(oc: CheckoutOrderCustomer): string {
  return oc.checkoutSubRoute ? checkoutPath(oc.order.id, oc.customer.id, oc.checkoutSubRoute) : "/";
}

/** The step tracker's steps, with the one for `subRoute` marked current. */
export function trackerSteps(oc: CheckoutOrderCustomer, subRoute: string) {
  return oc.steps.map((s) => ({ key: s.key, label: s.label, complete: s.complete, current: s.subRoutes.includes(subRoute) }));
}
