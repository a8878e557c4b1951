/**
 * `npm run ops -- <command> [--flag value ...]`: play the landlord, agent, adjudicator and
 * back office (see `npm run ops -- --help`). When the app is running (npm start) the command
 * goes to it over HTTP, so it acts on the database the app has open; otherwise the API is
 * started in-process on the same database for the one command.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { opsCommands } from "../ops";

const args = process.argv.slice(2);

function printHelp() {
  const lines = [
    "Usage: npm run ops -- <command> [--name value ...]",
    "",
    "Flags are the command's input in kebab-case (--tenancy-id X for tenancyId); values that",
    'read as JSON (numbers, true/false, [..], {..}) are taken as JSON: --items \'[{"description":"Carpet","amount":12000}]\'.',
    "The command goes to the running app (PORT, default 3000) when there is one; otherwise it",
    "opens the database itself (stop the app first: the embedded database has one process at a time).",
    "",
    "Commands:",
  ];
  for (const c of opsCommands) {
    lines.push(`  ${c.name}`, `      ${c.summary}`, `      e.g. ${c.example}`);
  }
  console.log(lines.join("\n"));
}

function camel(flag: string) {
  return flag.replace(/-([a-z])/g, (_m, ch: string) => ch.toUpperCase());
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function parseFlags(rest: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--")) throw new Error(`Unexpected argument "${arg}": flags look like --name value`);
    const [flag, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const next = rest[i + 1];
    let value: unknown;
    if (inline !== undefined) value = parseValue(inline);
    else if (next === undefined || next.startsWith("--")) value = true;
    else {
      value = parseValue(next);
      i++;
    }
    // A string that merely looks numeric is kept as typed for text fields by the command's schema.
    input[camel(flag)] = value;
  }
  return input;
}

async function viaRunningApp(name: string, input: unknown): Promise<Response | null> {
  const dataDir = process.env.DATA_DIR ?? ".data";
  const tokenFile = path.join(dataDir, "ops-token");
  const base = process.env.OPS_URL ?? `http://localhost:${process.env.PORT ?? 3000}/__ops`;
  const token = process.env.OPS_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : undefined);
  if (!token) return null;
  try {
    return await fetch(`${base}/run/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-ops-token": token },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    return null; // nothing listening
  }
}

async function inProcess(name: string, input: unknown): Promise<Response> {
  process.env.OPS_TOKEN ??= randomBytes(24).toString("base64url");
  process.env.LOG_LEVEL ??= "warn";
  const { getRuntime, standInsWanted } = await import("../runtime");
  const standIns = standInsWanted() ? await (await import("../../stand-ins/load")).loadStandIns() : undefined;
  const runtime = await getRuntime({ standIns });
  try {
    const response = await runtime.api.request(`/ops/run/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-ops-token": process.env.OPS_TOKEN },
      body: JSON.stringify(input),
    });
    return new Response(await response.text(), { status: response.status });
  } finally {
    await runtime.database.close();
  }
}

async function main() {
  const [name, ...rest] = args;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    printHelp();
    return;
  }
  const commandDef = opsCommands.find((c) => c.name === name);
  if (!commandDef) {
    console.error(`Unknown command "${name}". npm run ops -- --help lists them.`);
    process.exitCode = 2;
    return;
  }
  if (rest.includes("--help")) {
    console.log(`${commandDef.name}: ${commandDef.summary}\n  e.g. ${commandDef.example}`);
    return;
  }
  const input = parseFlags(rest);
  const response = (await viaRunningApp(name, input)) ?? (await inProcess(name, input));
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* plain text */
  }
  if (!response.ok) {
    console.error(`${name} failed (${response.status}): ${typeof body === "object" && body && "message" in body ? (body as { message: string }).message : text}`);
    process.exitCode = 1;
    return;
  }
  console.log(JSON.stringify(body, null, 2));
}

// Run only as a command (npm run ops), not when a test imports parseFlags.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
