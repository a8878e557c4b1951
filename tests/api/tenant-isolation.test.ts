import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/api";
import { BODY_KINDS, buildWorld, KINDS, type Kind, pathKind, PDF, type World } from "../helpers/api-world";

/**
 * Tenant isolation (issue 8, gates): every tenant-scoped operation in the committed OpenAPI
 * document (bearer security), called by tenant B with tenant A's ids, answers 404 — in the path,
 * the query and the body. Ids are recognised by their parameter or field name; an operation
 * with an id the test cannot fill, or with no id and not in NO_IDS, fails the test, so a new
 * operation is covered the day it is added. Everything goes through HTTP (the API app's fetch
 * and its ops routes), never through route modules.
 */
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
};

const doc = JSON.parse(readFileSync("openapi/openapi.json", "utf8")) as Doc;

/**
 * Tenant-scoped operations that name no record of the tenant's: they act on the caller
 * themself (me, customer, lists, sign-out, the onboarding flag) or on nothing tenant-owned
 * (the postcode look-up). Nothing to swap, so nothing to test here.
 */
const NO_IDS = new Set([
  // Creates an unattached upload of the caller's own (evidence before it is linked to a claim).
  "createDocument",
  // Replaces the caller's own address history; its addresses' ids are not references (see NOT_REFERENCES).
  "updateAddressHistory",
  "logout",
  "me",
  "getCustomer",
  "completeOnboardingIntroduction",
  // The caller's own notice settings (issue 28): their e-mail address, mobile number and text messages on or off.
  "getNoticeSettings",
  "updateNoticeSettings",
  "searchAddressesByPostcode",
  "getTenancyOrdersByProductId",
  "getUserTenancyAnniversaries",
  // The caller's own dashboard (their Keyfrees, pending annual fee, payment-method flags).
  "getDashboard",
  // ── issue 36: support needs ── the caller's own support needs and the one person who helps them.
  "getSupportNeeds",
  // Issue 40: the caller's own request to close their account.
  "getAccountClosure",
  "requestAccountClosure",
  "saveSupportNeeds",
  "withdrawSupportNeeds",
  "addSupportHelper",
  "removeSupportHelper",
  // issue 36: the caller's own Breathing Space, and recording it.
  "getBreathingSpace",
  "recordBreathingSpace",
  // The caller's own debts a plan can be asked for (issue 36).
  "listDebts",
  // Issue 40: the caller's own latest export of their data, and asking for one.
  "getDataExports",
  "requestDataExport",
]);

/** Query parameters that are not ids, with a value that passes validation. */
const QUERY_VALUES: Record<string, string> = { productId: "KEYFREE", postcode: "BS1 4DJ", remainingBalance: "true", token: "x" };

/**
 * Body fields named like ids that do not refer to a tenant's record: an address's
 * `externalId` is the postcode look-up's key and `organizationId` the letting agent's;
 * an address history's `id` keeps an address already in the caller's own history and
 * "any other id makes a new address" (so another tenant's id makes a new one for B, and the
 * snapshot of A's reads at the end proves A's addresses did not move).
 */
const NOT_REFERENCES = new Set(["externalId", "organizationId", "addresses[].id", "id"]);

const looksLikeId = (name: string) => /(^id$|Id$|Ids$)/.test(name);

function deref(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return deref(doc.components.schemas[schema.$ref.split("/").pop()!]);
  return schema;
}

type Slot = { where: "path" | "query" | "body"; name: string; kind: Kind };

/** A body that passes validation, with every id field set from `ids` (and `unknown` collecting fields it cannot place). */
function exampleValue(schema: Schema, name: string, path: string, ids: (slot: Slot) => string, slots: Slot[], unknown: string[]): unknown {
  const s = deref(schema);
  const variants = s.oneOf ?? s.anyOf;
  if (variants) return exampleValue(variants[0]!, name, path, ids, slots, unknown);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => exampleValue(x, name, path, ids, slots, unknown)));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  const leaf = name.replace(/^.*\./, "");
  if (looksLikeId(leaf) && !NOT_REFERENCES.has(name) && !NOT_REFERENCES.has(leaf)) {
    const kind = BODY_KINDS[leaf];
    if (!kind) {
      unknown.push(`body field ${name}`);
      return "unknown";
    }
    const slot: Slot = { where: "body", name, kind };
    slots.push(slot);
    return type === "array" ? [ids(slot)] : ids(slot);
  }
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s.properties ?? {})) {
      out[key] = exampleValue(value, name ? `${name}.${key}` : key, path, ids, slots, unknown);
    }
    return out;
  }
  if (type === "array") return [exampleValue(s.items ?? {}, `${name}[]`, path, ids, slots, unknown)];
  if (s.enum) return s.enum[0];
  if (s.example !== undefined) return s.example;
  if (type === "boolean") return true;
  if (type === "integer" || type === "number") return Math.max(s.minimum ?? 1, 1);
  if (s.format === "binary") return new Blob([PDF], { type: "application/pdf" });
  if (s.format === "email") return "someone@example.test";
  return FIELD_VALUES[leaf] ?? "Something";
}

/** Strings whose format the schema states only in words. */
const FIELD_VALUES: Record<string, string> = {
  dob: "1990-04-21",
  mobileNumber: "07700900123",
  gender: "UNKNOWN",
  postcode: "BS1 4DJ",
  country: "GBR",
  startDate: "2020-01-01",
  endDate: "2021-01-01",
  fileName: "evidence.pdf",
  paymentType: "KEYFREE",
  customerActionType: "KEYFREE_PAY",
};

type Call = { op: string; method: string; path: string; url: string; slots: Slot[]; unknown: string[]; init: RequestInit };

/** The request for `op` with each id slot filled by `ids`. */
function buildCall(path: string, method: string, op: Operation, ids: (slot: Slot) => string): Call {
  const slots: Slot[] = [];
  const unknown: string[] = [];
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === "path") {
      const kind = pathKind(path, p.name);
      if (!kind) unknown.push(`path parameter ${p.name}`);
      const slot: Slot = { where: "path", name: p.name, kind: kind ?? "userId" };
      if (kind) slots.push(slot);
      url = url.replace(`{${p.name}}`, encodeURIComponent(kind ? ids(slot) : "unknown"));
    } else if (p.in === "query") {
      if (QUERY_VALUES[p.name] !== undefined) query.set(p.name, QUERY_VALUES[p.name]!);
      else unknown.push(`query parameter ${p.name}`);
    }
  }
  if ([...query].length > 0) url += `?${query}`;
  const init: RequestInit = { method: method.toUpperCase(), headers: {} };
  const content = op.requestBody?.content;
  if (content?.["application/json"]) {
    const body = exampleValue(content["application/json"].schema, "", path, ids, slots, unknown);
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  } else if (content?.["multipart/form-data"]) {
    const body = exampleValue(content["multipart/form-data"].schema, "", path, ids, slots, unknown) as Record<string, unknown>;
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (value instanceof Blob) form.set(key, value, "evidence.pdf");
      else form.set(key, String(value));
    }
    init.body = form;
  } else if (content) {
    unknown.push(`body type ${Object.keys(content).join(", ")}`);
  }
  return { op: op.operationId, method: method.toUpperCase(), path, url, slots, unknown, init };
}

const tenantScoped = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => (op.security ?? []).some((s) => Object.keys(s as object).includes("bearer")))
    .map(([method, op]) => ({ path, method, op })),
);

let t: TestApi;
let a: World & { token: string };
let b: World & { token: string };
beforeAll(async () => {
  t = await createTestApi();
  a = await buildWorld(t, "a");
  b = await buildWorld(t, "b");
}, 120_000);
afterAll(() => t.close());

async function send(c: Call, token: string) {
  const headers = { ...(c.init.headers as Record<string, string>), authorization: `Bearer ${token}` };
  const res = await t.api.request(c.url, { ...c.init, headers });
  return { status: res.status, text: await res.text() };
}

/** What tenant A reads through every id-free and id-bearing GET, to show B changed nothing of A's. */
async function snapshotOfA() {
  const out: Record<string, string> = {};
  for (const { path, method, op } of tenantScoped.filter((x) => x.method === "get")) {
    const c = buildCall(path, method, op, (slot) => a[slot.kind]);
    const res = await send(c, a.token);
    out[c.url] = `${res.status} ${res.text}`;
  }
  return out;
}

describe("tenant isolation (API)", () => {
  it("the document has tenant-scoped operations, and the test can fill every one of them", () => {
    expect(tenantScoped.length).toBeGreaterThan(40);
    const unfillable: string[] = [];
    for (const { path, method, op } of tenantScoped) {
      const c = buildCall(path, method, op, (slot) => a[slot.kind]);
      if (c.unknown.length > 0) unfillable.push(`${op.operationId}: cannot fill ${c.unknown.join(", ")} (add it to the test)`);
      else if (c.slots.length === 0 && !NO_IDS.has(op.operationId)) {
        unfillable.push(`${op.operationId}: names no id; if it is about the caller only, add it to NO_IDS`);
      } else if (c.slots.length > 0 && NO_IDS.has(op.operationId)) unfillable.push(`${op.operationId}: names ids but is in NO_IDS`);
    }
    expect(unfillable).toEqual([]);
    for (const kind of KINDS) {
      expect(a[kind], `tenant A has a ${kind}`).toBeTruthy();
      expect(b[kind], `tenant B has a ${kind}`).toBeTruthy();
    }
  });

  it("tenant B gets 404 for every operation called with tenant A's ids, and A's records do not change", async () => {
    const before = await snapshotOfA();
    const failures: string[] = [];
    for (const { path, method, op } of tenantScoped) {
      const c = buildCall(path, method, op, (slot) => a[slot.kind]);
      if (c.slots.length === 0) continue;
      const res = await send(c, b.token);
      if (res.status !== 404) failures.push(`${c.op} ${c.method} ${c.url} (all A's ids) → ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 120_000);

  it("tenant B gets 404 when any one id (path, query or body) is tenant A's and the others are B's own", async () => {
    const before = await snapshotOfA();
    const failures: string[] = [];
    for (const { path, method, op } of tenantScoped) {
      const template = buildCall(path, method, op, (slot) => b[slot.kind]);
      if (template.slots.length < 2 && !template.slots.some((s) => s.where !== "path")) continue;
      for (const foreign of template.slots) {
        const c = buildCall(path, method, op, (slot) => (slot.where === foreign.where && slot.name === foreign.name ? a : b)[slot.kind]);
        const res = await send(c, b.token);
        if (res.status !== 404) {
          failures.push(`${c.op} ${c.method} ${c.url} (A's ${foreign.where} ${foreign.name}) → ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 120_000);
});
