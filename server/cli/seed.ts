/**
 * `npm run seed`: migrate the database and load the demo data into it when it is empty.
 * `npm run seed -- --reset`: wipe the database first (never in production).
 * Stop `npm start` first when using the embedded database: only one process can open it.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { readApiConfig } from "../config";
import { createRuntime } from "../runtime";
import { DEMO_CO_TENANTS, DEMO_INVENTORY, DEMO_OFFER, DEMO_TENANTS } from "../scenarios/demo";
import { DEMO_PASSWORD } from "../scenarios/tenants";

const config = readApiConfig();
const reset = process.argv.includes("--reset");
if (config.isProduction) {
  console.error("Demo data is never loaded in production.");
  process.exit(1);
}

if (reset) {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    await client.end();
  } else {
    rmSync(path.join(config.dataDir, "db"), { recursive: true, force: true });
  }
}

// The runtime migrates and loads the demo data into an empty database (and only then).
process.env.LOG_LEVEL ??= "warn";
// Never in production (above): the stand-ins' tables and the offline Stripe are always wanted here.
const runtime = await createRuntime(config, undefined, { standIns: await (await import("../../stand-ins/load")).loadStandIns() });
const loaded = runtime.seeded;
await runtime.database.close();

if (!loaded) {
  console.log("The database already has data; nothing loaded. Use `npm run seed -- --reset` to start again.");
} else {
  console.log(`Demo data loaded. Every demo tenant's password is ${DEMO_PASSWORD}:`);
  for (const t of DEMO_TENANTS) console.log(`  ${t.email.padEnd(30)} ${t.situation}`);
  console.log(`  co-tenants: ${DEMO_CO_TENANTS.map((t) => t.email).join(", ")}`);
  const appUrl = config.appUrl;
  console.log(`Keyfree offer:       ${appUrl}/keyfree-offer/${DEMO_OFFER.id}?token=${DEMO_OFFER.token}`);
  console.log(`Inventory request:   ${appUrl}/tenancy-inventory-response?token=${DEMO_INVENTORY.token}&response=CONFIRMED`);
}
