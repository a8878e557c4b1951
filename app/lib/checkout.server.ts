import { redirect } from "react-router";
import { apiClient, expectData } from "./api.server";
import { requireAccessToken } from "./auth.server";
import { checkoutPath } from "./checkout";

type Args = { request: Request; url: URL; params: { orderId: string; customerId: string } };


/**
 * The order customer behind a checkout page (part 1 §2.3). A customer id that is not the
 * signed-in tenant's own sends them to / (both reads run side by side, no waterfall).
 */
export async function loadCheckout({ request, url, params }: Args) {
  const token = await requireAccessToken(request, url);
  const api = await apiClient(token);
  const [customer, orderCustomer] = await Promise.all([
    expectData(api.GET("/customer"), { request, url }),
    api.GET("/orders/{orderId}/customers/{customerId}", {
      params: { path: { orderId: params.orderId, customerId: params.customerId } },
    }),
  ]);
  if (customer.id !== params.customerId) throw redirect("/");
  const oc = await expectData(Promise.resolve(orderCustomer), { request, url });
  return { oc, token };
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
