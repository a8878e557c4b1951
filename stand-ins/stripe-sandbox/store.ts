import { and, desc, eq, lt, max, sql } from "drizzle-orm";
import type { Database } from "../../server/db";
import { stripeSandboxObjects } from "../db/schema";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ObjectType = "customer" | "payment_method" | "payment_intent" | "setup_intent" | "charge" | "refund" | "event";

/** A stored Stripe object: `object` as the API returns it, `internal` what only the sandbox needs. */
export type Stored<T, I = Record<string, unknown>> = { id: string; object: T; internal: I; createdAt: Date };

/**
 * Row times strictly increase within a sandbox, so lists come back in creation order even
 * when the clock stands still (tests use a fixed clock).
 */
export class CreationTimes {
  private last = 0;
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Reads the newest row's time once, so a new sandbox over the same database keeps the order. */
  ready(): Promise<void> {
    this.loaded ??= this.db
      .select({ latest: max(stripeSandboxObjects.createdAt) })
      .from(stripeSandboxObjects)
      .then(([row]) => {
        this.last = Math.max(this.last, row?.latest ? row.latest.getTime() : 0);
      });
    return this.loaded;
  }

  next(): Date {
    const at = Math.max(this.now().getTime(), this.last + 1);
    this.last = at;
    return new Date(at);
  }
}

/** The sandbox's objects, read and written inside one request's transaction. */
export class ObjectStore {
  constructor(
    private readonly tx: Tx,
    private readonly times: CreationTimes,
  ) {}

  private toStored<T, I>(row: typeof stripeSandboxObjects.$inferSelect): Stored<T, I> {
    return { id: row.id, object: row.data.object as T, internal: row.data.internal as I, createdAt: row.createdAt };
  }

  async get<T, I = Record<string, unknown>>(type: ObjectType, id: string): Promise<Stored<T, I> | undefined> {
    const [row] = await this.tx
      .select()
      .from(stripeSandboxObjects)
      .where(and(eq(stripeSandboxObjects.id, id), eq(stripeSandboxObjects.type, type)));
    return row ? this.toStored<T, I>(row) : undefined;
  }

  /** The object, its row locked until the request's transaction ends (two confirms never both charge). */
  async lock<T, I = Record<string, unknown>>(type: ObjectType, id: string): Promise<Stored<T, I> | undefined> {
    const [row] = await this.tx
      .select()
      .from(stripeSandboxObjects)
      .where(and(eq(stripeSandboxObjects.id, id), eq(stripeSandboxObjects.type, type)))
      .for("update");
    return row ? this.toStored<T, I>(row) : undefined;
  }

  /** Any object by id, whatever its type (expanding a field). */
  async getAny(id: string): Promise<Stored<Record<string, unknown>> | undefined> {
    const [row] = await this.tx.select().from(stripeSandboxObjects).where(eq(stripeSandboxObjects.id, id));
    return row ? this.toStored<Record<string, unknown>, Record<string, unknown>>(row) : undefined;
  }

  async insert<T extends { id: string }, I>(type: ObjectType, object: T, internal: I, createdAt = this.times.next()): Promise<Stored<T, I>> {
    await this.tx.insert(stripeSandboxObjects).values({
      id: object.id,
      type,
      data: { object: object as unknown as Record<string, unknown>, internal: internal as unknown as Record<string, unknown> },
      createdAt,
    });
    return { id: object.id, object, internal, createdAt };
  }

  async save<T extends { id: string }, I>(stored: Stored<T, I>): Promise<Stored<T, I>> {
    await this.tx
      .update(stripeSandboxObjects)
      .set({
        data: {
          object: stored.object as unknown as Record<string, unknown>,
          internal: stored.internal as unknown as Record<string, unknown>,
        },
      })
      .where(eq(stripeSandboxObjects.id, stored.id));
    return stored;
  }

  /**
   * Newest first, as Stripe lists: objects of `type` whose top-level `field` equals `value`
   * (when given), after the `startingAfter` object, at most `limit` (+1 to tell has_more).
   */
  async list<T, I = Record<string, unknown>>(
    type: ObjectType,
    options: { field?: string; value?: string; limit: number; startingAfter?: Stored<unknown, unknown> },
  ): Promise<Array<Stored<T, I>>> {
    const conditions = [eq(stripeSandboxObjects.type, type)];
    if (options.field && options.value !== undefined) {
      conditions.push(sql`${stripeSandboxObjects.data} -> 'object' ->> ${options.field} = ${options.value}`);
    }
    if (options.startingAfter) conditions.push(lt(stripeSandboxObjects.createdAt, options.startingAfter.createdAt));
    const rows = await this.tx
      .select()
      .from(stripeSandboxObjects)
      .where(and(...conditions))
      .orderBy(desc(stripeSandboxObjects.createdAt))
      .limit(options.limit + 1);
    return rows.map((row) => this.toStored<T, I>(row));
  }
}
