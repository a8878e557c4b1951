import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    /** Notices by text message to mobileNumber (issue 28); e-mail notices cannot be turned off (part 2 §1). */
    smsNotices: boolean("sms_notices").notNull().default(true),
    onboardingIntroductionComplete: boolean("onboarding_introduction_complete").notNull().default(false),
    /**
     * When the account was closed at the tenant's request (issue 40, decision 0068): sign-in is
     * refused from then on. Its personal data is removed by the retention job's rules.
     */
    closedAt: ts("closed_at"),
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
    /** The card provider's customer (cus_…), made on the first card payment. */
    stripeCustomerId: text("stripe_customer_id"),
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

/**
 * Wrong passwords, by e-mail (lower case) and client address (issue 23): the sign-in throttle's
 * counts, shared by every API instance (server/domain/sign-in-throttle.ts). A right password
 * deletes its pair's rows; the sweep deletes rows older than the window.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: id(),
    email: text("email").notNull(),
    clientAddress: text("client_address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sign_in_failures_pair_idx").on(t.email, t.clientAddress, t.createdAt),
    index("sign_in_failures_address_idx").on(t.clientAddress, t.createdAt),
  ],
);

/**
 * 'Forgotten password' requests, per client address (issue 23): counted here, not in one
 * process's memory, so every API instance throttles the same address alike. The sweep deletes
 * rows older than the throttle's hour.
 */
export const passwordResetRequests = pgTable(
  "password_reset_requests",
  {
    id: id(),
    clientAddress: text("client_address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_requests_address_idx").on(t.clientAddress, t.createdAt)],
);

/**
 * Identity-provider ID tokens already exchanged for a sign-in (issue 25): one ID token signs in
 * once on any API instance, so a token used on one is refused by every other. `token_hash` is
 * the SHA-256 of the token's signed part (header and payload as sent); a row is kept until the
 * token could no longer be accepted anyway (its expiry or age limit), then the sweep deletes it.
 */
export const usedIdTokens = pgTable(
  "used_id_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("used_id_tokens_expires_idx").on(t.expiresAt)],
);

export const organizations = pgTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  topUpEnabled: boolean("top_up_enabled").notNull().default(true),
  /**
   * The agent's or landlord's address for what we must tell them (issue 38, decision 0058): an
   * inventory a tenant has not received, a tenant who has moved out. None held: the e-mail goes to
   * the support team (SUPPORT_EMAIL), who pass it on.
   */
  contactEmail: text("contact_email"),
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
  /** The cover level decides the claim limit cap (£5,000 DEFAULT, £10,000 HIGHER). */
  coverLevel: text("cover_level").notNull().default("DEFAULT"), // DEFAULT | HIGHER
  termsLink: text("terms_link"),
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
    /** The claim a CLAIM order pays (charges, proposal, arbitration fee or adjudicated amount). */
    claimId: text("claim_id"),
    createdAt: createdAt(),
  },
  // The claim view reads a claim's orders by claim_id (server/claims/queries.ts): issue 25.
  (t) => [index("orders_tenancy_idx").on(t.tenancyId), index("orders_claim_idx").on(t.claimId)],
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

// ── Issue 3: the whole domain ─────────────────────────────────────────────────

/** Single-use, expiring tokens for the reset-password and set-password e-mails (hash only). */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(), // RESET | SET
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_tokens_hash_idx").on(t.tokenHash)],
);

/** A file attached to an e-mail: its name, MIME type and text content. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/** Every e-mail the product sends; delivered by SMTP when configured, shown at /dev/mail otherwise. */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    userId: text("user_id"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Files sent with the e-mail (the payment plan's schedule as an .ics): text content only. */
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
    /** Set for a notice that must go once whoever queues it (a reminder: its deadline, its recipient, which one). */
    dedupeKey: text("dedupe_key"),
    /**
     * Set on a copy for the tenant's helper (issue 36, decision 0050): the support_helpers row it
     * goes to. Delivery sends it only while that helper is still confirmed and not removed; removing
     * the helper deletes their unsent copies.
     */
    supportHelperId: text("support_helper_id"),
  },
  (t) => [
    index("outbox_emails_unsent_idx").on(t.sentAt, t.createdAt),
    uniqueIndex("outbox_emails_dedupe_idx").on(t.dedupeKey),
    index("outbox_emails_helper_idx").on(t.supportHelperId, t.sentAt),
  ],
);

/**
 * Every text message the product sends (issue 28), written in the same transaction as the
 * change it tells of; delivered through Twilio when configured, shown at /dev/mail otherwise.
 */
export const outboxSms = pgTable(
  "outbox_sms",
  {
    id: id(),
    /** The mobile number as the tenant gave it in About You. */
    to: text("to").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    userId: text("user_id"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The provider's id for the message once accepted (Twilio's SM... sid). */
    providerMessageId: text("provider_message_id"),
    /**
     * What the provider last said about it (Twilio's status callback, issue 38; decision 0060):
     * queued, sent, delivered, undelivered or failed. Null until the provider's first callback. It
     * only moves forward (server/domain/sms-status.ts).
     */
    deliveryStatus: text("delivery_status"),
    /** Twilio's ErrorCode with an undelivered or failed status (30003: unreachable, 30005: unknown number...). */
    deliveryErrorCode: text("delivery_error_code"),
    /** When that status was recorded. */
    deliveryStatusAt: ts("delivery_status_at"),
  },
  (t) => [
    index("outbox_sms_unsent_idx").on(t.sentAt, t.createdAt),
    uniqueIndex("outbox_sms_dedupe_idx").on(t.dedupeKey),
    index("outbox_sms_provider_message_idx").on(t.providerMessageId),
    index("outbox_sms_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Stored files: the bytes live behind the files interface (local disk by default). */
export const documents = pgTable("documents", {
  id: id(),
  name: text("name").notNull(),
  typeId: text("type_id").notNull(),
  storageKey: text("storage_key").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  uploadedByUserId: text("uploaded_by_user_id").references(() => users.id),
  /** The file's SHA-256 (hex), taken as it is stored (issue 39: the claim record lists it); null for files stored before. */
  sha256: text("sha256"),
  createdAt: createdAt(),
  /**
   * Retention (issue 40, decision 0068): when its period ended, the row is marked (`removedAt`, its
   * name replaced) in the transaction that applies the rule, then its bytes are deleted from the
   * file store (`fileDeletedAt`). A crash in between leaves a marked row whose file the next run deletes.
   */
  removedAt: ts("removed_at"),
  fileDeletedAt: ts("file_deleted_at"),
});

/** The tenants of a tenancy (part 1 §3 Order.tenants, Tenancy user with guarantor). */
export const tenancyTenants = pgTable(
  "tenancy_tenants",
  {
    id: id(),
    tenancyId: text("tenancy_id")
      .notNull()
      .references(() => tenancies.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    guarantorFirstName: text("guarantor_first_name"),
    guarantorLastName: text("guarantor_last_name"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tenancy_tenants_tenancy_user_idx").on(t.tenancyId, t.userId), index("tenancy_tenants_user_idx").on(t.userId)],
);

export const tenancyDocuments = pgTable(
  "tenancy_documents",
  {
    id: id(),
    tenancyId: text("tenancy_id")
      .notNull()
      .references(() => tenancies.id),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    typeId: text("type_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("tenancy_documents_tenancy_idx").on(t.tenancyId)],
);

/** An order customer's actions (part 1 §3 OrderCustomerAction), in the order they are done. */
export const orderCustomerActions = pgTable(
  "order_customer_actions",
  {
    id: id(),
    orderCustomerId: text("order_customer_id")
      .notNull()
      .references(() => orderCustomers.id),
    typeId: text("type_id").notNull(),
    position: integer("position").notNull().default(0),
    completedAt: ts("completed_at"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("order_customer_actions_oc_idx").on(t.orderCustomerId)],
);

export const references = pgTable(
  "references",
  {
    id: id(),
    orderCustomerId: text("order_customer_id")
      .notNull()
      .references(() => orderCustomers.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").notNull().default("PEND"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("references_oc_idx").on(t.orderCustomerId)],
);

export const referenceDocuments = pgTable("reference_documents", {
  id: id(),
  referenceId: text("reference_id")
    .notNull()
    .references(() => references.id),
  documentId: text("document_id")
    .notNull()
    .references(() => documents.id),
  type: text("type").notNull(), // PROOF_OF_IDENTITY | PROOF_OF_ADDRESS
  createdAt: createdAt(),
});

export const referenceChecks = pgTable("reference_checks", {
  id: id(),
  referenceId: text("reference_id")
    .notNull()
    .references(() => references.id),
  type: text("type").notNull(), // IDENTITY
  status: text("status").notNull(),
  createdAt: createdAt(),
});

/** A claim raised by the landlord or agent against a tenancy (part 1 §3). */
export const claims = pgTable(
  "claims",
  {
    id: id(),
    tenancyId: text("tenancy_id")
      .notNull()
      .references(() => tenancies.id),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    status: text("status").notNull(),
    details: text("details"),
    /** The tenants' maximum liability, in pence. */
    limit: integer("limit").notNull(),
    finalAmount: integer("final_amount"),
    mediationEnabled: boolean("mediation_enabled").notNull().default(true),
    tenantDisputeMessage: text("tenant_dispute_message"),
    adjudicationFeeOrderId: text("adjudication_fee_order_id"),
    createdAt: createdAt(),
  },
  (t) => [index("claims_tenancy_idx").on(t.tenancyId)],
);

export const claimDocuments = pgTable(
  "claim_documents",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    createdAt: createdAt(),
  },
  (t) => [index("claim_documents_claim_idx").on(t.claimId)],
);

export const claimItems = pgTable(
  "claim_items",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    description: text("description").notNull(),
    type: text("type").notNull(),
    isSettled: boolean("is_settled").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("claim_items_claim_idx").on(t.claimId)],
);

export const claimRespondents = pgTable(
  "claim_respondents",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("claim_respondents_claim_user_idx").on(t.claimId, t.userId), index("claim_respondents_user_idx").on(t.userId)],
);

export const claimResponses = pgTable("claim_responses", {
  id: id(),
  claimRespondentId: text("claim_respondent_id")
    .notNull()
    .references(() => claimRespondents.id),
  message: text("message"),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const claimResponseDocuments = pgTable(
  "claim_response_documents",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    uploadedByUserId: text("uploaded_by_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("claim_response_documents_claim_idx").on(t.claimId)],
);

/** Rounds 1 (landlord charge), 2 (tenant counter-proposal), 3 (landlord final proposal). */
export const claimProposals = pgTable(
  "claim_proposals",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    round: integer("round").notNull(),
    status: text("status").notNull(),
    type: text("type").notNull().default("STANDARD"), // STANDARD | FINAL
    source: text("source").notNull(), // SUPPLIER | TENANT
    publishedAt: ts("published_at"),
    orderId: text("order_id").references(() => orders.id),
    createdByUserId: text("created_by_user_id").references(() => users.id),
    responseDeadline: ts("response_deadline"),
    autoResponded: boolean("auto_responded").notNull().default(false),
    /** A tenant proposal's payment is held until then, and refunded in full if refused. */
    holdExpiresAt: ts("hold_expires_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("claim_proposals_claim_idx").on(t.claimId)],
);

export const claimItemProposals = pgTable(
  "claim_item_proposals",
  {
    id: id(),
    claimProposalId: text("claim_proposal_id")
      .notNull()
      .references(() => claimProposals.id),
    claimItemId: text("claim_item_id")
      .notNull()
      .references(() => claimItems.id),
    amount: integer("amount").notNull(),
    explanation: text("explanation"),
    settled: boolean("settled").notNull().default(false),
    settledSource: text("settled_source"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("claim_item_proposals_proposal_item_idx").on(t.claimProposalId, t.claimItemId),
    index("claim_item_proposals_item_idx").on(t.claimItemId),
  ],
);

/** Evidence on an item: the landlord's, or the tenant's (tied to their item proposal). */
export const claimItemDocuments = pgTable(
  "claim_item_documents",
  {
    id: id(),
    claimItemId: text("claim_item_id")
      .notNull()
      .references(() => claimItems.id),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    claimItemProposalId: text("claim_item_proposal_id").references(() => claimItemProposals.id),
    source: text("source").notNull(), // SUPPLIER | TENANT
    uploadedByUserId: text("uploaded_by_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("claim_item_documents_item_idx").on(t.claimItemId)],
);

export const claimActivities = pgTable(
  "claim_activities",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    activityType: text("activity_type").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    userId: text("user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("claim_activities_claim_idx").on(t.claimId)],
);

export const evidenceChasers = pgTable(
  "evidence_chasers",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    type: text("type").notNull(), // PREADR
    status: text("status").notNull(), // PENDING
    createdAt: createdAt(),
  },
  (t) => [index("evidence_chasers_claim_idx").on(t.claimId)],
);

export const arbitrations = pgTable(
  "arbitrations",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    arbitratedAmount: integer("arbitrated_amount"),
    repaymentOrderId: text("repayment_order_id").references(() => orders.id),
    decidedAt: ts("decided_at"),
    /** 3 calendar days after the decision (Europe/London). */
    paymentDeadline: ts("payment_deadline"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("arbitrations_claim_idx").on(t.claimId)],
);

export const arbitrationDocuments = pgTable("arbitration_documents", {
  id: id(),
  arbitrationId: text("arbitration_id")
    .notNull()
    .references(() => arbitrations.id),
  documentId: text("document_id")
    .notNull()
    .references(() => documents.id),
  createdAt: createdAt(),
});

/**
 * The adjudicator's reasons, item by item (issue 39): what they wrote about each charge and,
 * when they gave it, what they awarded for it. Decisions made before issue 39 have none.
 */
export const arbitrationReasons = pgTable(
  "arbitration_reasons",
  {
    id: id(),
    arbitrationId: text("arbitration_id")
      .notNull()
      .references(() => arbitrations.id),
    claimItemId: text("claim_item_id")
      .notNull()
      .references(() => claimItems.id),
    reason: text("reason").notNull(),
    /** What the adjudicator awarded for this item, in pence, when they said; else null. */
    awardedAmount: integer("awarded_amount"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("arbitration_reasons_arbitration_item_idx").on(t.arbitrationId, t.claimItemId)],
);

/** A payment plan offered to one order customer for an outstanding balance (part 2 §3). */
export const paymentPlans = pgTable(
  "payment_plans",
  {
    id: id(),
    orderCustomerId: text("order_customer_id")
      .notNull()
      .references(() => orderCustomers.id),
    claimId: text("claim_id").references(() => claims.id),
    status: text("status").notNull().default("PENDING"),
    /** The balance spread over the instalments, in pence. */
    amount: integer("amount").notNull(),
    interestAmount: integer("interest_amount").notNull().default(0),
    addressId: text("address_id").references(() => addresses.id),
    /** The offer is void when its three steps are not done by then (48 hours). */
    offerExpiresAt: ts("offer_expires_at").notNull(),
    confirmedAt: ts("confirmed_at"),
    /** The card step's setup intent (getSetupIntentSecret), used again while it can still be confirmed. */
    stripeSetupIntentId: text("stripe_setup_intent_id"),
    /** The plan's card: the one given at the card step, or the last one an instalment was paid with. */
    stripePaymentMethodId: text("stripe_payment_method_id"),
    /** When the plan went live (ACTIVE): the reminders count from here. */
    activatedAt: ts("activated_at"),
    createdAt: createdAt(),
  },
  (t) => [index("payment_plans_oc_idx").on(t.orderCustomerId), index("payment_plans_claim_idx").on(t.claimId)],
);

export const paymentPlanActions = pgTable("payment_plan_actions", {
  id: id(),
  paymentPlanId: text("payment_plan_id")
    .notNull()
    .references(() => paymentPlans.id),
  typeId: text("type_id").notNull(), // CONFIRM | ADDRESS | CARD_DETAILS
  position: integer("position").notNull(),
  completedAt: ts("completed_at"),
  createdAt: createdAt(),
});

export const paymentPlanInstalments = pgTable(
  "payment_plan_instalments",
  {
    id: id(),
    paymentPlanId: text("payment_plan_id")
      .notNull()
      .references(() => paymentPlans.id),
    instalmentNumber: integer("instalment_number").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    amount: integer("amount").notNull(),
    status: text("status").notNull().default("PENDING"), // PENDING | PAID | FAILED
    paidAt: ts("paid_at"),
    /** The payment intent made for paying it by card (getInstalmentPaymentIntentSecret). */
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** The monthly charge job's last attempt (its lease): another run leaves the row alone until it runs out. */
    chargeStartedAt: ts("charge_started_at"),
    /** The off-session payment intent the monthly charge made: once recorded, the instalment is never charged by the job again. */
    chargePaymentIntentId: text("charge_payment_intent_id"),
    /** The reminder e-mails one week and one day before the charge, each sent once. */
    reminderWeekSentAt: ts("reminder_week_sent_at"),
    reminderDaySentAt: ts("reminder_day_sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_plan_instalments_number_idx").on(t.paymentPlanId, t.instalmentNumber),
    index("payment_plan_instalments_due_idx").on(t.status, t.dueDate),
  ],
);

/** The yearly anniversaries of tenancies over 12 months, and the annual-fee (top-up) order for each. */
export const tenancyAnniversaries = pgTable(
  "tenancy_anniversaries",
  {
    id: id(),
    tenancyId: text("tenancy_id")
      .notNull()
      .references(() => tenancies.id),
    anniversaryDate: date("anniversary_date", { mode: "string" }).notNull(),
    yearNumber: integer("year_number").notNull(),
    orderId: text("order_id").references(() => orders.id),
    paidAt: ts("paid_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tenancy_anniversaries_year_idx").on(t.tenancyId, t.yearNumber)],
);

/** An agent's offer of Keyfree or a cash deposit, answered without login through a token. */
export const keyfreeOffers = pgTable("keyfree_offers", {
  id: id(),
  addressId: text("address_id")
    .notNull()
    .references(() => addresses.id),
  organizationId: text("organization_id").references(() => organizations.id),
  savingAmount: integer("saving_amount").notNull(),
  keyfreeAmount: integer("keyfree_amount").notNull(),
  cashDepositAmount: integer("cash_deposit_amount").notNull(),
  annualFeesEnabled: boolean("annual_fees_enabled").notNull().default(true),
  /** The tenancy's choice, final once made (KEYFREE | CASH_DEPOSIT). */
  choice: text("choice"),
  chosenAt: ts("chosen_at"),
  createdAt: createdAt(),
});

export const keyfreeOfferRecipients = pgTable(
  "keyfree_offer_recipients",
  {
    id: id(),
    keyfreeOfferId: text("keyfree_offer_id")
      .notNull()
      .references(() => keyfreeOffers.id),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    tokenHash: text("token_hash").notNull(),
    choice: text("choice"),
    chosenAt: ts("chosen_at"),
    rejectionReason: text("rejection_reason"),
    customRejectionReason: text("custom_rejection_reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("keyfree_offer_recipients_token_idx").on(t.tokenHash)],
);

/** A request that tenants confirm they received their tenancy inventory, answered from an e-mail link. */
export const tenancyInventoryRequests = pgTable("tenancy_inventory_requests", {
  id: id(),
  tenancyId: text("tenancy_id")
    .notNull()
    .references(() => tenancies.id),
  /** When the agent or landlord was asked to send the inventory (the first "not received"; once per request: issue 38). */
  agentAskedAt: ts("agent_asked_at"),
  createdAt: createdAt(),
});

export const tenancyInventoryResponses = pgTable(
  "tenancy_inventory_responses",
  {
    id: id(),
    requestId: text("request_id")
      .notNull()
      .references(() => tenancyInventoryRequests.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    response: text("response"), // CONFIRMED | UNCONFIRMED
    respondedAt: ts("responded_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tenancy_inventory_responses_token_idx").on(t.tokenHash)],
);

/**
 * A tenant's "I have moved out" link (issue 38, decision 0058): sent by e-mail (the ops command
 * `tenant-vacated-link`), only its token's hash is stored, as the inventory's. Opening it records
 * the move-out once (`vacatedAt`) and e-mails the agent or landlord in the same transaction.
 */
export const tenantVacatedLinks = pgTable(
  "tenant_vacated_links",
  {
    id: id(),
    tenancyId: text("tenancy_id")
      .notNull()
      .references(() => tenancies.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    vacatedAt: ts("vacated_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tenant_vacated_links_token_idx").on(t.tokenHash)],
);

/**
 * Settings kept for every instance: the demo clock's offset (the ops tools change it), the
 * embedded development identity provider's keys and client secret (server/dev-idp/store.ts).
 */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// ── Issue 4: card payments ───────────────────────────────────────────────────

/** Cards a customer has used or saved: the fingerprint is what the duplicate-card check compares. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    stripePaymentMethodId: text("stripe_payment_method_id").notNull(),
    fingerprint: text("fingerprint"),
    brand: text("brand"),
    last4: text("last4"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_methods_stripe_idx").on(t.stripePaymentMethodId),
    index("payment_methods_fingerprint_idx").on(t.fingerprint),
    index("payment_methods_customer_idx").on(t.customerId),
  ],
);

/**
 * Every payment intent we asked the card provider for (issue 21): the payments module's ledger.
 * A row is written as soon as the provider answers; `settledAt` is set in the same transaction
 * as the effect of the intent's success (or when it is canceled), so an open row is a payment
 * whose outcome we have not applied yet. Reconciliation asks the provider about open rows.
 */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    /** The provider's id (pi_…). */
    id: text("id").primaryKey(),
    /** The registered purpose the payment is for (order-action, payment-plan-instalment). */
    purpose: text("purpose").notNull(),
    /** Our customer (customers.id) whose card pays. */
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    /** Pence. */
    amount: integer("amount").notNull(),
    /** Our ids, as put in the intent's metadata. */
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    offSession: boolean("off_session").notNull().default(false),
    createdAt: createdAt(),
    /** The provider's status when we last looked (or were told). */
    providerStatus: text("provider_status").notNull(),
    /** Succeeded (and applied), canceled: nothing more to ask the provider. */
    settledAt: ts("settled_at"),
    /** SUCCEEDED or CANCELED once settled. */
    outcome: text("outcome"),
    /** When reconciliation may ask the provider again (backs off while the intent waits for the tenant). */
    nextCheckAt: ts("next_check_at").notNull(),
    /** When we last asked the provider (or heard from it): a page asks again only after a few seconds. */
    checkedAt: ts("checked_at"),
    checks: integer("checks").notNull().default(0),
  },
  (t) => [
    index("payment_intents_open_idx").on(t.settledAt, t.nextCheckAt),
    index("payment_intents_customer_idx").on(t.customerId, t.settledAt),
  ],
);

/** Card provider webhook events applied: recorded in the transaction that applies the event, so a recorded event is an applied one. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});

/**
 * Money we owe back to a card (issue 8): recorded in the same transaction as the change that
 * makes it owed (a refused or expired tenant proposal, an unused dispute fee credit), then paid
 * by the owed-refunds job (server/payments/refund-service.ts) through the card provider, once, with
 * the idempotency key `owed-refund-<id>`. `claimedUntil` is the job's lease on the row.
 */
export const owedRefunds = pgTable(
  "owed_refunds",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    stripePaymentIntentId: text("stripe_payment_intent_id").notNull(),
    /** Pence. */
    amount: integer("amount").notNull(),
    /** PROPOSAL_REFUSED, PROPOSAL_HOLD_EXPIRED, DISPUTE_FEE_CREDIT, PAYMENT_NOT_NEEDED or PAYMENT_EXCESS. */
    reason: text("reason").notNull(),
    claimId: text("claim_id").references(() => claims.id),
    /** The order customer action whose payment this gives back. */
    orderCustomerActionId: text("order_customer_action_id").references(() => orderCustomerActions.id),
    createdAt: createdAt(),
    claimedUntil: ts("claimed_until"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    paidAt: ts("paid_at"),
    stripeRefundId: text("stripe_refund_id"),
    /** What the card paid (pence), for the e-mail of a payment given back because no action needed it, or of a dispute fee credit (the fee paid). */
    paymentAmount: integer("payment_amount"),
  },
  (t) => [
    index("owed_refunds_unpaid_idx").on(t.paidAt, t.createdAt),
    // One refund per payment and purpose, however often the refusal is replayed.
    uniqueIndex("owed_refunds_intent_reason_idx").on(t.stripePaymentIntentId, t.reason),
  ],
);

/**
 * Messages sent from the contact page (issue 26, scope 3), signed in or not. The throttles count
 * these rows (per client address and per sender e-mail, in the last hour) under advisory locks,
 * so every API instance counts the same messages. `claim_id` / `order_id` are set only when the
 * signed-in sender is on that claim or order.
 */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: id(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    /** The signed-in sender; null when sent without signing in. */
    userId: text("user_id").references(() => users.id),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    claimId: text("claim_id").references(() => claims.id),
    orderId: text("order_id").references(() => orders.id),
    clientAddress: text("client_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_messages_address_idx").on(t.clientAddress, t.createdAt),
    index("support_messages_email_idx").on(sql`lower(${t.senderEmail})`, t.createdAt),
  ],
);

// ── A tenant in trouble (issue 36) ──────────────────────────────────────────────────────
// What a tenant tells us about their money or health is kept here, apart, seen only by the
// back office that acts on it, never logged or sent to analytics, and deleted when they ask.

/**
 * A Breathing Space moratorium (the Debt Respite Scheme (Breathing Space Moratorium and Mental
 * Health Crisis Moratorium) (England and Wales) Regulations 2020), recorded by the tenant or by
 * the back office from a debt adviser's notice. STANDARD ends 60 days after it starts;
 * MENTAL_HEALTH_CRISIS 30 days after the back office records that the crisis treatment ended.
 */
export const breathingSpaces = pgTable(
  "breathing_spaces",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The Insolvency Service's reference for the moratorium, as the adviser's notice gives it. */
    reference: text("reference").notNull(),
    type: text("type").notNull(), // STANDARD | MENTAL_HEALTH_CRISIS
    /** The London calendar day it started. */
    startDate: date("start_date", { mode: "string" }).notNull(),
    recordedBy: text("recorded_by").notNull(), // TENANT | OPS
    /** Mental health crisis only: the day the back office recorded the treatment ended. */
    treatmentEndedOn: date("treatment_ended_on", { mode: "string" }),
    /** Its last day, when known (a standard one: start + 60 days; a crisis one once treatment ended). */
    endsOn: date("ends_on", { mode: "string" }),
    /** When it ended early (cancelled by the adviser, ended by the back office), or was closed after its last day. */
    endedAt: ts("ended_at"),
    endReason: text("end_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("breathing_spaces_user_idx").on(t.userId, t.endedAt)],
);

/** A deadline a Breathing Space moved: what it was, and where it went, so it can be shown and moved once. */
export const breathingSpaceDeadlines = pgTable(
  "breathing_space_deadlines",
  {
    id: id(),
    breathingSpaceId: text("breathing_space_id")
      .notNull()
      .references(() => breathingSpaces.id),
    /** CLAIM_PROPOSAL (its responseDeadline) | ARBITRATION (its paymentDeadline) | INSTALMENT (its dueDate) … */
    kind: text("kind").notNull(),
    targetId: text("target_id").notNull(),
    originalDeadline: ts("original_deadline").notNull(),
    movedTo: ts("moved_to"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("breathing_space_deadlines_target_idx").on(t.breathingSpaceId, t.kind, t.targetId)],
);

/** A monthly income and outgoings line of the tenant's budget, as they gave it and as a monthly figure. */
export type BudgetLine = { group: string; item: string; amountPence: number; frequency: string; monthlyPence: number };

/**
 * A tenant's request for a payment plan they can afford, worked out from their budget (the
 * Standard Financial Statement's groups), for one named debt. While PENDING nothing reminds
 * them of that money and nothing about it escalates; the back office offers a plan (OFFERED,
 * paymentPlanId) or refuses it (REFUSED, refusalReason).
 */
export const paymentPlanRequests = pgTable(
  "payment_plan_requests",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** CLAIM_BALANCE | ADJUDICATION_AWARD | MISSED_INSTALMENT */
    debtType: text("debt_type").notNull(),
    claimId: text("claim_id").references(() => claims.id),
    arbitrationId: text("arbitration_id").references(() => arbitrations.id),
    paymentPlanInstalmentId: text("payment_plan_instalment_id").references(() => paymentPlanInstalments.id),
    /** What was owed when the request was made, in pence. */
    amountPence: integer("amount_pence").notNull(),
    instalments: integer("instalments").notNull(),
    instalmentPence: integer("instalment_pence").notNull(),
    monthlyIncomePence: integer("monthly_income_pence").notNull(),
    monthlyOutgoingsPence: integer("monthly_outgoings_pence").notNull(),
    budget: jsonb("budget").$type<BudgetLine[]>().notNull(),
    status: text("status").notNull().default("PENDING"), // PENDING | OFFERED | REFUSED | WITHDRAWN
    answeredAt: ts("answered_at"),
    refusalReason: text("refusal_reason"),
    paymentPlanId: text("payment_plan_id").references(() => paymentPlans.id),
    createdAt: createdAt(),
  },
  (t) => [index("payment_plan_requests_user_idx").on(t.userId, t.status), index("payment_plan_requests_claim_idx").on(t.claimId)],
);

/**
 * A tenant's request for more time to answer a claim (up to 14 days). While PENDING the
 * charges are not treated as accepted; a grant moves the claim's deadline for every tenant.
 */
export const moreTimeRequests = pgTable(
  "more_time_requests",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The proposal whose deadline it asks to move. */
    claimProposalId: text("claim_proposal_id").references(() => claimProposals.id),
    reason: text("reason").notNull(),
    daysRequested: integer("days_requested").notNull(),
    status: text("status").notNull().default("PENDING"), // PENDING | GRANTED | REFUSED | LAPSED
    daysGranted: integer("days_granted"),
    refusalReason: text("refusal_reason"),
    deadlineBefore: ts("deadline_before"),
    deadlineAfter: ts("deadline_after"),
    answeredAt: ts("answered_at"),
    createdAt: createdAt(),
  },
  (t) => [index("more_time_requests_claim_idx").on(t.claimId, t.status), index("more_time_requests_user_idx").on(t.userId, t.status)],
);

/**
 * A tenant's support needs, kept only with their explicit consent (consentedAt) and deleted
 * (the row removed) when they withdraw it.
 */
export const supportNeeds = pgTable("support_needs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  /** Codes: MORE_TIME, EMAIL_ONLY, LARGE_PRINT, EASY_READ, HELP_FROM_SOMEONE, HEALTH_CONDITION, LIFE_EVENT. */
  needs: jsonb("needs").$type<string[]>().notNull(),
  details: text("details"),
  consentedAt: ts("consented_at").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * Someone to help the tenant (an adviser or a relative): once they confirm by the link e-mailed
 * to them (only a SHA-256 of its token is kept), they get a copy of every e-mail about the
 * tenant's Keyfree, claims and payments, until the tenant removes them (removedAt).
 */
export const supportHelpers = pgTable(
  "support_helpers",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    relationship: text("relationship"),
    tokenHash: text("token_hash"),
    tokenExpiresAt: ts("token_expires_at"),
    confirmedAt: ts("confirmed_at"),
    removedAt: ts("removed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("support_helpers_user_idx").on(t.userId, t.removedAt), uniqueIndex("support_helpers_token_idx").on(t.tokenHash)],
);

/**
 * "Remind {first name}" (issue 38, decision 0061): one row per pair — the tenant who asked, the
 * co-tenant reminded, on one Keyfree order or one claim — holding when the last reminder went.
 * The unique key makes concurrent presses one row, and the 24 hours are counted here, not in a
 * process's memory: a press updates sentAt only when the last one is 24 hours old.
 */
export const cotenantReminders = pgTable(
  "cotenant_reminders",
  {
    id: id(),
    /** ORDER (a Keyfree at checkout) or CLAIM. */
    context: text("context").notNull(),
    /** The order's or the claim's id. */
    contextId: text("context_id").notNull(),
    askerUserId: text("asker_user_id")
      .notNull()
      .references(() => users.id),
    recipientUserId: text("recipient_user_id")
      .notNull()
      .references(() => users.id),
    sentAt: ts("sent_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("cotenant_reminders_pair_idx").on(t.context, t.contextId, t.askerUserId, t.recipientUserId)],
);

/**
 * A read-only link to a claim's record for a person the tenant names (issue 39, decision 0065):
 * only the token's hash is kept; it lasts 30 days and the tenant can revoke it at any time.
 */
export const recordShares = pgTable(
  "record_shares",
  {
    id: id(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    /** The tenant who made the link: the record is shown as they see it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    adviserName: text("adviser_name").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    lastUsedAt: ts("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("record_shares_token_idx").on(t.tokenHash), index("record_shares_claim_user_idx").on(t.claimId, t.userId)],
);

/** Every view of a shared record (issue 39): which link, when, and whether the page or the PDF. */
export const recordShareViews = pgTable(
  "record_share_views",
  {
    id: id(),
    recordShareId: text("record_share_id")
      .notNull()
      .references(() => recordShares.id),
    /** PAGE or PDF. */
    format: text("format").notNull(),
    viewedAt: ts("viewed_at").notNull(),
  },
  (t) => [index("record_share_views_share_idx").on(t.recordShareId)],
);

/**
 * "Download your data" (issue 40, decision 0069): a tenant's request for a ZIP of everything we
 * hold about them. The request writes the row (PENDING); a job builds the ZIP into the file store
 * (`storage_key`), marks it READY with its expiry, and e-mails a link to the signed-in page. The
 * job holds a lease on the row (`claimed_until`) so the API process that took the request and the
 * sweeper (after a crash) never build it twice. One PENDING export per user (the partial unique
 * index). After `expires_at` the sweeper deletes the file and the row says EXPIRED.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** PENDING (being prepared) | READY | EXPIRED (the file deleted) | FAILED (after the last attempt). */
    status: text("status").notNull().default("PENDING"),
    requestedAt: ts("requested_at").notNull(),
    /** The build job's lease: another run leaves the row alone until it runs out. */
    claimedUntil: ts("claimed_until"),
    attempts: integer("attempts").notNull().default(0),
    readyAt: ts("ready_at"),
    expiresAt: ts("expires_at"),
    /** The ZIP's key in the file store, once written. */
    storageKey: text("storage_key"),
    /** The ZIP's size in bytes. */
    size: bigint("size", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.requestedAt),
    uniqueIndex("data_exports_one_pending_idx").on(t.userId).where(sql`${t.status} = 'PENDING'`),
    index("data_exports_status_idx").on(t.status, t.claimedUntil),
  ],
);
// ── Complaints (issue 40, decision 0066) ─────────────────────────────────────────────────
// A complaint, signed in or not: who raised it (the account, or the name and e-mail typed),
// what it is about, and its clock (acknowledged within 5 working days, a final response within
// 8 weeks). Signed out, the complaint is read with the token e-mailed in the acknowledgement,
// of which only the hash is kept.

export const complaints = pgTable(
  "complaints",
  {
    id: id(),
    /** The reference the tenant quotes, "C-" and 8 letters or digits. */
    reference: text("reference").notNull(),
    /** The signed-in tenant who raised it; null when raised without signing in. */
    userId: text("user_id").references(() => users.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    whatHappened: text("what_happened").notNull(),
    putRight: text("put_right").notNull(),
    claimId: text("claim_id").references(() => claims.id),
    orderId: text("order_id").references(() => orders.id),
    tokenHash: text("token_hash").notNull(),
    acknowledgedAt: ts("acknowledged_at"),
    /** The London date the acknowledgement is due by (5 working days) and the final response (8 weeks). */
    acknowledgeBy: date("acknowledge_by", { mode: "string" }).notNull(),
    finalResponseBy: date("final_response_by", { mode: "string" }).notNull(),
    finalResponseAt: ts("final_response_at"),
    /** When the sweeper's 8-week e-mail (no final response yet: the ombudsman) was queued. */
    eightWeeksNoticeAt: ts("eight_weeks_notice_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("complaints_reference_idx").on(t.reference),
    uniqueIndex("complaints_token_idx").on(t.tokenHash),
    index("complaints_user_idx").on(t.userId),
    index("complaints_open_idx").on(t.finalResponseBy).where(sql`${t.finalResponseAt} is null and ${t.eightWeeksNoticeAt} is null`),
  ],
);

/** The back office's responses to a complaint: holding (not yet final) or final, each e-mailed. */
export const complaintResponses = pgTable(
  "complaint_responses",
  {
    id: id(),
    complaintId: text("complaint_id")
      .notNull()
      .references(() => complaints.id),
    final: boolean("final").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("complaint_responses_complaint_idx").on(t.complaintId, t.createdAt)],
);

// ── Closing an account and retention (issue 40, decision 0068) ──────────────────────────

/**
 * A tenant's request to close their account: one per account. The retention job closes the
 * account (`closedAt`, and users.closed_at) once no claim or payment plan of theirs is still open.
 */
export const accountClosureRequests = pgTable(
  "account_closure_requests",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    requestedAt: ts("requested_at").notNull(),
    closedAt: ts("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_closure_requests_user_idx").on(t.userId), index("account_closure_requests_open_idx").on(t.closedAt)],
);

/**
 * The retention rules applied to a record (common/retention.ts): one row per rule and record,
 * written in the transaction that applies the rule, so a rule is applied to a record once,
 * whichever instance gets there first.
 */
export const retentionApplied = pgTable(
  "retention_applied",
  {
    rule: text("rule").notNull(),
    recordId: text("record_id").notNull(),
    appliedAt: ts("applied_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.recordId] })],
);
