/**
 * oidc-provider's storage for the embedded development identity provider, in `dev_idp_records`
 * (issue 25): what it keeps between requests is found by whichever instance the next request
 * reaches. The sweep deletes expired records (store.ts).
 */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { errors, type Adapter, type AdapterPayload } from "oidc-provider";
import type { Database } from "../../server/db";
import { devIdpRecords } from "../db/schema";

/** The models whose records belong to a grant (revoked together), as oidc-provider's own memory adapter has them. */
const GRANTABLE = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest", "PreAuthorizedCode"]);

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * oidc-provider's Adapter interface over `dev_idp_records`: one adapter per model (Session,
 * Interaction, Grant, AuthorizationCode...). Expiry is the machine's time, as oidc-provider's
 * own checks are; a record past it is never found, and the sweep deletes it.
 */
class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  private key(id: string) {
    return and(eq(devIdpRecords.model, this.model), eq(devIdpRecords.id, id));
  }

  private live() {
    return or(isNull(devIdpRecords.expiresAt), gt(devIdpRecords.expiresAt, new Date()));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const row = {
      model: this.model,
      id,
      payload: payload as Record<string, unknown>,
      grantId: GRANTABLE.has(this.model) && typeof payload.grantId === "string" ? payload.grantId : null,
      uid: typeof payload.uid === "string" ? payload.uid : null,
      userCode: typeof payload.userCode === "string" ? payload.userCode : null,
      consumedAt: typeof payload.consumed === "number" ? new Date(payload.consumed * 1000) : null,
      expiresAt: typeof expiresIn === "number" ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(devIdpRecords)
      .values(row)
      .onConflictDoUpdate({
        target: [devIdpRecords.model, devIdpRecords.id],
        set: {
          payload: row.payload,
          grantId: row.grantId,
          uid: row.uid,
          userCode: row.userCode,
          // Once consumed (by any instance), always consumed.
          consumedAt: sql`coalesce(${devIdpRecords.consumedAt}, excluded.consumed_at)`,
          expiresAt: row.expiresAt,
        },
      });
  }

  private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: devIdpRecords.payload, consumedAt: devIdpRecords.consumedAt })
      .from(devIdpRecords)
      .where(and(where, this.live()))
      .limit(1);
    if (!row) return undefined;
    return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: epoch(row.consumedAt) } : {}) };
  }

  find(id: string) {
    return this.findWhere(this.key(id));
  }

  findByUid(uid: string) {
    return this.findWhere(and(eq(devIdpRecords.model, this.model), eq(devIdpRecords.uid, uid)));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(and(eq(devIdpRecords.model, this.model), eq(devIdpRecords.userCode, userCode)));
  }

  /**
   * Marks the record used, once: of two instances exchanging the same authorization code at the
   * same moment, one marks it and the other is refused (invalid_grant), so a code buys one set
   * of tokens even across instances.
   */
  async consume(id: string) {
    const marked = await this.db
      .update(devIdpRecords)
      .set({ consumedAt: new Date() })
      .where(and(this.key(id), isNull(devIdpRecords.consumedAt)))
      .returning({ id: devIdpRecords.id });
    if (marked.length === 0 && (await this.find(id))) throw new errors.InvalidGrant(`${this.model} already consumed`);
  }

  async destroy(id: string) {
    await this.db.delete(devIdpRecords).where(this.key(id));
  }

  async revokeByGrantId(grantId: string) {
    await this.db.delete(devIdpRecords).where(eq(devIdpRecords.grantId, grantId));
  }
}

/** The `adapter` option of oidc-provider's configuration: its storage in this database. */
export function databaseAdapter(db: Database): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}
