/**
 * The claim screen's read in one query (issue 25, scope 5): the claim a tenant is a respondent
 * of with everything GET /claims/{claimId} shows or decides from, as correlated json subqueries,
 * one round trip whatever the claim holds (it was 22 to 25 queries). Prepared once per database
 * handle, so PostgreSQL plans it once per connection, as the dashboard's query
 * (server/orders/reads-service.ts). No rule here: views.ts shapes the answer with the domain's.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { addresses, claimRespondents, claims, organizations, properties, tenancies } from "../db/schema";
import type { ProposalWithItems } from "./records";

/** Timestamps come back from json_build_object as ISO 8601 strings (in the session's time zone). */
const toDate = (value: string | null) => (value === null ? null : new Date(value));
type Stamp = string | null;

type JsonRespondent = {
  respondentId: string;
  userId: string;
  firstName: string;
  lastName: string;
  responseId: string | null;
  responseMessage: string | null;
};
type JsonRespondentCustomer = { respondentId: string; userId: string; customerId: string; tenantLiability: number | null };
type JsonItem = { id: string; claimId: string; description: string; type: string };
type JsonItemProposal = Omit<ProposalWithItems["itemProposals"][number], "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
type JsonProposal = Omit<ProposalWithItems, "publishedAt" | "responseDeadline" | "holdExpiresAt" | "createdAt" | "updatedAt" | "itemProposals"> & {
  publishedAt: Stamp;
  responseDeadline: Stamp;
  holdExpiresAt: Stamp;
  createdAt: string;
  updatedAt: string;
  itemProposals: JsonItemProposal[];
};
type JsonActivity = { id: string; activityType: string; details: Record<string, unknown>; userId: string | null; createdAt: string };
type JsonDocument = { id: string; name: string; typeId: string };
type JsonItemDocument = {
  link: { id: string; claimItemId: string; claimItemProposalId: string | null; source: string; uploadedByUserId: string | null; createdAt: string };
  document: JsonDocument;
};
type JsonResponseDocument = {
  link: { id: string; claimId: string; uploadedByUserId: string | null; createdAt: string };
  document: JsonDocument;
};
type JsonAction = { id: string; typeId: string; completedAt: Stamp; details: Record<string, unknown>; orderId: string; customerId: string };
type JsonPlan = {
  id: string;
  status: string;
  createdAt: string;
  customerId: string;
  actions: { id: string; typeId: string; completedAt: Stamp }[];
  instalments: { id: string; status: string }[];
};

type JsonMoreTimeRequest = { id: string; userId: string; claimProposalId: string | null; status: string; createdAt: string };

const claimViewQueries = new WeakMap<Database, ReturnType<typeof prepareClaimViewQuery>>();

function prepareClaimViewQuery(db: Database) {
  return db
    .select({
      claim: claims,
      tenancy: tenancies,
      address: addresses,
      organizationName: organizations.name,
      respondents: sql<JsonRespondent[]>`(
        select coalesce(json_agg(json_build_object(
          'respondentId', r.id, 'userId', r.user_id, 'firstName', u.first_name, 'lastName', u.last_name,
          'responseId', resp.id, 'responseMessage', resp.message
        ) order by r.created_at, r.id, resp.created_at, resp.id), '[]'::json)
        from claim_respondents r
        join users u on u.id = r.user_id
        left join claim_responses resp on resp.claim_respondent_id = r.id
        where r.claim_id = ${claims.id})`,
      respondentCustomers: sql<JsonRespondentCustomer[]>`(
        select coalesce(json_agg(json_build_object(
          'respondentId', r.id, 'userId', r.user_id, 'customerId', c.id,
          'tenantLiability', (
            select oc.tenant_liability
            from order_customers oc join orders o on o.id = oc.order_id
            where o.tenancy_id = ${claims.tenancyId} and o.product_id = 'KEYFREE' and oc.customer_id = c.id
            order by o.created_at, o.id
            limit 1)
        ) order by r.created_at, r.id), '[]'::json)
        from claim_respondents r join customers c on c.user_id = r.user_id
        where r.claim_id = ${claims.id})`,
      items: sql<JsonItem[]>`(
        select coalesce(json_agg(json_build_object(
          'id', i.id, 'claimId', i.claim_id, 'description', i.description, 'type', i.type
        ) order by i.position, i.created_at, i.id), '[]'::json)
        from claim_items i where i.claim_id = ${claims.id})`,
      proposals: sql<JsonProposal[]>`(
        select coalesce(json_agg(json_build_object(
          'id', p.id, 'claimId', p.claim_id, 'round', p.round, 'status', p.status, 'type', p.type, 'source', p.source,
          'publishedAt', p.published_at, 'orderId', p.order_id, 'createdByUserId', p.created_by_user_id,
          'responseDeadline', p.response_deadline, 'autoResponded', p.auto_responded, 'holdExpiresAt', p.hold_expires_at,
          'createdAt', p.created_at, 'updatedAt', p.updated_at,
          'itemProposals', (
            select coalesce(json_agg(json_build_object(
              'id', ip.id, 'claimProposalId', ip.claim_proposal_id, 'claimItemId', ip.claim_item_id, 'amount', ip.amount,
              'explanation', ip.explanation, 'settled', ip.settled, 'settledSource', ip.settled_source,
              'createdAt', ip.created_at, 'updatedAt', ip.updated_at
            ) order by ci.position, ci.created_at, ci.id), '[]'::json)
            from claim_item_proposals ip join claim_items ci on ci.id = ip.claim_item_id
            where ip.claim_proposal_id = p.id)
        )), '[]'::json)
        from claim_proposals p where p.claim_id = ${claims.id})`,
      activities: sql<JsonActivity[]>`(
        select coalesce(json_agg(json_build_object(
          'id', a.id, 'activityType', a.activity_type, 'details', a.details, 'userId', a.user_id, 'createdAt', a.created_at
        ) order by a.created_at, a.id), '[]'::json)
        from claim_activities a where a.claim_id = ${claims.id})`,
      chasers: sql<{ id: string; type: string; status: string }[]>`(
        select coalesce(json_agg(json_build_object('id', ec.id, 'type', ec.type, 'status', ec.status)
          order by ec.created_at, ec.id), '[]'::json)
        from evidence_chasers ec where ec.claim_id = ${claims.id})`,
      arbitration: sql<{ id: string; arbitratedAmount: number | null; repaymentOrderId: string | null; decidedAt: Stamp } | null>`(
        select json_build_object(
          'id', ar.id, 'arbitratedAmount', ar.arbitrated_amount, 'repaymentOrderId', ar.repayment_order_id, 'decidedAt', ar.decided_at)
        from arbitrations ar where ar.claim_id = ${claims.id}
        order by ar.created_at, ar.id
        limit 1)`,
      itemDocuments: sql<JsonItemDocument[]>`(
        select coalesce(json_agg(json_build_object(
          'link', json_build_object(
            'id', cid.id, 'claimItemId', cid.claim_item_id, 'claimItemProposalId', cid.claim_item_proposal_id,
            'source', cid.source, 'uploadedByUserId', cid.uploaded_by_user_id, 'createdAt', cid.created_at),
          'document', json_build_object('id', d.id, 'name', d.name, 'typeId', d.type_id)
        ) order by cid.created_at, cid.id), '[]'::json)
        from claim_item_documents cid
        join claim_items ci on ci.id = cid.claim_item_id
        join documents d on d.id = cid.document_id
        where ci.claim_id = ${claims.id})`,
      claimDocuments: sql<JsonDocument[]>`(
        select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'typeId', d.type_id)
          order by cd.created_at, cd.id), '[]'::json)
        from claim_documents cd join documents d on d.id = cd.document_id
        where cd.claim_id = ${claims.id})`,
      tenancyDocuments: sql<(JsonDocument & { tenancyTypeId: string })[]>`(
        select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'typeId', d.type_id, 'tenancyTypeId', td.type_id)
          order by td.created_at, td.id), '[]'::json)
        from tenancy_documents td join documents d on d.id = td.document_id
        where td.tenancy_id = ${claims.tenancyId})`,
      responseDocuments: sql<JsonResponseDocument[]>`(
        select coalesce(json_agg(json_build_object(
          'link', json_build_object(
            'id', crd.id, 'claimId', crd.claim_id, 'uploadedByUserId', crd.uploaded_by_user_id, 'createdAt', crd.created_at),
          'document', json_build_object('id', d.id, 'name', d.name, 'typeId', d.type_id)
        ) order by crd.created_at, crd.id), '[]'::json)
        from claim_response_documents crd join documents d on d.id = crd.document_id
        where crd.claim_id = ${claims.id})`,
      feeOrderStatusId: sql<string | null>`(select fo.status_id from orders fo where fo.id = ${claims.adjudicationFeeOrderId})`,
      orders: sql<{ id: string; statusId: string }[]>`(
        select coalesce(json_agg(json_build_object('id', o.id, 'statusId', o.status_id) order by o.created_at, o.id), '[]'::json)
        from orders o where o.claim_id = ${claims.id})`,
      orderActions: sql<JsonAction[]>`(
        select coalesce(json_agg(json_build_object(
          'id', a.id, 'typeId', a.type_id, 'completedAt', a.completed_at, 'details', a.details,
          'orderId', oc.order_id, 'customerId', oc.customer_id
        ) order by a.position, a.created_at, a.id), '[]'::json)
        from order_customer_actions a
        join order_customers oc on oc.id = a.order_customer_id
        join orders o on o.id = oc.order_id
        where o.claim_id = ${claims.id})`,
      paymentPlans: sql<JsonPlan[]>`(
        select coalesce(json_agg(json_build_object(
          'id', pp.id, 'status', pp.status, 'createdAt', pp.created_at, 'customerId', oc.customer_id,
          'actions', (
            select coalesce(json_agg(json_build_object('id', pa.id, 'typeId', pa.type_id, 'completedAt', pa.completed_at)
              order by pa.position, pa.id), '[]'::json)
            from payment_plan_actions pa where pa.payment_plan_id = pp.id),
          'instalments', (
            select coalesce(json_agg(json_build_object('id', pi.id, 'status', pi.status) order by pi.instalment_number, pi.id), '[]'::json)
            from payment_plan_instalments pi where pi.payment_plan_id = pp.id)
        ) order by pp.created_at, pp.id), '[]'::json)
        from payment_plans pp join order_customers oc on oc.id = pp.order_customer_id
        where pp.claim_id = ${claims.id}
          or oc.order_id in (select po.id from orders po where po.claim_id = ${claims.id}))`,
      // Issue 36: the claim's requests for more time (the reason is never read here).
      moreTimeRequests: sql<JsonMoreTimeRequest[]>`(
        select coalesce(json_agg(json_build_object(
          'id', m.id, 'userId', m.user_id, 'claimProposalId', m.claim_proposal_id, 'status', m.status, 'createdAt', m.created_at
        ) order by m.created_at, m.id), '[]'::json)
        from more_time_requests m where m.claim_id = ${claims.id})`,
    })
    .from(claimRespondents)
    .innerJoin(claims, eq(claims.id, claimRespondents.claimId))
    .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .leftJoin(organizations, eq(organizations.id, claims.organizationId))
    .where(and(eq(claimRespondents.claimId, sql.placeholder("claimId")), eq(claimRespondents.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("claim_view");
}

/**
 * The claim with everything its screen needs, for a respondent: undefined when `userId` is not
 * a respondent of `claimId` (or the claim has no tenancy's address), which the caller answers 404.
 */
export async function loadClaimForView(db: Database, claimId: string, userId: string) {
  let prepared = claimViewQueries.get(db);
  if (!prepared) claimViewQueries.set(db, (prepared = prepareClaimViewQuery(db)));
  const [row] = await prepared.execute({ claimId, userId });
  if (!row) return undefined;
  return {
    claim: row.claim,
    place: { tenancy: row.tenancy, address: row.address },
    organizationName: row.organizationName,
    respondents: row.respondents,
    respondentCustomers: row.respondentCustomers,
    items: row.items,
    proposals: row.proposals.map(
      (p): ProposalWithItems => ({
        ...p,
        publishedAt: toDate(p.publishedAt),
        responseDeadline: toDate(p.responseDeadline),
        holdExpiresAt: toDate(p.holdExpiresAt),
        createdAt: new Date(p.createdAt),
        updatedAt: new Date(p.updatedAt),
        itemProposals: p.itemProposals.map((ip) => ({ ...ip, createdAt: new Date(ip.createdAt), updatedAt: new Date(ip.updatedAt) })),
      }),
    ),
    activities: row.activities.map((a) => ({ ...a, createdAt: new Date(a.createdAt) })),
    chasers: row.chasers,
    arbitration: row.arbitration === null ? null : { ...row.arbitration, decidedAt: toDate(row.arbitration.decidedAt) },
    itemDocuments: row.itemDocuments.map((d) => ({ document: d.document, link: { ...d.link, createdAt: new Date(d.link.createdAt) } })),
    claimDocuments: row.claimDocuments,
    tenancyDocuments: row.tenancyDocuments,
    responseDocuments: row.responseDocuments.map((d) => ({ document: d.document, link: { ...d.link, createdAt: new Date(d.link.createdAt) } })),
    feeOrderStatusId: row.feeOrderStatusId,
    orders: row.orders,
    orderActions: row.orderActions.map((a) => ({ ...a, completedAt: toDate(a.completedAt) })),
    paymentPlans: row.paymentPlans.map((p) => ({
      ...p,
      createdAt: new Date(p.createdAt),
      actions: p.actions.map((a) => ({ ...a, completedAt: toDate(a.completedAt) })),
    })),
    moreTimeRequests: row.moreTimeRequests.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
  };
}

export type ClaimForView = NonNullable<Awaited<ReturnType<typeof loadClaimForView>>>;
