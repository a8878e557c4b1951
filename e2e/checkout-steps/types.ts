/** What the checkout journey (e2e/checkout-journey.spec.ts) hands each step's exercise. */
export type JourneyTenant = {
  email: string;
  orderId: string;
  customerId: string;
  orderCustomerId: string;
  firstName: string;
  lastName: string;
};
export type JourneyHelpers = { isJsOn: boolean; ops: (path: string, body: unknown) => Promise<unknown> };
