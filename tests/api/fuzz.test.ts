import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_CHARACTERS_MESSAGE } from "#common/input";
import { openApiDocument } from "../../server/app";
import { accessTokens } from "../../server/db/schema";
import { hashToken, newId, newSecretToken } from "../../server/lib/tokens";
import { createTestApi, type TestApi } from "../helpers/api";
import { BODY_KINDS, buildWorld, pathKind, PDF, type World } from "../helpers/api-world";

/**
 * The API fuzz gate (issue 23 scope 7): every operation of the committed OpenAPI document
 * (openapi/openapi.json), called in-process with hostile values in each path parameter, query
 * parameter and body field — NUL and other control characters, 10,000-character strings, wrong
 * types, huge numbers, malformed and foreign ids — and with hostile bodies (malformed JSON, an
 * array, bodies over the limit, wrong content types, malformed multipart), signed in as a
 * tenant with no records of their own and signed out. It fails on
 *  - any 5xx, and any answer holding a stack trace (`at …` frames, node_modules, `Error:`);
 *  - an error answer that is not the API's `{ message }`;
 *  - a malformed path id that is not a 404, a request without a token to a bearer operation that
 *    is not a 401, another tenant's real ids that answer 2xx;
 *  - a NUL in a free-text field (body or query) that is not a 400 with FORBIDDEN_CHARACTERS_MESSAGE
 *    for that field, or in an id field that is not a 400;
 *  - a request string (path, query, body) without a length limit in the document;
 *  - an operation of the document (or of the live API) it did not call.
 * Deterministic: the values are fixed lists plus strings from a seeded generator.
 */

// ── The document ────────────────────────────────────────────────────────────────────

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
  example?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
};
type Parameter = { in: string; name: string; schema?: Schema };
type Operation = {
  operationId: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const doc = JSON.parse(readFileSync("openapi/openapi.json", "utf8")) as Doc;

function deref(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return deref(doc.components.schemas[schema.$ref.split("/").pop()!]);
  const variants = schema.oneOf ?? schema.anyOf;
  // A nullable field is written as anyOf [the type, null]; a union's first variant stands for it.
  if (variants) return deref(variants.find((v) => deref(v).type !== "null") ?? variants[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(deref));
  return schema;
}
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type);

type Op = {
  operationId: string;
  method: string;
  path: string;
  bearer: boolean;
  /** A token is optional (security lists `{}` beside bearer: the contact page's message): none is not a 401. */
  signedOutToo: boolean;
  params: Parameter[];
  body?: { kind: "json" | "multipart"; schema: Schema };
};

const operations: Op[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const content = op.requestBody?.content;
    const body = content?.["application/json"]
      ? { kind: "json" as const, schema: content["application/json"].schema }
      : content?.["multipart/form-data"]
        ? {
            kind: "multipart" as const,
            schema: content["multipart/form-data"].schema,
          }
        : undefined;
    return {
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      bearer: (op.security ?? []).some((s) => "bearer" in s),
      signedOutToo: (op.security ?? []).some((s) => Object.keys(s).length === 0),
      params: op.parameters ?? [],
      body,
    };
  }),
);

// ── Deterministic values ────────────────────────────────────────────────────────────

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(23);
/** A string of `length` characters drawn from every plane's awkward corners (controls, surrogates, RTL, emoji). */
function junk(length: number) {
  const pool = [
    "\u0000",
    "\u0001",
    "\u001b",
    "\u007f",
    "\u0085",
    "\u2028",
    "\u202e",
    "\ufeff",
    "\ud83d\udca9",
    "'",
    '"',
    "\\",
    "/",
    "%",
    "<",
    ">",
    "{",
    "}",
    "a",
    "Z",
    "0",
    " ",
    "é",
    "ß",
    "\u3000",
  ];
  let out = "";
  for (let i = 0; i < length; i++) out += pool[Math.floor(random() * pool.length)]!;
  return out;
}
function idShaped() {
  const chars = "abcdef0123456789";
  let out = "";
  for (let i = 0; i < 32; i++) out += chars[Math.floor(random() * chars.length)]!;
  return `${out.slice(0, 8)}-${out.slice(8, 12)}-4${out.slice(13, 16)}-8${out.slice(17, 20)}-${out.slice(20, 32)}`;
}

const LONG = "x".repeat(10_000);

/** Malformed path ids, percent-encoded as they stand in a URL: every one must answer 404. */
const HOSTILE_PATH_IDS = [
  "%00",
  "a%00b",
  "%0A",
  "%7F",
  "%E2%80%AE",
  "%F0%9F%92%A9",
  "..%2F..%2Fetc%2Fpasswd",
  "%ZZ",
  "%C0%AF",
  "%EF%BC%91",
  "'%20OR%201%3D1--",
  "x".repeat(101),
  LONG,
  encodeURIComponent(junk(40)),
];
/** Ids of the right shape that are nobody's: not found (or a 400 when the body is wrong too), never a 2xx. */
const UNKNOWN_PATH_IDS = [idShaped(), "pm_1234567890abcdefghijklmn"];

/** Strings for a query parameter or a body's text field. The first ones hold forbidden characters. */
const FORBIDDEN_STRINGS = ["\u0000", "a\u0000b", "\u001b[2J", "\u0085"];
const OTHER_STRINGS = [LONG, junk(10_000), "", "\ud800", "'; DROP TABLE users; --"];

/** Raw JSON texts put in place of a value (numbers JSON.stringify cannot write). */
const RAW = (text: string) => `__RAW__${text}__RAW__`;
/** Numbers no column holds, and values of the wrong type. */
const HUGE_NUMBERS: unknown[] = [
  -1,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  RAW("1e999"),
  RAW("-1e999"),
  RAW("123456789012345678901234567890"),
];
const WRONG_TYPES: unknown[] = [0, null, [], { $gt: "" }];

// ── Valid requests, to mutate ───────────────────────────────────────────────────────

/** Strings whose format the schema states only in words (as in the isolation gate). */
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
  response: "CONFIRMED",
  message: "I disagree",
  explanation: "It was clean",
};
const QUERY_VALUES: Record<string, string> = {
  productId: "KEYFREE",
  postcode: "BS1 4DJ",
  remainingBalance: "true",
  token: "x",
};

type Field = { path: Array<string | number>; schema: Schema };

/** A value that passes the schema, with ids from `ids`, and every leaf field it holds. */
function example(schema: Schema, path: Array<string | number>, ids: World, fields: Field[]): unknown {
  const s = deref(schema);
  const type = typeOf(s);
  const leaf = String(path[path.length - 1] ?? "");
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s.properties ?? {})) out[key] = example(value, [...path, key], ids, fields);
    return out;
  }
  if (type === "array") return [example(s.items ?? {}, [...path, 0], ids, fields)];
  fields.push({ path, schema: s });
  if (BODY_KINDS[leaf] && type === "string") return ids[BODY_KINDS[leaf]!];
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.example !== undefined) return s.example;
  if (type === "boolean") return true;
  if (type === "integer" || type === "number") return Math.max(s.minimum ?? 1, 1);
  if (s.format === "binary") return new Blob([PDF], { type: "application/pdf" });
  if (s.format === "email") return "someone@example.test";
  if (s.pattern) return "new";
  return FIELD_VALUES[leaf] ?? "Something";
}

function setAt(target: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

const rawJson = (value: unknown) => JSON.stringify(value).replace(/"__RAW__(.*?)__RAW__"/g, "$1");

type Request = {
  label: string;
  method: string;
  url: string;
  token?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  /** What the answer must be, beyond "no 5xx, no stack trace, errors are { message }". */
  expect?: (status: number, body: any) => string | undefined;
};

const need404 = (status: number) => (status === 404 ? undefined : `wanted 404 for a malformed or unknown path id`);
const need401 = (status: number) => (status === 401 ? undefined : `wanted 401 without a valid token`);
const notFoundOr400 = (status: number) => (status === 404 || status === 400 ? undefined : `wanted 404 for an id that is nobody's`);
const notOk = (status: number) => (status >= 200 && status < 300 ? `another tenant's ids answered ${status}` : undefined);
function forbiddenField(fieldPath: string) {
  return (status: number, body: any) => {
    if (status !== 400) return `wanted 400 for a control character in ${fieldPath}`;
    const issue = (body?.issues ?? []).find((i: { path: string }) => i.path === fieldPath);
    return issue?.message === FORBIDDEN_CHARACTERS_MESSAGE
      ? undefined
      : `wanted the field's own message for ${fieldPath}, got ${JSON.stringify(body).slice(0, 200)}`;
  };
}
const need400 = (what: string) => (status: number) => (status === 400 ? undefined : `wanted 400 for ${what}`);

function form(values: Record<string, unknown>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value instanceof Blob) data.set(key, value, "evidence.pdf");
    else data.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return data;
}

/** Every request the gate sends for one operation. */
function requestsFor(op: Op, owner: World, attacker: string, mode: "attacker" | "owner" = "attacker"): Request[] {
  const out: Request[] = [];
  const pathValues: Record<string, string> = {};
  for (const p of op.params.filter((p) => p.in === "path")) {
    const kind = pathKind(op.path, p.name);
    pathValues[p.name] = encodeURIComponent(kind ? owner[kind] : "00000000-0000-4000-8000-000000000001");
  }
  const queryValues: Record<string, string> = {};
  for (const p of op.params.filter((p) => p.in === "query")) queryValues[p.name] = QUERY_VALUES[p.name] ?? "x";
  const url = (path: Record<string, string> = pathValues, query: Record<string, string> | string = queryValues) => {
    const filled = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => path[name]!);
    const q = typeof query === "string" ? query : new URLSearchParams(query).toString();
    return q ? `${filled}?${q}` : filled;
  };
  const fields: Field[] = [];
  const validBody = op.body ? example(op.body.schema, [], owner, fields) : undefined;
  const encode = (value: unknown): { body: BodyInit; headers: Record<string, string> } =>
    op.body?.kind === "multipart"
      ? { body: form(value as Record<string, unknown>), headers: {} }
      : {
          body: rawJson(value),
          headers: { "content-type": "application/json" },
        };
  const base = (extra: Partial<Request> & { label: string }): Request => ({
    method: op.method,
    url: url(),
    token: attacker,
    ...(validBody !== undefined ? encode(validBody) : {}),
    ...extra,
  });
  const hasIds = op.params.some((p) => p.in === "path") || fields.some((f) => BODY_KINDS[String(f.path.at(-1))]);

  if (mode === "owner") {
    // The tenant's own ids: the request as it should be, then each field made hostile (below).
    out.push(base({ label: "own ids" }));
  } else {
    // Another tenant's real ids: never a 2xx.
    out.push(
      base({
        label: "another tenant's ids",
        expect: op.bearer && hasIds ? notOk : undefined,
      }),
    );
    // No token, and tokens that are not ours.
    if (op.bearer) {
      // Signed out where that is allowed: no expectation beyond the sweep's own (no 5xx, an error's { message }).
      out.push(base({ label: "no token", token: undefined, expect: op.signedOutToo ? undefined : need401 }));
      const headers = base({ label: "" }).headers;
      for (const authorization of [`Bearer ${LONG}`, "Basic Zm9vOmJhcg==", `Bearer ${"A".repeat(43)}`]) {
        out.push(
          base({
            label: `authorization ${authorization.slice(0, 20)}`,
            token: undefined,
            headers: { ...headers, authorization },
            expect: need401,
          }),
        );
      }
    }

    // Each path parameter: every malformed or unknown id is not found.
    for (const p of op.params.filter((p) => p.in === "path")) {
      for (const id of HOSTILE_PATH_IDS) {
        out.push(
          base({
            label: `path ${p.name}=${id.slice(0, 24)}`,
            url: url({ ...pathValues, [p.name]: id }),
            expect: need404,
          }),
        );
      }
      for (const id of UNKNOWN_PATH_IDS) {
        out.push(
          base({
            label: `path ${p.name}=${id} (nobody's)`,
            url: url({ ...pathValues, [p.name]: id }),
            expect: notFoundOr400,
          }),
        );
      }
      if (op.bearer && !op.signedOutToo)
        out.push(
          base({
            label: `path ${p.name}=%00, no token`,
            url: url({ ...pathValues, [p.name]: "%00" }),
            token: undefined,
            expect: need401,
          }),
        );
    }

    // Each query parameter.
    for (const p of op.params.filter((p) => p.in === "query")) {
      for (const value of FORBIDDEN_STRINGS) {
        out.push(
          base({
            label: `query ${p.name} forbidden`,
            url: url(pathValues, { ...queryValues, [p.name]: value }),
            expect: need400(`a control character in ${p.name}`),
          }),
        );
      }
      for (const value of OTHER_STRINGS.filter((v) => !v.includes("\ud800"))) {
        out.push(
          base({
            label: `query ${p.name}=${value.slice(0, 16)}`,
            url: url(pathValues, { ...queryValues, [p.name]: value }),
          }),
        );
      }
      const others = new URLSearchParams(queryValues);
      others.delete(p.name);
      out.push(
        base({
          label: `query ${p.name} twice`,
          url: url(pathValues, `${others}&${p.name}=a&${p.name}=b`),
        }),
      );
      out.push(
        base({
          label: `query ${p.name} missing`,
          url: url(pathValues, others.toString()),
        }),
      );
      out.push(
        base({
          label: `query ${p.name} bad escape`,
          url: url(pathValues, `${others}&${p.name}=%ZZ%00`),
        }),
      );
    }
  }

  // Each body field.
  if (op.body && validBody !== undefined) {
    for (const field of fields) {
      const name = field.path.join(".");
      const type = typeOf(field.schema);
      const numeric = type === "integer" || type === "number";
      const freeText =
        type === "string" &&
        !field.schema.enum &&
        !field.schema.pattern &&
        field.schema.format !== "binary" &&
        field.schema.const === undefined;
      const isId = type === "string" && Boolean(field.schema.pattern);
      if (mode === "owner") {
        // On the tenant's own records, past the ownership checks: what reaches the service and the database.
        for (const value of numeric ? [...HUGE_NUMBERS, "12"] : [LONG, junk(10_000), "", 2_147_483_648]) {
          out.push(
            base({
              label: `own body ${name}=${JSON.stringify(value)?.slice(0, 20)}`,
              ...encode(setAt(validBody, field.path, value)),
            }),
          );
        }
        continue;
      }
      for (const value of FORBIDDEN_STRINGS) {
        out.push(
          base({
            label: `body ${name} forbidden ${JSON.stringify(value).slice(0, 12)}`,
            ...encode(setAt(validBody, field.path, value)),
            expect: freeText ? forbiddenField(name) : isId ? need400(`a malformed id in ${name}`) : undefined,
          }),
        );
      }
      for (const value of [...(numeric ? HUGE_NUMBERS : OTHER_STRINGS), ...WRONG_TYPES]) {
        out.push(
          base({
            label: `body ${name}=${JSON.stringify(value)?.slice(0, 20)}`,
            ...encode(setAt(validBody, field.path, value)),
          }),
        );
      }
      if (op.body.kind === "json")
        out.push(
          base({
            label: `body ${name} missing`,
            ...encode(setAt(validBody, field.path, undefined)),
          }),
        );
    }
  }
  if (op.body?.kind === "multipart" && validBody !== undefined) {
    const valid = validBody as Record<string, unknown>;
    // The file's own name, as a device gives it (no fileName field): control characters, 10,000 characters.
    for (const name of ["a\u0000b.pdf", "\u001b[2J.pdf", `${LONG}.pdf`, "\r\n.pdf"]) {
      const named = form({ ...valid, file: undefined, fileName: undefined });
      named.set("file", new Blob([PDF], { type: "application/pdf" }), name);
      out.push(base({ label: `a file named ${JSON.stringify(name).slice(0, 16)}`, body: named, headers: {} }));
    }
  }
  if (mode === "owner") return out;

  // Whole bodies: malformed, of the wrong shape or type, over the limit.
  const json = (label: string, body: BodyInit, contentType?: string) =>
    base({
      label,
      body,
      headers: contentType ? { "content-type": contentType } : {},
    });
  if (op.method !== "GET") {
    out.push(
      json("malformed JSON", "{nope", "application/json"),
      json("truncated JSON", '{"a":"', "application/json"),
      json("empty JSON", "", "application/json"),
      json("a JSON array", "[1,2,3]", "application/json"),
      json("JSON null", "null", "application/json"),
      json("a JSON string", '"x"', "application/json"),
      json("a huge JSON number", "1e999", "application/json"),
      json("deep JSON", `${"[".repeat(5_000)}${"]".repeat(5_000)}`, "application/json"),
      json("prototype keys", '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}', "application/json"),
      json("invalid UTF-8", new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), "application/json"),
      json("UTF-16 JSON", new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), "application/json; charset=utf-16"),
      json("JSON over the limit", `{"a":"${"x".repeat(1024 * 1024 + 10)}"}`, "application/json"),
      json("text/plain", "{}", "text/plain"),
      json("XML", "<a>1</a>", "application/xml"),
      json("a url-encoded form", "a=1&b=%00", "application/x-www-form-urlencoded"),
      json("no content type", "{}"),
      json("malformed multipart", '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', "multipart/form-data; boundary=y"),
      json("multipart without a boundary", "abc", "multipart/form-data"),
    );
    if (op.body?.kind === "multipart") {
      const valid = validBody as Record<string, unknown>;
      out.push(
        base({ label: "no file", ...encode({ ...valid, file: undefined }) }),
        base({
          label: "the file as text",
          ...encode({ ...valid, file: "not a file" }),
        }),
        base({
          label: "an empty file",
          ...encode({ ...valid, file: new Blob([]) }),
        }),
        base({
          label: "a file that is not what it says",
          ...encode({
            ...valid,
            file: new Blob(["MZ\u0090\u0000"], { type: "application/pdf" }),
          }),
        }),
      );
      const twice = form(valid);
      for (const [key, value] of Object.entries(valid)) if (typeof value === "string") twice.append(key, value);
      out.push(base({ label: "every field twice", body: twice, headers: {} }));
    }
  }
  return out;
}

// ── Sending and judging ─────────────────────────────────────────────────────────────

const STACK_TRACE = /\n\s+at |\bat [\w$.<>]+ \(|node_modules|\bError:|\.[cm]?[jt]s:\d+:\d+/;

let t: TestApi;
let owner: World & { token: string };
beforeAll(async () => {
  t = await createTestApi();
  const started = performance.now();
  owner = await buildWorld(t, "owner");
  console.log(`API fuzz gate: the owner's records built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 60_000);
afterAll(() => t.close());

/** A new session for one of the tenant's users (the owner's own calls run after a logout too). */
async function freshToken(userId: string) {
  const token = newSecretToken();
  await t.db
    .insert(accessTokens)
    .values({ id: newId(), userId, tokenHash: hashToken(token), expiresAt: new Date(t.clock.now().getTime() + 86_400_000) });
  return token;
}

async function send(r: Request) {
  const headers: Record<string, string> = { ...(r.headers ?? {}) };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  const res = await t.api.request(r.url, {
    method: r.method,
    headers,
    body: r.method === "GET" ? undefined : r.body,
  });
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body };
}

describe("API fuzz gate", () => {
  it("the committed document lists every operation the API serves, each with a length limit on every request string", () => {
    const live = openApiDocument(t.api) as unknown as Doc;
    const ids = (d: Doc) =>
      Object.values(d.paths)
        .flatMap((methods) => Object.values(methods).map((o) => o.operationId))
        .sort();
    expect(ids(doc)).toEqual(ids(live));

    const unbounded: string[] = [];
    const check = (schema: Schema, where: string) => {
      const s = deref(schema);
      const type = typeOf(s);
      if (type === "object" || s.properties) for (const [k, v] of Object.entries(s.properties ?? {})) check(v, `${where}.${k}`);
      else if (type === "array") check(s.items ?? {}, `${where}[]`);
      else if (type === "string" && s.format !== "binary" && !s.enum && s.const === undefined && s.maxLength === undefined)
        unbounded.push(where);
    };
    for (const op of operations) {
      for (const p of op.params) check(p.schema ?? {}, `${op.operationId} ${p.in} ${p.name}`);
      if (op.body) check(op.body.schema, `${op.operationId} body`);
    }
    expect(unbounded).toEqual([]);
  });

  it("every operation answers hostile input with a 4xx and a message: no 5xx, no stack trace, no way round", async () => {
    const started = performance.now();
    const failures: string[] = [];
    const covered = new Set<string>();
    let requests = 0;
    let serverErrors = 0;
    const run = async (op: Op, mode: "attacker" | "owner", token: string) => {
      for (const r of requestsFor(op, owner, token, mode)) {
        requests += 1;
        const res = await send(r);
        covered.add(op.operationId);
        const problems: string[] = [];
        if (res.status >= 500) {
          serverErrors += 1;
          problems.push(`a ${res.status}`);
        }
        if (STACK_TRACE.test(res.text)) problems.push("a stack trace in the answer");
        if (res.status >= 400 && typeof res.body?.message !== "string") problems.push("an error answer without { message }");
        const wanted = r.expect?.(res.status, res.body);
        if (wanted) problems.push(wanted);
        if (problems.length > 0) {
          failures.push(
            `${op.operationId} ${r.method} ${r.url.slice(0, 90)} (${r.label}) → ${res.status} ${res.text.slice(0, 160)}: ${problems.join("; ")}`,
          );
        }
      }
    };
    // First as a stranger to the owner's records (a tenant of their own for each operation: logout
    // ends a session), then as the owner, whose hostile values get past the ownership checks.
    for (const op of operations) await run(op, "attacker", (await t.quickTenant()).token);
    // Deletions last, so the owner's records are still there for the others.
    const deletionsLast = [...operations.filter((o) => o.method !== "DELETE"), ...operations.filter((o) => o.method === "DELETE")];
    for (const op of deletionsLast) await run(op, "owner", await freshToken(owner.userId));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `API fuzz gate: ${covered.size} of ${operations.length} operations, ${requests} requests, ${failures.length} failures (${serverErrors} × 5xx), ${seconds} s`,
    );
    expect(failures.slice(0, 60)).toEqual([]);
    expect([...covered].sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(requests).toBeGreaterThan(operations.length * 20);
  }, 120_000);
});
