/**
 * What "Download your data" puts in the ZIP (issue 40, decision 0069): one JSON file per area,
 * each an object of the tables it holds (the table's name → its rows, as stored, in id order),
 * read in batches. Only the tenant's own rows, and of what they share with others (a tenancy, a
 * claim) only what the tenant already sees: co-tenants by name, a landlord's draft never, no
 * other person's e-mail address or phone number. Secrets we hold (a password hash, token hashes,
 * a card's fingerprint) stay out. ./coverage.ts maps every table with a user or customer column
 * to the file that holds it; tests/unit/data-export-coverage.test.ts holds it to the schema.
 */
import { and, asc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db";
import * as t from "../db/schema";
import { withoutLinkTokens } from "../domain/data-exports";
import { isProposalVisibleToTenant } from "../domain/claims";
import { inBatches, within, type ExportOwner } from "./owner";

type Reader = Pick<Database, "select">;
type Row = Record<string, unknown>;
type Rows = (db: Reader, owner: ExportOwner) => AsyncIterable<Row> | Promise<Row[]>;

/** One file of the export: its name in the ZIP, what it is (in the README), and its tables. */
export type ExportFile = { name: string; about: string; tables: Record<string, Rows> };

const omit = (row: Row, ...keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

/** Every row of `table` that `where` picks, a batch at a time in id order. */
function rowsOf(table: PgTable & { id: PgColumn }, where: (owner: ExportOwner) => SQL | undefined, shape: (row: Row, owner: ExportOwner) => Row = (r) => r) {
  return (db: Reader, owner: ExportOwner) =>
    (async function* () {
      const condition = where(owner);
      const rows = inBatches((after, limit) =>
        db
          .select()
          .from(table as PgTable)
          .where(and(condition, after ? gt(table.id, after) : undefined))
          .orderBy(asc(table.id))
          .limit(limit) as Promise<Row[]> as Promise<(Row & { id: string })[]>,
      );
      for await (const row of rows) yield shape(row, owner);
    })();
}

const mine = (column: PgColumn) => (o: ExportOwner) => eq(column, o.userId);
const youOrNobody = (column: string, as: string) => (row: Row, o: ExportOwner) => ({ ...omit(row, column), [as]: row[column] === o.userId });

export const EXPORT_FILES: ExportFile[] = [
  {
    name: "account.json",
    about: "Your account: your details, your address history, your answers to inventory and move-out links, the downloads of your data you asked for, and your request to close your account.",
    tables: {
      users: rowsOf(t.users, (o) => eq(t.users.id, o.userId), (r) => omit(r, "passwordHash")),
      customers: rowsOf(t.customers, mine(t.customers.userId)),
      addresses: rowsOf(t.addresses, mine(t.addresses.userId)),
      tenancy_inventory_responses: rowsOf(t.tenancyInventoryResponses, mine(t.tenancyInventoryResponses.userId), (r) => omit(r, "tokenHash")),
      tenant_vacated_links: rowsOf(t.tenantVacatedLinks, mine(t.tenantVacatedLinks.userId), (r) => omit(r, "tokenHash")),
      data_exports: rowsOf(t.dataExports, mine(t.dataExports.userId), (r) => omit(r, "storageKey", "claimedUntil")),
      account_closure_requests: rowsOf(t.accountClosureRequests, mine(t.accountClosureRequests.userId)),
    },
  },
  {
    name: "sign-in.json",
    about: "Signing in: each sign-in and sign-out and other events on your account, your sessions, and the password links we sent (never the password or the links' secrets).",
    tables: {
      user_events: rowsOf(t.userEvents, mine(t.userEvents.userId)),
      access_tokens: rowsOf(t.accessTokens, mine(t.accessTokens.userId), (r) => omit(r, "tokenHash")),
      password_tokens: rowsOf(t.passwordTokens, mine(t.passwordTokens.userId), (r) => omit(r, "tokenHash")),
    },
  },
  {
    name: "keyfrees.json",
    about: "Your Keyfrees and other orders: your share of each, the checkout steps you did (with the terms you signed), the tenancies, their properties, your co-tenants' names, the annual fee years, and the offers of Keyfree sent to your e-mail address.",
    tables: {
      order_customers: rowsOf(t.orderCustomers, (o) => within(t.orderCustomers.id, o.orderCustomerIds)),
      orders: rowsOf(t.orders, (o) => within(t.orders.id, o.orderIds)),
      order_customer_actions: rowsOf(t.orderCustomerActions, (o) => within(t.orderCustomerActions.orderCustomerId, o.orderCustomerIds)),
      tenancies: rowsOf(t.tenancies, (o) => within(t.tenancies.id, o.tenancyIds)),
      tenancy_tenants: rowsOf(t.tenancyTenants, mine(t.tenancyTenants.userId)),
      co_tenants: (db, o) =>
        db
          .select({ tenancyId: t.tenancyTenants.tenancyId, firstName: t.users.firstName, lastName: t.users.lastName })
          .from(t.tenancyTenants)
          .innerJoin(t.users, eq(t.users.id, t.tenancyTenants.userId))
          .where(and(within(t.tenancyTenants.tenancyId, o.tenancyIds), ne(t.tenancyTenants.userId, o.userId)))
          .orderBy(asc(t.tenancyTenants.tenancyId), asc(t.tenancyTenants.createdAt)),
      properties: (db, o) =>
        db
          .select({ tenancyId: t.tenancies.id, address: t.addresses, lettingAgent: t.organizations.name })
          .from(t.tenancies)
          .innerJoin(t.properties, eq(t.properties.id, t.tenancies.propertyId))
          .innerJoin(t.addresses, eq(t.addresses.id, t.properties.addressId))
          .innerJoin(t.organizations, eq(t.organizations.id, t.properties.organizationId))
          .where(within(t.tenancies.id, o.tenancyIds))
          .then((rows) => rows.map((r) => ({ ...r, address: omit(r.address, "userId", "externalId", "organizationId") }))),
      tenancy_anniversaries: rowsOf(t.tenancyAnniversaries, (o) => within(t.tenancyAnniversaries.tenancyId, o.tenancyIds)),
      // Offers of Keyfree sent to the tenant's e-mail address (they may have come before the account).
      keyfree_offer_recipients: rowsOf(t.keyfreeOfferRecipients, (o) => eq(sql`lower(${t.keyfreeOfferRecipients.email})`, o.email.toLowerCase()), (r) => omit(r, "tokenHash")),
    },
  },
  {
    name: "references.json",
    about: "Your eligibility checks (referencing): their status, the checks made and the proofs you uploaded (the files are in documents/).",
    tables: {
      references: rowsOf(t.references, mine(t.references.userId)),
      reference_checks: rowsOf(t.referenceChecks, (o) => within(t.referenceChecks.referenceId, o.referenceIds)),
      reference_documents: rowsOf(t.referenceDocuments, (o) => within(t.referenceDocuments.referenceId, o.referenceIds)),
    },
  },
  {
    name: "claims.json",
    about:
      "End of tenancy charges raised against your tenancies: the charges, the proposals you can see (yours, and those published), your responses, what happened, the evidence on each claim (by name; the files you uploaded are in documents/), the adjudication, your requests for more time, and reminders between you and your co-tenants.",
    tables: {
      claims: (db, o) =>
        db
          .select({ claim: t.claims, landlordOrAgent: t.organizations.name })
          .from(t.claims)
          .innerJoin(t.organizations, eq(t.organizations.id, t.claims.organizationId))
          .where(within(t.claims.id, o.claimIds))
          .orderBy(asc(t.claims.id))
          .then((rows) => rows.map((r) => ({ ...r.claim, landlordOrAgent: r.landlordOrAgent }))),
      claim_items: rowsOf(t.claimItems, (o) => within(t.claimItems.claimId, o.claimIds)),
      claim_proposals: async (db, o) => (await visibleProposals(db, o)).map((p) => youOrNobody("createdByUserId", "createdByYou")(p, o)),
      claim_item_proposals: async (db, o) => {
        const proposalIds = (await visibleProposals(db, o)).map((p) => p.id as string);
        return db.select().from(t.claimItemProposals).where(within(t.claimItemProposals.claimProposalId, proposalIds)).orderBy(asc(t.claimItemProposals.id));
      },
      claim_respondents: rowsOf(t.claimRespondents, mine(t.claimRespondents.userId)),
      co_tenants_on_claims: (db, o) =>
        db
          .select({ claimId: t.claimRespondents.claimId, firstName: t.users.firstName, lastName: t.users.lastName })
          .from(t.claimRespondents)
          .innerJoin(t.users, eq(t.users.id, t.claimRespondents.userId))
          .where(and(within(t.claimRespondents.claimId, o.claimIds), ne(t.claimRespondents.userId, o.userId))),
      claim_responses: rowsOf(t.claimResponses, (o) => within(t.claimResponses.claimRespondentId, o.respondentIds)),
      // What the tenant did, and what happened without a person (the landlord's steps, the clock): not a co-tenant's own steps.
      claim_activities: rowsOf(
        t.claimActivities,
        (o) => and(within(t.claimActivities.claimId, o.claimIds), or(eq(t.claimActivities.userId, o.userId), isNull(t.claimActivities.userId))),
        youOrNobody("userId", "byYou"),
      ),
      claim_documents: documentLinks(t.claimDocuments, t.claimDocuments.documentId, (o) => within(t.claimDocuments.claimId, o.claimIds)),
      claim_item_documents: documentLinks(t.claimItemDocuments, t.claimItemDocuments.documentId, (o, db) =>
        inArray(t.claimItemDocuments.claimItemId, db.select({ id: t.claimItems.id }).from(t.claimItems).where(within(t.claimItems.claimId, o.claimIds))),
      ),
      claim_response_documents: documentLinks(t.claimResponseDocuments, t.claimResponseDocuments.documentId, (o) => within(t.claimResponseDocuments.claimId, o.claimIds)),
      arbitrations: rowsOf(t.arbitrations, (o) => within(t.arbitrations.claimId, o.claimIds)),
      arbitration_reasons: rowsOf(t.arbitrationReasons, (o) => within(t.arbitrationReasons.arbitrationId, o.arbitrationIds)),
      arbitration_documents: documentLinks(t.arbitrationDocuments, t.arbitrationDocuments.documentId, (o) => within(t.arbitrationDocuments.arbitrationId, o.arbitrationIds)),
      more_time_requests: rowsOf(t.moreTimeRequests, mine(t.moreTimeRequests.userId)),
      record_shares: rowsOf(t.recordShares, mine(t.recordShares.userId), (r) => omit(r, "tokenHash")),
      cotenant_reminders: rowsOf(
        t.cotenantReminders,
        (o) => or(eq(t.cotenantReminders.askerUserId, o.userId), eq(t.cotenantReminders.recipientUserId, o.userId)),
        (r, o) => ({ ...omit(r, "askerUserId", "recipientUserId"), youAsked: r.askerUserId === o.userId }),
      ),
    },
  },
  {
    name: "payment-plans.json",
    about: "Your payment plans, their steps and instalments, and the plans you asked for with your budget.",
    tables: {
      payment_plans: rowsOf(t.paymentPlans, (o) => within(t.paymentPlans.id, o.paymentPlanIds)),
      payment_plan_actions: rowsOf(t.paymentPlanActions, (o) => within(t.paymentPlanActions.paymentPlanId, o.paymentPlanIds)),
      payment_plan_instalments: rowsOf(t.paymentPlanInstalments, (o) => within(t.paymentPlanInstalments.paymentPlanId, o.paymentPlanIds)),
      payment_plan_requests: rowsOf(t.paymentPlanRequests, mine(t.paymentPlanRequests.userId)),
    },
  },
  {
    name: "payments.json",
    about: "Your cards (brand and last four digits: we never hold the card number), each card payment and what it was for, and the refunds owed and paid to you.",
    tables: {
      payment_methods: rowsOf(t.paymentMethods, (o) => within(t.paymentMethods.customerId, o.customerIds), (r) => omit(r, "fingerprint")),
      payment_intents: rowsOf(t.paymentIntents, (o) => within(t.paymentIntents.customerId, o.customerIds), (r) => omit(r, "nextCheckAt", "checkedAt", "checks")),
      owed_refunds: rowsOf(t.owedRefunds, (o) => within(t.owedRefunds.customerId, o.customerIds), (r) => omit(r, "claimedUntil", "lastError")),
    },
  },
  {
    name: "support.json",
    about: "Your support needs and the person who helps you, your Breathing Space and the deadlines it moved, the messages you sent us from the contact page, and your complaints with our responses.",
    tables: {
      complaints: rowsOf(t.complaints, mine(t.complaints.userId), (r) => omit(r, "tokenHash")),
      complaint_responses: (db, o) =>
        db
          .select({ row: t.complaintResponses })
          .from(t.complaintResponses)
          .innerJoin(t.complaints, eq(t.complaints.id, t.complaintResponses.complaintId))
          .where(eq(t.complaints.userId, o.userId))
          .then((rows) => rows.map((r) => r.row)),
      support_needs: (db, o) => db.select().from(t.supportNeeds).where(eq(t.supportNeeds.userId, o.userId)),
      support_helpers: rowsOf(t.supportHelpers, mine(t.supportHelpers.userId), (r) => omit(r, "tokenHash", "tokenExpiresAt")),
      breathing_spaces: rowsOf(t.breathingSpaces, mine(t.breathingSpaces.userId)),
      breathing_space_deadlines: (db, o) =>
        db
          .select({ row: t.breathingSpaceDeadlines })
          .from(t.breathingSpaceDeadlines)
          .innerJoin(t.breathingSpaces, eq(t.breathingSpaces.id, t.breathingSpaceDeadlines.breathingSpaceId))
          .where(eq(t.breathingSpaces.userId, o.userId))
          .then((rows) => rows.map((r) => r.row)),
      support_messages: rowsOf(t.supportMessages, mine(t.supportMessages.userId)),
    },
  },
  {
    name: "notices.json",
    about: "Every e-mail and text message we sent you (and the copies we sent the person who helps you), as sent, with one-time links' secrets removed.",
    tables: {
      outbox_emails: rowsOf(t.outboxEmails, mine(t.outboxEmails.userId), (r) => ({
        id: r.id,
        to: r.to,
        toYourHelper: r.supportHelperId !== null,
        subject: r.subject,
        text: withoutLinkTokens(String(r.text)),
        kind: r.template,
        attachments: ((r.attachments as t.EmailAttachment[] | null) ?? []).map((a) => a.filename),
        queuedAt: r.createdAt,
        sentAt: r.sentAt,
      })),
      outbox_sms: rowsOf(t.outboxSms, mine(t.outboxSms.userId), (r) => ({
        id: r.id,
        to: r.to,
        text: withoutLinkTokens(String(r.text)),
        kind: r.template,
        queuedAt: r.createdAt,
        sentAt: r.sentAt,
        deliveryStatus: r.deliveryStatus,
        deliveryStatusAt: r.deliveryStatusAt,
      })),
    },
  },
];

/** The proposals of the tenant's claims they may see (domain/claims.ts): published ones, and their own unpublished one; never a landlord's draft. */
async function visibleProposals(db: Reader, o: ExportOwner): Promise<Row[]> {
  const rows = await db.select().from(t.claimProposals).where(within(t.claimProposals.claimId, o.claimIds)).orderBy(asc(t.claimProposals.id));
  return rows.filter((p) => isProposalVisibleToTenant(p as Parameters<typeof isProposalVisibleToTenant>[0], o.userId));
}

/** A table linking a claim to its evidence: each link with the document's name, type and size, and whether the tenant uploaded it. */
function documentLinks(table: PgTable & { id: PgColumn }, documentId: PgColumn, where: (o: ExportOwner, db: Reader) => SQL | undefined): Rows {
  return async (db, o) => {
    const rows = await db
      .select({ link: table, name: t.documents.name, typeId: t.documents.typeId, size: t.documents.size, uploadedBy: t.documents.uploadedByUserId })
      .from(table as PgTable)
      .innerJoin(t.documents, eq(t.documents.id, documentId))
      .where(where(o, db))
      .orderBy(asc(table.id));
    return rows.map((r) => {
      const link = omit(r.link as Row, "uploadedByUserId");
      return { ...link, document: { name: r.name, typeId: r.typeId, size: r.size, uploadedByYou: r.uploadedBy === o.userId } };
    });
  };
}
