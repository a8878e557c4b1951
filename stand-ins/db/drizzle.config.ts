import { defineConfig } from "drizzle-kit";
import { STAND_IN_MIGRATIONS_TABLE } from "./migrate";

/**
 * The stand-ins' own tables (decision 0052): `npx drizzle-kit generate --config
 * stand-ins/db/drizzle.config.ts --name <what>` after changing stand-ins/db/schema.ts. Their
 * migrations are recorded in their own table, apart from the product's (server/db/migrations).
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./stand-ins/db/schema.ts",
  out: "./stand-ins/db/migrations",
  migrations: { table: STAND_IN_MIGRATIONS_TABLE, schema: "drizzle" },
});
