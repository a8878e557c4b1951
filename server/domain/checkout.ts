/**
 * Checkout, tenancy orders and amounts still to pay (part 1 §2.3, §2.4, §5;
 * part 2 §2 Dashboard, §3). Pure rules over plain data; the API enforces them.
 */
import { ADDRESS_MESSAGES } from "#common/addresses";
import type { Pence } from "#common/money";
import { formatPounds } from "#common/wording";
import { nextAction, type OrderCustomerActions } from "./order-customers.js";
import { confirmAcknowledgements } from "#common/tenant-terms";
import { ANNUAL_FEE_PENCE, MINIMUM_KEYFREE_FEE_PENCE } from "./fees.js";
import type { CheckoutActionType, ClaimStatus, OrderCustomerActionType } from "./statuses.js";

// ── Checkout steps ──────────────────────────────────────────────────────────

export const CHECKOUT_MESSAGES = {
  /** Part 1 §2.3: the Sign step when the next action is not actionable. */
  waitingForOtherTenants: "Waiting for other tenants...",
  alreadyCompleted: "You have already completed this step.",
  notInCheckout: "This step is not part of your checkout.",
  earlierStepsFirst: "Complete the earlier steps of your checkout first.",
  /** Part 1 §2.3: Continue is disabled with no current address. */
  noCurrentAddress: ADDRESS_MESSAGES.noCurrentAddress,
} as const;

export type CheckoutStepCheck = { ok: true; actionId: string } | { ok: false; message: string };

/**
 * Whether the order customer may complete its `typeId` checkout action now
 * (part 1 §2.3: the step shown must be the customer's next pending action).
 * Refused, with a message a tenant can read, when the customer has no such
 * action, has already completed it (a double submit), has an earlier step
 * still open, or must wait for co-tenants ('Waiting for other tenants...').
 * `orderCustomers` are every order customer of the order (it may include
 * this one), for the co-tenants' progress.
 */
export function checkCheckoutStep(
  orderCustomer: OrderCustomerActions,
  orderCustomers: readonly OrderCustomerActions[],
  typeId: CheckoutActionType,
): CheckoutStepCheck {
  const mine = orderCustomer.actions.filter((a) => a.typeId === typeId);
  if (mine.length === 0) return { ok: false, message: CHECKOUT_MESSAGES.notInCheckout };
  if (mine.every((a) => a.completedAt != null)) return { ok: false, message: CHECKOUT_MESSAGES.alreadyCompleted };
  const next = nextAction(orderCustomer, orderCustomers);
  const actionId = next?.orderCustomerActionIds[0];
  if (next === null || actionId === undefined || next.typeId !== typeId) {
    return { ok: false, message: CHECKOUT_MESSAGES.earlierStepsFirst };
  }
  if (!next.actionable) return { ok: false, message: CHECKOUT_MESSAGES.waitingForOtherTenants };
  return { ok: true, actionId };
}

// ── Confirm step acknowledgements ───────────────────────────────────────────

// Part 1 §5: the confirm box and four acknowledgements, plus the annual fee when the
// organisation has top-ups enabled. The boxes, their words and the message for each one left
// unticked are in the shared rule book, common/tenant-terms.ts, which the Confirm page reads too.

/** Each box's label with the figures of the domain's constants (the API's request descriptions). */
export const CONFIRM_ACKNOWLEDGEMENTS = confirmAcknowledgements({
  minimumFee: formatPounds(MINIMUM_KEYFREE_FEE_PENCE, { wholePounds: true }),
  annualFee: formatPounds(ANNUAL_FEE_PENCE, { wholePounds: true }),
});

// ── Amounts still to pay (part 1 §2.4, part 2 §3) ───────────────────────────

export interface PaymentActionAmount {
  typeId: OrderCustomerActionType;
  completedAt?: unknown;
  /** details.amountRemaining, in pence. */
  amountRemaining: Pence;
}

/** A remaining-balance action and the own-share action it includes (part 1 §2.4). */
const REMAINING_BALANCE_INCLUDES: Partial<Record<OrderCustomerActionType, OrderCustomerActionType>> = {
  CLAIM_PAY_REMAINING_BALANCE: "CLAIM_PAY",
  ARBITRATION_PAY_REMAINING_BALANCE: "ARBITRATION_PAY",
};

/**
 * What one order customer still has to pay: the sum of amountRemaining of
 * its open payment actions.
 * Reading chosen: when a remaining-balance action is open together with the
 * own-share action it includes (the 'Remaining Balance' / 'Your Share'
 * choice of part 1 §2.4), only the own share is counted — the remaining
 * balance already contains it and also covers co-tenants' shares, so adding
 * both would count the tenant's share twice.
 */
export function outstandingAmountPence(actions: readonly PaymentActionAmount[]): Pence {
  const open = actions.filter((a) => a.completedAt == null);
  const openTypes = new Set(open.map((a) => a.typeId));
  return open
    .filter((a) => {
      const share = REMAINING_BALANCE_INCLUDES[a.typeId];
      return share === undefined || !openTypes.has(share);
    })
    .reduce((sum, a) => sum + a.amountRemaining, 0);
}

/** The whole order's remaining balance: what every order customer on it still has to pay, added up. */
export function orderRemainingBalancePence(orderCustomers: readonly (readonly PaymentActionAmount[])[]): Pence {
  return orderCustomers.reduce((sum, actions) => sum + outstandingAmountPence(actions), 0);
}

// ── Tenancy orders on the dashboard (part 2 §2) ─────────────────────────────

export interface TenantName {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}

/**
 * The name a dashboard card shows for a tenant: 'first last', or the e-mail
 * when a name is missing (part 2 §2). Reading chosen: decided per tenant, so
 * a co-tenant with a full name is still shown by name next to one shown by
 * e-mail.
 */
export function tenantDisplayName(tenant: TenantName): string {
  const first = tenant.firstName?.trim() ?? "";
  const last = tenant.lastName?.trim() ?? "";
  return first !== "" && last !== "" ? `${first} ${last}` : tenant.email;
}

export interface SettledClaim {
  status: ClaimStatus;
  /** The claim's limit: the tenants' maximum liability. */
  limit: Pence;
  finalAmount?: Pence | null;
  /** The adjudicator's award, when the claim was arbitrated. */
  arbitratedAmount?: Pence | null;
}

/**
 * The total charges settled a card shows for a RESOLVED claim (part 2 §2),
 * null for any other status or when no amount was ever set.
 * Reading chosen: the adjudicator's award when there is one (it replaces the
 * earlier charges), otherwise the claim's finalAmount; never more than the
 * claim's limit, since the tenant's liability is capped by it.
 */
export function totalChargesSettledPence(claim: SettledClaim): Pence | null {
  if (claim.status !== "RESOLVED") return null;
  const amount = claim.arbitratedAmount ?? claim.finalAmount ?? null;
  return amount === null ? null : Math.min(amount, claim.limit);
}
