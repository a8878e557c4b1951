import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => text("id").primaryKey();
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Spec part 1 §3 User: the attributes live in their own columns; addresses in `addresses`. */
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    userTypeId: text("user_type_id").notNull().default("TENANT"),
    passwordHash: text("password_hash"),
    /** Set when the user must choose a new password before signing in ('Check Your Email'). */
    requiresPasswordReset: boolean("requires_password_reset").notNull().default(false),
    dob: date("dob", { mode: "string" }),
    gender: text("gender"),
    mobileNumber: text("mobile_number"),
    onboardingIntroductionComplete: boolean("onboarding_introduction_complete").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const customers = pgTable(
  "customers",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    hasDuplicatePaymentMethod: boolean("has_duplicate_payment_method").notNull().default(false),
    requiresNewPaymentMethod: boolean("requires_new_payment_method").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customers_user_idx").on(t.userId)],
);

/** Bearer tokens: only a SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("access_tokens_hash_idx").on(t.tokenHash), index("access_tokens_user_idx").on(t.userId)],
);

/** What a user did that we keep a record of (LOGIN, LOGOUT...). */
export const userEvents = pgTable(
  "user_events",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    type: text("type").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("user_events_user_idx").on(t.userId)],
);

export const organizations = pgTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  topUpEnabled: boolean("top_up_enabled").notNull().default(true),
  createdAt: createdAt(),
});

/** Spec part 1 §3 Address (a user's address history, or a property's address). */
export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: text("user_id").references(() => users.id),
    externalId: text("external_id"),
    buildingName: text("building_name"),
    roomNumber: text("room_number"),
    flatNumber: text("flat_number"),
    buildingNumber: text("building_number"),
    street: text("street").notNull(),
    subStreet: text("sub_street"),
    town: text("town"),
    county: text("county"),
    postcode: text("postcode").notNull(),
    country: text("country").notNull().default("GBR"),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    currentlyAtAddress: boolean("currently_at_address").notNull().default(false),
    organizationId: text("organization_id"),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

export const properties = pgTable("properties", {
  id: id(),
  addressId: text("address_id")
    .notNull()
    .references(() => addresses.id),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id),
  createdAt: createdAt(),
});

export const tenancies = pgTable("tenancies", {
  id: id(),
  propertyId: text("property_id")
    .notNull()
    .references(() => properties.id),
  /** Rent per month, in pence. */
  ppm: integer("ppm").notNull(),
  startDate: date("start_date", { mode: "string" }).notNull(),
  endDate: date("end_date", { mode: "string" }),
  isNewTenancy: boolean("is_new_tenancy").notNull().default(true),
  completedAt: ts("completed_at"),
  outcomeDeadline: ts("outcome_deadline"),
  createdAt: createdAt(),
});

export const orders = pgTable(
  "orders",
  {
    id: id(),
    tenancyId: text("tenancy_id")
      .notNull()
      .references(() => tenancies.id),
    productId: text("product_id").notNull(),
    statusId: text("status_id").notNull().default("PENDING"),
    redirectUrl: text("redirect_url"),
    createdAt: createdAt(),
  },
  (t) => [index("orders_tenancy_idx").on(t.tenancyId)],
);

export const orderCustomers = pgTable(
  "order_customers",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    /** This customer's fee, in pence. */
    fee: integer("fee").notNull().default(0),
    tenantLiability: integer("tenant_liability").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_customers_order_customer_idx").on(t.orderId, t.customerId),
    index("order_customers_customer_idx").on(t.customerId),
  ],
);
