/**
 * What the two-instance run's tests know of the deployment scripts/two-instances.ts started: its
 * state file (nginx's address, each instance's port and pid, how often each was started) and
 * the shared PostgreSQL database, read directly for the money rules.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TwoInstancesState } from "../../scripts/two-instances";

const STATE_DIR = process.env.E2E_DATA_DIR ?? ".data/two-instances";

export function deploymentState(): TwoInstancesState {
  return JSON.parse(readFileSync(path.join(STATE_DIR, "state.json"), "utf8")) as TwoInstancesState;
}

/** How far nginx's access log has got (bytes), to read only what it logs after now. */
export function accessLogMark(): number {
  return statSync(path.join(STATE_DIR, "nginx-access.log")).size;
}

/** Whether nginx has, since `mark`, passed a request to the instance on `port` and had it answered (2xx or 3xx) at the first try. */
export function nginxReached(port: number, mark: number): boolean {
  const log = readFileSync(path.join(STATE_DIR, "nginx-access.log")).subarray(mark).toString("utf8");
  return new RegExp(`upstream=127\\.0\\.0\\.1:${port} upstream_status=[23]\\d\\d `).test(log);
}

export async function query<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: process.env.TWO_INSTANCES_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as R[];
  } finally {
    await client.end();
  }
}

export type FeeRecord = {
  /** The sandbox's succeeded charges on the tenant's card-provider customer. */
  charges: { id: string; intent: string; amount: number }[];
  refunds: number;
  /** payment_intent.succeeded events for those intents that the API has not received (stripe_events). */
  unreceivedEvents: number;
  /** How many pay actions name the (first) charge's payment as what paid them. */
  recordedBy: number;
  /** The pay action: completed, and by which payment. */
  action: { completed: boolean; paidBy: string | null; amountPaid: number | null };
};

/**
 * What the card provider (the sandbox) took from a tenant, and what Keyfree recorded: the pay
 * action `actionId`, or (none given) the action the charge paid, if any.
 */
export async function feeRecord(email: string, actionId?: string): Promise<FeeRecord> {
  const [customer] = await query<{ stripe_customer_id: string | null }>(
    `select c.stripe_customer_id from customers c join users u on u.id = c.user_id where u.email = $1`,
    [email],
  );
  const stripeCustomer = customer?.stripe_customer_id ?? "-";
  const charges = await query<{ id: string; intent: string; amount: number }>(
    `select ch.id, ch.data->'object'->>'payment_intent' as intent, (ch.data->'object'->>'amount')::int as amount
       from stripe_sandbox_objects ch
       join stripe_sandbox_objects pi on pi.type = 'payment_intent' and pi.id = ch.data->'object'->>'payment_intent'
      where ch.type = 'charge' and ch.data->'object'->>'status' = 'succeeded' and pi.data->'object'->>'customer' = $1`,
    [stripeCustomer],
  );
  const intents = charges.map((c) => c.intent);
  const [refunds] = await query<{ n: number }>(
    `select count(*)::int as n from stripe_sandbox_objects where type = 'refund' and data->'object'->>'payment_intent' = any($1::text[])`,
    [intents],
  );
  const [unreceived] = await query<{ n: number }>(
    `select count(*)::int as n from stripe_sandbox_objects o
      where o.type = 'event' and o.data->'object'->>'type' = 'payment_intent.succeeded'
        and o.data->'object'->'data'->'object'->>'id' = any($1::text[])
        and not exists (select 1 from stripe_events e where e.id = o.id)`,
    [intents],
  );
  type ActionRow = { id: string; completed_at: Date | null; details: { paidByPaymentIntentId?: string; amountPaid?: number } };
  const paidByCharge = intents[0]
    ? await query<ActionRow>(`select id, completed_at, details from order_customer_actions where details->>'paidByPaymentIntentId' = $1`, [intents[0]])
    : [];
  const [action] = actionId
    ? await query<ActionRow>(`select id, completed_at, details from order_customer_actions where id = $1`, [actionId])
    : paidByCharge;
  return {
    charges,
    refunds: refunds?.n ?? 0,
    unreceivedEvents: unreceived?.n ?? 0,
    recordedBy: paidByCharge.length,
    action: {
      completed: Boolean(action?.completed_at),
      paidBy: action?.details.paidByPaymentIntentId ?? null,
      amountPaid: action?.details.amountPaid ?? null,
    },
  };
}

/**
 * The money rules of the payments issue for one payment: nothing charged twice; a charge
 * recorded once (its webhook received, one pay action completed by that very payment, the
 * amount paid the amount charged); nothing recorded without a charge. A list of the rules
 * broken (empty: all hold).
 */
export function feeRuleBreaks(record: FeeRecord): string[] {
  const breaks: string[] = [];
  if (record.charges.length > 1) breaks.push(`charged ${record.charges.length} times`);
  if (record.refunds > 0) breaks.push(`${record.refunds} refund(s)`);
  const [charge] = record.charges;
  if (charge) {
    if (record.unreceivedEvents > 0) breaks.push(`${record.unreceivedEvents} payment_intent.succeeded event(s) not received`);
    if (record.recordedBy !== 1) breaks.push(`${record.recordedBy} pay actions record the charge ${charge.intent}`);
    if (!record.action.completed) breaks.push("charged, but the pay action is not complete");
    else if (record.action.paidBy !== charge.intent) breaks.push(`the pay action names ${record.action.paidBy}, not the charged ${charge.intent}`);
    else if (record.action.amountPaid !== charge.amount) breaks.push(`recorded ${record.action.amountPaid} paid, charged ${charge.amount}`);
  } else if (record.action.completed) {
    breaks.push("the pay action is complete with no charge");
  }
  return breaks;
}

/** The ops routes' caller the fixtures give a test. */
export type Ops = (path: string, body: unknown) => Promise<unknown>;

/**
 * A tenant (e-mail `<prefix>-<stamp>@example.test`) with a complete Keyfree and a claim of one
 * item that asks for evidence: what the journeys and the chaos run upload to and read.
 */
export async function tenantWithClaim(ops: Ops, prefix: string, stamp: string) {
  const email = `${prefix}-${stamp}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Eve", lastName: "Dence" }],
    ppm: 120_000,
    startDate: "2025-09-01",
    endDate: "2026-10-31",
    isNewTenancy: true,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  const claim = (await ops("raise-claim", {
    tenancyId: tenancy.tenancyId,
    mediationEnabled: true,
    items: [{ description: "Broken blind", type: "DAMAGE", amount: 6_000, evidence: 1 }],
  })) as { claimId: string; itemIds: [string] };
  return { email, claimId: claim.claimId, itemId: claim.itemIds[0] };
}
