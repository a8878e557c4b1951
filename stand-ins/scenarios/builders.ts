/**
 * Building blocks for setting up any situation a tenant can be in: used by the demo data,
 * the ops tools (`npm run ops`) and the tests. Each writes real rows through the schema.
 */
import type { Database } from "../../server/db";
import {
  addresses,
  orderCustomerActions,
  orderCustomers,
  orders,
  organizations,
  properties,
  tenancies,
  tenancyTenants,
} from "../../server/db/schema";
import { keyfreeFeePence, splitByLiability, type CoverLevel } from "../../server/domain/fees";
import { CHECKOUT_ACTION_TYPES, type OrderCustomerActionType } from "../../server/domain/statuses";
import { newId } from "../../server/lib/tokens";

export type AddressInput = Partial<typeof addresses.$inferInsert> & { street?: string; postcode?: string };

/** The stand-in agent's address, where the inventory request and a move-out go (issue 38) unless the scenario names another or none. */
export const DEFAULT_AGENT_EMAIL = "lettings@harbour-lettings.example";

export async function createOrganization(db: Database, input: { name?: string; topUpEnabled?: boolean; contactEmail?: string | null } = {}) {
  const [row] = await db
    .insert(organizations)
    .values({
      id: newId(),
      name: input.name ?? "Harbour Lettings",
      topUpEnabled: input.topUpEnabled ?? true,
      contactEmail: input.contactEmail === undefined ? DEFAULT_AGENT_EMAIL : input.contactEmail,
    })
    .returning();
  return row!;
}

export async function createAddress(db: Database, input: AddressInput = {}) {
  const [row] = await db
    .insert(addresses)
    .values({
      buildingNumber: "12",
      street: "Orchard Road",
      town: "Bristol",
      postcode: "BS1 4DJ",
      country: "GBR",
      ...input,
      id: input.id ?? newId(),
    })
    .returning();
  return row!;
}

export type TenancyInput = {
  /** Users living there (tenancy tenants). */
  tenantUserIds: string[];
  organizationId?: string;
  address?: AddressInput;
  /** Rent per month, in pence. */
  ppm?: number;
  startDate?: string;
  endDate?: string | null;
  isNewTenancy?: boolean;
  coverLevel?: CoverLevel;
  termsLink?: string | null;
  outcomeDeadline?: Date | null;
  completedAt?: Date | null;
};

export async function createTenancy(db: Database, input: TenancyInput) {
  const organizationId = input.organizationId ?? (await createOrganization(db)).id;
  const address = await createAddress(db, input.address);
  const [property] = await db
    .insert(properties)
    .values({ id: newId(), addressId: address.id, organizationId })
    .returning();
  const [tenancy] = await db
    .insert(tenancies)
    .values({
      id: newId(),
      propertyId: property!.id,
      ppm: input.ppm ?? 130_000,
      startDate: input.startDate ?? "2026-01-01",
      endDate: input.endDate === undefined ? "2027-12-31" : input.endDate,
      isNewTenancy: input.isNewTenancy ?? true,
      coverLevel: input.coverLevel ?? "DEFAULT",
      termsLink: input.termsLink ?? null,
      outcomeDeadline: input.outcomeDeadline ?? null,
      completedAt: input.completedAt ?? null,
    })
    .returning();
  // The tenants in the order given: each a millisecond after the one before, so the lists that
  // sort by when a tenant joined (the dashboard card's) never tie on one transaction's time.
  const joined = Date.now();
  for (const [i, userId] of input.tenantUserIds.entries()) {
    await db.insert(tenancyTenants).values({ id: newId(), tenancyId: tenancy!.id, userId, createdAt: new Date(joined + i) });
  }
  return { tenancy: tenancy!, property: property!, address, organizationId };
}

export type OrderCustomerInput = {
  customerId: string;
  /** How many tenants' shares this customer pays (default 1). */
  tenantLiability?: number;
  /** Action types this customer has already completed. */
  completed?: OrderCustomerActionType[];
};

/**
 * A Keyfree order on a tenancy: one order customer per tenant, each with the checkout
 * actions (all of them by default) and their share of the fee (one week's rent, min £150).
 */
export async function createKeyfreeOrder(
  db: Database,
  input: {
    tenancyId: string;
    ppm: number;
    customers: OrderCustomerInput[];
    actionTypes?: readonly OrderCustomerActionType[];
    status?: "PENDING" | "COMPLETE";
    redirectUrl?: string | null;
    completedAt?: Date;
    actionDetails?: Partial<Record<OrderCustomerActionType, Record<string, unknown>>>;
  },
) {
  const orderId = newId();
  await db.insert(orders).values({
    id: orderId,
    tenancyId: input.tenancyId,
    productId: "KEYFREE",
    statusId: input.status ?? "PENDING",
    redirectUrl: input.redirectUrl ?? null,
  });
  const withIds = input.customers.map((c) => ({ ...c, orderCustomerId: newId(), tenantLiability: c.tenantLiability ?? 1 }));
  const shares = splitByLiability(
    keyfreeFeePence(input.ppm),
    withIds.map((c) => ({ id: c.orderCustomerId, tenantLiability: c.tenantLiability })),
  );
  const actionTypes = input.actionTypes ?? CHECKOUT_ACTION_TYPES;
  const completedAt = input.completedAt ?? new Date();
  const created = [];
  for (const c of withIds) {
    await db.insert(orderCustomers).values({
      id: c.orderCustomerId,
      orderId,
      customerId: c.customerId,
      fee: shares.find((s) => s.tenantId === c.orderCustomerId)!.amountPence,
      tenantLiability: c.tenantLiability,
    });
    const actions = actionTypes.map((typeId, position) => ({
      id: newId(),
      orderCustomerId: c.orderCustomerId,
      typeId,
      position,
      completedAt: input.status === "COMPLETE" || c.completed?.includes(typeId) ? completedAt : null,
      details: input.actionDetails?.[typeId] ?? {},
    }));
    if (actions.length > 0) await db.insert(orderCustomerActions).values(actions);
    created.push({ orderCustomerId: c.orderCustomerId, customerId: c.customerId, actions });
  }
  return { orderId, orderCustomers: created };
}
