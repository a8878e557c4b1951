import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../server/db";
import { migrateWithStandIns } from "./helpers/stand-ins";
import { buildStandInScript } from "../stand-ins/stripe-sandbox/build-browser";

/**
 * PGlite's first initdb takes seconds here, so the schema is built once per run and every
 * test file starts from a copy of it (loadDataDir).
 */
export default async function setup(project: TestProject) {
  // The stand-in Stripe.js the tests/stripe-standin files run (built from TypeScript; not committed).
  await buildStandInScript({ onlyIfStale: true });
  const client = new PGlite();
  const handle = await openDatabase({ kind: "pglite", client });
  await migrateWithStandIns(handle);
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dir = path.resolve(".data/test");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("dbTemplate", file);
  return () => rmSync(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}
