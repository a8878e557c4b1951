/**
 * The tenancy inventory confirmation (part 2 §2 tenancy inventory pages): the agent's
 * request that a tenancy's tenants confirm they received their inventory, and each
 * tenant's answer through the token in their e-mail link. The service owns the
 * transactions and row locks; what an answer does is decided in domain/tenancy-inventory.
 */
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db";
import { tenancies, tenancyInventoryRequests, tenancyInventoryResponses, tenancyTenants, users } from "../db/schema";
import {
  normaliseInventoryResponse,
  tenancyInventoryOutcome,
  type InventoryOutcome,
  type InventoryResponse,
} from "../domain/tenancy-inventory";
import { notFound } from "../lib/errors";
import { queueEmail } from "../lib/mail";
import { hashToken, newId, newSecretToken } from "../lib/tokens";
import { assertDistinctTokens, GivenToken } from "../offers";
import { appUrl } from "../payment-plans";
import { queueAgentEmail } from "./agent-mail";

/**
 * Records a tenant's answer (404 for a token that is no tenant's). Co-tenants answering at
 * the same moment take turns on the request's row; an answer is written only once, so a
 * repeat (a second click, a retried request) changes nothing and answers ALREADY_RESPONDED.
 */
export async function respondToTenancyInventory(
  db: Database,
  input: { token: string; response: string },
  now: Date,
  config: { supportEmail: string },
): Promise<InventoryOutcome> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: tenancyInventoryResponses.id, requestId: tenancyInventoryResponses.requestId })
      .from(tenancyInventoryResponses)
      .where(eq(tenancyInventoryResponses.tokenHash, hashToken(input.token)))
      .limit(1);
    if (!own) throw notFound();
    const [request] = await tx
      .select({ id: tenancyInventoryRequests.id, tenancyId: tenancyInventoryRequests.tenancyId, agentAskedAt: tenancyInventoryRequests.agentAskedAt })
      .from(tenancyInventoryRequests)
      .where(eq(tenancyInventoryRequests.id, own.requestId))
      .for("update");
    const all = await tx
      .select({ id: tenancyInventoryResponses.id, response: tenancyInventoryResponses.response })
      .from(tenancyInventoryResponses)
      .where(eq(tenancyInventoryResponses.requestId, own.requestId));
    const read = (value: string | null): InventoryResponse | null => (value === null ? null : normaliseInventoryResponse(value));
    const decided = tenancyInventoryOutcome({
      response: input.response,
      ownResponse: read(all.find((r) => r.id === own.id)?.response ?? null),
      coTenantResponses: all.filter((r) => r.id !== own.id).map((r) => read(r.response)),
    });
    if (decided.record !== null) {
      const written = await tx
        .update(tenancyInventoryResponses)
        .set({ response: decided.record, respondedAt: now })
        .where(and(eq(tenancyInventoryResponses.id, own.id), isNull(tenancyInventoryResponses.response)))
        .returning({ id: tenancyInventoryResponses.id });
      if (written.length === 0) return "ALREADY_RESPONDED" as const;
      // The page's promise (issue 38): "We will contact your agent/landlord to request they send your
      // tenancy inventory". Once per request, however many tenants answer "not received" (under the lock).
      if (decided.record === "UNCONFIRMED" && request && request.agentAskedAt === null) {
        await askAgentForInventory(tx, request.tenancyId, config.supportEmail, now);
        await tx.update(tenancyInventoryRequests).set({ agentAskedAt: now }).where(eq(tenancyInventoryRequests.id, request.id));
      }
    }
    return decided.outcome;
  });
}

async function askAgentForInventory(tx: Parameters<typeof queueAgentEmail>[0], tenancyId: string, supportEmail: string, now: Date) {
  await queueAgentEmail(
    tx,
    {
      tenancyId,
      supportEmail,
      template: "AGENT_INVENTORY_REQUEST",
      subject: "Please send the tenancy inventory",
      lines: (property) => [
        `A tenant of ${property} has told us they have not received their tenancy inventory.`,
        "Please send the tenancy inventory to the tenants for their review.",
      ],
    },
    now,
  );
}

const InventoryRequestInput = z.object({
  /** A fixed id for the demo; a new one otherwise. */
  id: z.string().min(1).optional(),
  tenancyId: z.string().min(1),
  /** Fixed tokens for the demo, keyed by the tenant's user id or e-mail address. */
  tokens: z.record(z.string(), GivenToken).optional(),
});
export type InventoryRequestInput = z.input<typeof InventoryRequestInput>;

/**
 * The agent asks the tenants to confirm they received their tenancy inventory: a request
 * with a response row per tenant of the tenancy, each with its own token (only its hash is
 * stored), and an e-mail to each with two links,
 * `${APP_URL}/tenancy-inventory-response?token=…&response=CONFIRMED` and the same with
 * `response=UNCONFIRMED`. `tokens` may fix a tenant's token (keyed by user id or e-mail).
 * Returns the request id and each tenant's token.
 */
export async function createInventoryRequest(db: Database, input: InventoryRequestInput, now: Date) {
  const data = InventoryRequestInput.parse(input);
  const [tenancy] = await db.select({ id: tenancies.id }).from(tenancies).where(eq(tenancies.id, data.tenancyId)).limit(1);
  if (!tenancy) throw new Error(`No tenancy ${data.tenancyId}`);
  const tenants = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(tenancyTenants)
    .innerJoin(users, eq(users.id, tenancyTenants.userId))
    .where(eq(tenancyTenants.tenancyId, data.tenancyId))
    .orderBy(tenancyTenants.createdAt, tenancyTenants.id);
  if (tenants.length === 0) throw new Error(`Tenancy ${data.tenancyId} has no tenants`);
  const given = new Map(Object.entries(data.tokens ?? {}).map(([key, token]) => [key.toLowerCase(), token]));
  for (const key of given.keys()) {
    if (!tenants.some((t) => t.userId.toLowerCase() === key || t.email.toLowerCase() === key)) {
      throw new Error(`${key} is not a tenant of tenancy ${data.tenancyId}`);
    }
  }
  const rows = tenants.map((t) => ({
    ...t,
    responseId: newId(),
    token: given.get(t.userId.toLowerCase()) ?? given.get(t.email.toLowerCase()) ?? newSecretToken(),
  }));
  assertDistinctTokens(rows.map((r) => r.token));

  const requestId = data.id ?? newId();
  await db.transaction(async (tx) => {
    await tx.insert(tenancyInventoryRequests).values({ id: requestId, tenancyId: data.tenancyId, createdAt: now });
    await tx.insert(tenancyInventoryResponses).values(
      rows.map((r) => ({ id: r.responseId, requestId, userId: r.userId, tokenHash: hashToken(r.token), createdAt: now })),
    );
    for (const r of rows) {
      const link = (response: string) =>
        `${appUrl()}/tenancy-inventory-response?token=${encodeURIComponent(r.token)}&response=${response}`;
      await queueEmail(
        tx,
        {
          to: r.email,
          userId: r.userId,
          template: "TENANCY_INVENTORY_REQUEST",
          subject: "Have you received your tenancy inventory?",
          text: [
            `Hello ${r.firstName},`,
            "",
            "Please let us know whether you have received your tenancy inventory.",
            `I have received it: ${link("CONFIRMED")}`,
            `I have not received it: ${link("UNCONFIRMED")}`,
          ].join("\n"),
        },
        now,
      );
    }
  });
  return {
    requestId,
    responses: rows.map((r) => ({ responseId: r.responseId, userId: r.userId, email: r.email, token: r.token })),
  };
}
