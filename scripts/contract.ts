/**
 * The API contract: openapi/openapi.json is generated from the API's zod routes, and
 * app/lib/api/schema.d.ts (the web's client types) from that document.
 *   tsx scripts/contract.ts          write both
 *   tsx scripts/contract.ts --check  fail when either is stale
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { createApi, openApiDocument } from "../server/app";
import { readApiConfig } from "../server/config";
import { systemClock } from "../server/lib/clock";

const DOCUMENT = path.resolve("openapi/openapi.json");
const TYPES = path.resolve("app/lib/api/schema.d.ts");

// Producing the document reads only the route definitions; no database is opened.
// Ops routes are not part of the contract (production builds never mount them).
const api = createApi({
  db: undefined as never,
  clock: systemClock,
  files: undefined as never,
  payments: undefined as never,
  config: { ...readApiConfig({ NODE_ENV: "production" }), opsEnabled: false },
});
const document = JSON.stringify(openApiDocument(api), null, 2) + "\n";
const types =
  "// Generated from openapi/openapi.json by scripts/contract.ts: do not edit.\n" +
  astToString(await openapiTS(JSON.parse(document)));

const check = process.argv.includes("--check");
let stale = false;
for (const [file, contents] of [
  [DOCUMENT, document],
  [TYPES, types],
] as const) {
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = "";
  }
  if (current === contents) continue;
  if (check) {
    stale = true;
    console.error(`${path.relative(process.cwd(), file)} is stale: run npm run generate:contract and commit the result.`);
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, contents);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
if (stale) process.exit(1);
if (check) console.log("contract is up to date");
