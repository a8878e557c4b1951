import { count } from "drizzle-orm";
import type { Database } from "../db";
import { users } from "../db/schema";
import { createTenant, DEMO_PASSWORD } from "./tenants";

export const DEMO_TENANTS = [
  { email: "demo@keyfree.example", firstName: "Alex", lastName: "Morgan", situation: "demo tenant" },
] as const;

/** Loads the demo dataset into an empty database. Returns false when the database already has users. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(db: Database) {
  for (const t of DEMO_TENANTS) {
    await createTenant(db, { email: t.email, firstName: t.firstName, lastName: t.lastName, password: DEMO_PASSWORD });
  }
}
