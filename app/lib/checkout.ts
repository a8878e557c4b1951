/** A checkout page's path: /checkout/:orderId/:customerId/:subRoute. */
export function checkoutPath(orderId: string, customerId: string, subRoute: string) {
  return `/checkout/${encodeURIComponent(orderId)}/${encodeURIComponent(customerId)}/${subRoute}`;
}
