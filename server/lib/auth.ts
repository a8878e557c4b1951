import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, OpenBreathingSpace } from "../context";
import type { Database } from "../db";
import { accessTokens, breathingSpaces, customers } from "../db/schema";
import { ApiError, unauthorised } from "./errors";
import { hashToken } from "./tokens";

/**
 * The token with its customer, as one prepared statement per database (every API call runs it):
 * PostgreSQL plans it once per connection instead of on every call.
 */
const tokenLookups = new WeakMap<Database, ReturnType<typeof prepareTokenLookup>>();
function prepareTokenLookup(db: Database) {
  return db
    .select({
      id: accessTokens.id,
      userId: accessTokens.userId,
      customer: customers,
      // The tenant's newest Breathing Space not yet ended (issue 36), in the same query: the pages that
      // show "Breathing Space until …" (the dashboard, the claim) ask for nothing more.
      openBreathingSpace: sql<OpenBreathingSpace | null>`(select json_build_object('type', ${breathingSpaces.type}, 'startDate', ${breathingSpaces.startDate}, 'treatmentEndedOn', ${breathingSpaces.treatmentEndedOn}) from ${breathingSpaces} where ${breathingSpaces.userId} = ${accessTokens.userId} and ${breathingSpaces.endedAt} is null order by ${breathingSpaces.createdAt} desc limit 1)`,
    })
    .from(accessTokens)
    .leftJoin(customers, eq(customers.userId, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder("tokenHash")),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("tenant_by_access_token");
}
function tokenLookup(db: Database) {
  let prepared = tokenLookups.get(db);
  if (!prepared) tokenLookups.set(db, (prepared = prepareTokenLookup(db)));
  return prepared;
}

/**
 * Bearer auth: a token that exists, has not expired and was not revoked. Anything else is a 401.
 * The token and the tenant's customer come in ONE query and both go in the context (`auth`,
 * `customer`), so handlers never look the customer up again.
 */
export const requireTenant = createMiddleware<AppEnv>(async (c, next) => {
  // Already checked for this request (a middleware mounted before the route's own): once is enough.
  if (c.get("auth")) return next();
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
  if (!match) throw unauthorised("You need to sign in.");
  const { db, clock } = c.get("deps");
  const [row] = await tokenLookup(db).execute({ tokenHash: hashToken(match[1]!), now: clock.now() });
  if (!row) throw unauthorised();
  c.set("auth", { userId: row.userId, tokenId: row.id });
  c.set("customer", row.customer);
  c.set("openBreathingSpace", row.openBreathingSpace ?? null);
  await next();
});

/**
 * Signed in or not (the contact page, issue 26): without an Authorization header the request goes
 * on as nobody's (`auth` unset); with one, it is checked as requireTenant checks it, so a bad or
 * expired token is a 401 and never quietly anonymous.
 */
export const optionalTenant = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("auth") || !c.req.header("authorization")) return next();
  return requireTenant(c, next);
});

/** The signed-in tenant's customer record, as the bearer auth found it (every tenant has exactly one). */
export function tenantCustomer(c: Context<AppEnv>) {
  const customer = c.get("customer");
  if (!customer) throw new ApiError(404, "No customer for this user");
  return customer;
}

/** A user's customer record, looked up (outside a request's bearer auth); every tenant has exactly one. */
export async function currentCustomer(deps: AppEnv["Variables"]["deps"], userId: string) {
  const [customer] = await deps.db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  if (!customer) throw new ApiError(404, "No customer for this user");
  return customer;
}
