import { createContext, redirect, type RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/api.server";
import { trackCompletedActions } from "~/lib/analytics.server";
import { paymentTypeForActionType } from "#common/payments";
import { PRODUCT_CODE } from "#common/product";
import { checkoutPath, CHANGE_PARAM, STEP_SUB_ROUTES, type StepSubRoute } from "./checkout";
import { POLL_PARAM } from "~/lib/polling";

type Args = { context: Readonly<RouterContextProvider>; params: { orderId?: string; customerId?: string } };

/**
 * The order customer behind a checkout page (part 1 §2.3), with the signed-in user. A customer
 * id that is not the signed-in tenant's own sends them to / (the three reads run side by side,
 * no waterfall; someone else's customer id goes home before the order customer's 404 counts).
 */
export async function loadCheckout({ context, params }: Args) {
  const api = context.get(apiContext);
  const orderId = params.orderId ?? "";
  const customerId = params.customerId ?? "";
  const customerRead = api.GET("/customer");
  const userRead = api.GET("/me");
  const orderCustomerRead = api.GET("/orders/{orderId}/customers/{customerId}", { params: { path: { orderId, customerId } } });
  orderCustomerRead.catch(() => undefined);
  userRead.catch(() => undefined);
  const customer = await customerRead;
  if (customer.id !== customerId) throw redirect("/");
  const [oc, user] = await Promise.all([orderCustomerRead, userRead]);
  return { oc, user };
}

export type CheckoutOrderCustomer = Awaited<ReturnType<typeof loadCheckout>>["oc"];
export type CheckoutUser = Awaited<ReturnType<typeof loadCheckout>>["user"];

export type Checkout = {
  oc: CheckoutOrderCustomer;
  user: CheckoutUser;
  /** The page's sub-route (about-you … finish), or null for /checkout/:orderId/:customerId itself. */
  subRoute: string | null;
  /**
   * The tenant came back from Confirm to change an earlier step (About You or address history,
   * `?change`): allowed only while Confirm is the next action and that step is done
   * (docs/decisions/0013).
   */
  changing: boolean;
};

/** What the checkout layout's middleware read for this request: loaders and actions use it, and read nothing twice. */
export const checkoutContext = createContext<Checkout>();

/** The sub-route a path names: /checkout/:orderId/:customerId/<sub-route>[/…]. */
export function subRouteOf(pathname: string): string | null {
  const parts = pathname.split("/").filter(Boolean);
  return parts[3] ?? null;
}

/** The checkout actions each changeable step completes, and the step that must be next meanwhile. */
const CHANGEABLE: Partial<Record<StepSubRoute, string>> = {
  "about-you": "KEYFREE_ABOUT_YOU",
  "address-history": "KEYFREE_ADDRESS_HISTORY",
};

/**
 * Reads the checkout once per request and keeps the tenant on the step of their next action
 * (part 1 §2.3): a step page (about-you … addendum) that is not the next action's redirects
 * to that action's page, or / when nothing is left. Pay and Finish check for themselves (they
 * have waiting states of their own); the base path always redirects.
 */
export async function checkoutMiddleware({ request, context, params, url }: Args & { url: URL; request: Request }) {
  const { oc, user } = await loadCheckout({ context, params });
  // Analytics (issue 26): each checkout step done, and the Keyfree paid, counted once each.
  const steps = oc.actions.filter((a) => a.typeId.startsWith(`${PRODUCT_CODE}_`));
  await trackCompletedActions(request, context, { orderId: oc.order.id, customerId: oc.customer.id }, steps, {
    checkout: true,
    paymentTypeOf: paymentTypeForActionType,
  });
  const subRoute = subRouteOf(url.pathname);
  const step = (STEP_SUB_ROUTES as readonly string[]).includes(subRoute ?? "") ? (subRoute as StepSubRoute) : null;
  let changing = false;
  if (step && url.searchParams.has(CHANGE_PARAM)) {
    const type = CHANGEABLE[step];
    const done = oc.actions.some((a) => a.typeId === type && a.completedAt !== null);
    changing = done && oc.nextAction?.typeId === "KEYFREE_CONFIRM";
  }
  // Referencing's PASS stays on screen for the tenant who waited for it (`?since=`, the polling
  // start): its success and 'Continue' (part 1 §4.2), though the next action is already the one after.
  const passedReferencing =
    step === "referencing" &&
    url.searchParams.has(POLL_PARAM) &&
    oc.checkoutSubRoute !== null &&
    oc.actions.some((a) => a.typeId === "KEYFREE_REFERENCING" && a.completedAt !== null);
  if (step && !changing && !passedReferencing && oc.checkoutSubRoute !== step) throw redirect(nextActionPath(oc));
  context.set(checkoutContext, { oc, user, subRoute, changing });
}

/** The checkout of this request (set by the checkout layout's middleware). */
export function getCheckout(context: Readonly<RouterContextProvider>): Checkout {
  return context.get(checkoutContext);
}

/**
 * Where the next action is done: its checkout page (part 1 §2.3: the page shown must match the
 * next action); when the tenant has nothing left but the Keyfree is still pending (the first
 * payer, waiting for co-tenants: the card's 'Processing...'), Finish's Processing state (issue
 * 38); else / .
 */
export function nextActionPath(oc: CheckoutOrderCustomer): string {
  if (oc.checkoutSubRoute) return checkoutPath(oc.order.id, oc.customer.id, oc.checkoutSubRoute);
  return oc.order.statusId === "PENDING" && oc.order.productId === PRODUCT_CODE ? checkoutPath(oc.order.id, oc.customer.id, "finish") : "/";
}

/** The step tracker's steps, with the one for `subRoute` marked current. */
export function trackerSteps(oc: CheckoutOrderCustomer, subRoute: string | null) {
  return oc.steps.map((s) => ({
    key: s.key,
    label: s.label,
    complete: s.complete,
    current: subRoute !== null && s.subRoutes.includes(subRoute),
  }));
}

/**
 * How the waiting pages' "We will let you know ... when" reaches the tenant (issue 38): "by email
 * and SMS" only while notices go to them by text message too (turned on at How we contact you, a
 * mobile number given, no support need for e-mail only), else "by email".
 */
export async function letYouKnowBy(context: Readonly<RouterContextProvider>): Promise<"by email and SMS" | "by email"> {
  const settings = await context.get(apiContext).GET("/me/notice-settings");
  return settings.textMessagesSent ? "by email and SMS" : "by email";
}
