/**
 * Order customers: next action, whether it can be done now, the Keyfree's
 * status on the dashboard and the checkout step tracker (part 1 §2.3, §3;
 * part 2 §2 Dashboard, §4).
 */
import type { Instant } from "./london-time.js";
import { isPastDeadline } from "./deadlines.js";
import { PRODUCT_NAME } from "#common/product";
import {
  ORDER_CUSTOMER_ACTION_TYPES,
  isClaimFinished,
  type AccountStatus,
  type CheckoutActionType,
  type ClaimStatus,
  type OrderCustomerActionType,
  type OrderStatus,
} from "./statuses.js";

export interface OrderCustomerAction {
  id: string;
  typeId: OrderCustomerActionType;
  completedAt?: Instant | null;
}

export interface OrderCustomerActions {
  id: string;
  actions: readonly OrderCustomerAction[];
}

export interface NextAction {
  /** Usually one id; both ids when a remaining-balance and an own-share payment are open together (the payment choice). */
  orderCustomerActionIds: string[];
  typeId: OrderCustomerActionType;
  actionable: boolean;
}

export function isActionComplete(action: Pick<OrderCustomerAction, "completedAt">): boolean {
  return action.completedAt != null;
}

/**
 * The canonical order of actions: the checkout in the order of the step
 * tracker (part 1 §2.3: About You → address history → Eligibility → Confirm
 * → Terms → Addendum → Pay), then the other payments, a remaining balance
 * before the own share (the spec's default selection).
 */
export const ORDER_CUSTOMER_ACTION_ORDER: readonly OrderCustomerActionType[] = ORDER_CUSTOMER_ACTION_TYPES;

const rank = (typeId: OrderCustomerActionType) => ORDER_CUSTOMER_ACTION_ORDER.indexOf(typeId);

/** Remaining balance / own share pairs a tenant chooses between (part 1 §2.4). */
const PAYMENT_CHOICES: readonly (readonly [OrderCustomerActionType, OrderCustomerActionType])[] = [
  ["CLAIM_PAY_REMAINING_BALANCE", "CLAIM_PAY"],
  ["ARBITRATION_PAY_REMAINING_BALANCE", "ARBITRATION_PAY"],
];

/** Actions that wait for co-tenants: signing and paying the Keyfree. */
const WAITS_FOR_CO_TENANTS: readonly OrderCustomerActionType[] = ["KEYFREE_SIGN", "KEYFREE_PAY"];

/** The open actions of an order customer in canonical order (ties keep their given order). */
export function openActions(orderCustomer: OrderCustomerActions): OrderCustomerAction[] {
  return orderCustomer.actions
    .map((action, index) => ({ action, index }))
    .filter(({ action }) => !isActionComplete(action))
    .sort((a, b) => rank(a.action.typeId) - rank(b.action.typeId) || a.index - b.index)
    .map(({ action }) => action);
}

/**
 * Whether an action can be done now.
 * Reading chosen: signing waits until every co-tenant on the order has
 * completed their own actions that come before signing (about you, address
 * history, referencing, confirm), because the signed document names every
 * tenant; paying waits until every co-tenant has also signed (terms and
 * addendum). Only actions a co-tenant actually has are waited for. Every
 * other action is actionable. This is the 'Waiting for other tenants...'
 * state of part 1 §2.3.
 */
export function isActionActionable(
  action: Pick<OrderCustomerAction, "typeId">,
  coTenants: readonly OrderCustomerActions[],
): boolean {
  if (!WAITS_FOR_CO_TENANTS.includes(action.typeId)) return true;
  const before = rank(action.typeId);
  return coTenants.every((co) =>
    co.actions.every((a) => rank(a.typeId) >= before || isActionComplete(a)),
  );
}

/**
 * The order customer's next action: the first action in canonical order with
 * no completedAt, or null when all are done. `orderCustomers` may include the
 * order customer itself; it is left out of the co-tenants by id.
 */
export function nextAction(
  orderCustomer: OrderCustomerActions,
  orderCustomers: readonly OrderCustomerActions[] = [],
): NextAction | null {
  const open = openActions(orderCustomer);
  const first = open[0];
  if (first === undefined) return null;
  const ids = [first.id];
  const pair = PAYMENT_CHOICES.find(([balance]) => balance === first.typeId);
  if (pair !== undefined) {
    const share = open.find((a) => a.typeId === pair[1]);
    if (share !== undefined) ids.push(share.id);
  }
  const coTenants = orderCustomers.filter((co) => co.id !== orderCustomer.id);
  return { orderCustomerActionIds: ids, typeId: first.typeId, actionable: isActionActionable(first, coTenants) };
}

/**
 * Whose turn it has just become (part 1 §2.3: 'Waiting for other tenants...', "we will let you
 * know by email and SMS"; issue 28): the order customers whose next action waited for co-tenants
 * before a change and can be done after it. `before` and `after` are every order customer of the
 * order, read just before and just after the change. Once per change: a tenant who could already
 * act is not told again, nor one with nothing left to do, nor `actedBy` (the tenant whose step it
 * was). Ids in the order of `after`.
 */
export function newlyActionable(
  before: readonly OrderCustomerActions[],
  after: readonly OrderCustomerActions[],
  actedBy: string | null = null,
): string[] {
  return after
    .filter((oc) => {
      if (oc.id === actedBy) return false;
      const was = before.find((b) => b.id === oc.id);
      if (was === undefined) return false;
      const then = nextAction(was, before);
      const now = nextAction(oc, after);
      return then !== null && !then.actionable && now !== null && now.actionable;
    })
    .map((oc) => oc.id);
}

// ── Keyfree status ──────────────────────────────────────────────────────────

/**
 * IN_PROGRESS: the order is PENDING (checkout not finished).
 * ACTIVE: the order is COMPLETE and the tenancy is not finished.
 * EXPIRED: the order is COMPLETE and the tenancy is finished.
 * Reading chosen: "expired" (the dashboard filter, account status EXPIRED)
 * and "closed" (the status line 'This Keyfree is closed') are the same
 * thing; the code says EXPIRED and the line says closed.
 */
export type KeyfreeStatus = "IN_PROGRESS" | "ACTIVE" | "EXPIRED";

export interface KeyfreeStatusInput {
  orderStatus: OrderStatus;
  /** The claim on the tenancy, if any. */
  claimStatus?: ClaimStatus | null;
  /** The tenancy's outcomeDeadline: past it with no claim, the tenancy is finished. */
  outcomeDeadline?: Instant | null;
}

/**
 * A Keyfree's status. "Past expiry" (part 2 §4) is read as the tenancy being
 * finished (part 1 §4.1): its claim is DEACTIVATED, DECLINED or RESOLVED, or
 * there is no claim and the outcomeDeadline has passed.
 */
export function keyfreeStatus(input: KeyfreeStatusInput, now: Instant): KeyfreeStatus {
  if (input.orderStatus === "PENDING") return "IN_PROGRESS";
  const finished =
    input.claimStatus != null
      ? isClaimFinished(input.claimStatus)
      : input.outcomeDeadline != null && isPastDeadline(input.outcomeDeadline, now);
  return finished ? "EXPIRED" : "ACTIVE";
}

export const KEYFREE_STATUS_LINES = {
  closed: `This ${PRODUCT_NAME} is closed`,
  active: `This ${PRODUCT_NAME} is Active`,
  outstanding: "You have outstanding actions",
  awaitingOthers: "Awaiting other tenants",
  processing: "Processing...",
} as const;

/**
 * The card's status line (part 2 §2). In this order: an expired Keyfree is
 * closed; an open next action the tenant can do → 'You have outstanding
 * actions'; an open one that waits for co-tenants → 'Awaiting other
 * tenants'; a complete order → Active; a pending order with nothing left to
 * do (payment being confirmed) → 'Processing...'.
 */
export function keyfreeStatusLine(status: KeyfreeStatus, next: Pick<NextAction, "actionable"> | null): string {
  if (status === "EXPIRED") return KEYFREE_STATUS_LINES.closed;
  if (next !== null) return next.actionable ? KEYFREE_STATUS_LINES.outstanding : KEYFREE_STATUS_LINES.awaitingOthers;
  if (status === "ACTIVE") return KEYFREE_STATUS_LINES.active;
  return KEYFREE_STATUS_LINES.processing;
}

/** The dashboard filter a Keyfree is listed under: Expired for EXPIRED, Active otherwise. */
export function dashboardFilterFor(status: KeyfreeStatus): AccountStatus {
  return status === "EXPIRED" ? "EXPIRED" : "ACTIVE";
}

/**
 * The dashboard's default filter (part 2 §2): Active when the tenant has any
 * non-expired Keyfree or any pending order with an open next action,
 * otherwise Expired (also when the tenant has none).
 * Reading chosen: a pending order is never expired, so any pending order
 * selects Active — including one that is only 'Processing...' — so that the
 * default tab always shows a card the tenant has in progress.
 */
export function defaultDashboardFilter(statuses: readonly KeyfreeStatus[]): AccountStatus {
  return statuses.some((s) => dashboardFilterFor(s) === "ACTIVE") ? "ACTIVE" : "EXPIRED";
}

// ── Step tracker ────────────────────────────────────────────────────────────

export type CheckoutStepKey = "ABOUT_YOU" | "ELIGIBILITY" | "CONFIRM" | "TERMS" | "ADDENDUM" | "PAY" | "FINISH";
export type CheckoutSubRoute = "about-you" | "address-history" | "referencing" | "confirm" | "sign" | "addendum" | "pay" | "finish";

export interface CheckoutStep {
  key: CheckoutStepKey;
  label: string;
  subRoutes: readonly CheckoutSubRoute[];
  complete: boolean;
}

const SUB_ROUTE_BY_ACTION: Record<CheckoutActionType, CheckoutSubRoute> = {
  KEYFREE_ABOUT_YOU: "about-you",
  KEYFREE_ADDRESS_HISTORY: "address-history",
  KEYFREE_REFERENCING: "referencing",
  KEYFREE_CONFIRM: "confirm",
  KEYFREE_SIGN: "sign",
  KEYFREE_SIGN_ADDENDUM: "addendum",
  KEYFREE_PAY: "pay",
};

/** The checkout sub-route that shows an action (part 1 §2.3), or null for an action outside the checkout. */
export function checkoutSubRoute(typeId: OrderCustomerActionType): CheckoutSubRoute | null {
  return (SUB_ROUTE_BY_ACTION as Partial<Record<OrderCustomerActionType, CheckoutSubRoute>>)[typeId] ?? null;
}

const STEP_DEFINITIONS: readonly { key: CheckoutStepKey; label: string; actionTypes: readonly CheckoutActionType[] }[] = [
  { key: "ABOUT_YOU", label: "About You", actionTypes: ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"] },
  { key: "ELIGIBILITY", label: "Eligibility", actionTypes: ["KEYFREE_REFERENCING"] },
  { key: "CONFIRM", label: "Confirm", actionTypes: ["KEYFREE_CONFIRM"] },
  { key: "TERMS", label: "Terms", actionTypes: ["KEYFREE_SIGN"] },
  { key: "ADDENDUM", label: "Addendum", actionTypes: ["KEYFREE_SIGN_ADDENDUM"] },
  { key: "PAY", label: "Pay", actionTypes: ["KEYFREE_PAY"] },
];

/**
 * The step tracker (part 1 §2.3): a step appears only if the order customer
 * has a matching action and is complete when all its actions have
 * completedAt; Finish is always last and — having no action of its own — is
 * complete when every other step is.
 */
export function checkoutSteps(actions: readonly OrderCustomerAction[]): CheckoutStep[] {
  const steps: CheckoutStep[] = [];
  for (const def of STEP_DEFINITIONS) {
    const mine = actions.filter((a) => (def.actionTypes as readonly string[]).includes(a.typeId));
    if (mine.length === 0) continue;
    steps.push({
      key: def.key,
      label: def.label,
      subRoutes: def.actionTypes.map((t) => SUB_ROUTE_BY_ACTION[t]),
      complete: mine.every(isActionComplete),
    });
  }
  steps.push({ key: "FINISH", label: "Finish", subRoutes: ["finish"], complete: steps.every((s) => s.complete) });
  return steps;
}
