import path from "node:path";
import type { DatabaseHandle } from "../../server/db";

/** Where drizzle records which stand-in migrations have run (schema `drizzle`, beside the product's `__drizzle_migrations`). */
export const STAND_IN_MIGRATIONS_TABLE = "__drizzle_stand_in_migrations";

/** Resolved from the working directory, as the product's are, so the bundled web build finds them too. */
export const standInMigrationsFolder = path.resolve(process.env.STAND_IN_MIGRATIONS_DIR ?? "stand-ins/db/migrations");

/**
 * Creates the stand-ins' tables (the offline Stripe's, the development identity provider's, the
 * analytics stand-in's): run after the product's migrations, and only where stand-ins are in use.
 * Their first migration creates each table if it does not exist, so a database from before the
 * split upgrades.
 */
export function migrateStandIns(database: Pick<DatabaseHandle, "migrate">): Promise<void> {
  return database.migrate({ migrationsFolder: standInMigrationsFolder, migrationsTable: STAND_IN_MIGRATIONS_TABLE });
}
