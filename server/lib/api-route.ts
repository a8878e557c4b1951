/**
 * The one way an API operation is declared (decision 0056). A route module writes only what is
 * its own: where the operation is (method, path, operationId, tags), what it does (summary),
 * who may call it (auth), what it takes (params, query, body, upload) and what it answers (ok,
 * created, responses, errors). The builder adds what every operation repeats: the bearer
 * security and the middleware that enforces it, the JSON content wrappers, and the Error
 * answers. It returns `createRoute(...)`, so Hono's handler typing (`c.req.valid`, `c.json`
 * with its status) is what it was.
 *
 * The contract (openapi/openapi.json) lists an operation's fields in the order the route
 * module writes them, `auth` standing where `security` goes: keep a route's key order when you
 * touch it, or the contract changes.
 *
 *   export const findClaimById = apiRoute({
 *     method: "get", path: "/claims/{claimId}", operationId: "findClaimById", tags: ["claims"],
 *     summary: "A claim the tenant is a respondent of…",
 *     auth: "tenant", params: ClaimParams,
 *     ok: ["The claim", ClaimSchema], errors: [401, 404],
 *   });
 */
import { createRoute, type RouteConfig, type z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { optionalTenant, requireTenant } from "./auth";
import { type ErrorSchema, type ErrorStatus, errorResponses } from "./errors";

type Schema = z.ZodType;

/** A JSON answer: what it means, and its schema. */
export type Answer = readonly [description: string, schema: Schema];

export interface OperationSpec {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  tags?: readonly string[];
  summary: string;
  description?: string;
  /**
   * Who may call it: a signed-in tenant ("tenant": a 401 without a valid token), or anyone,
   * with the tenant when a valid token comes ("optional"). Without it the operation is public.
   */
  auth?: keyof typeof ACCESS;
  params?: Schema;
  query?: Schema;
  /** A JSON body, required unless `bodyOptional`. */
  body?: Schema;
  bodyOptional?: true;
  /** A multipart/form-data body (a file upload). */
  upload?: Schema;
  /** The 200 answer, as JSON. */
  ok?: Answer;
  /** The 201 answer, as JSON. */
  created?: Answer;
  /** Any other answer, written out: a 204, a file, a status with its own words. */
  responses?: Readonly<Record<number, { description: string; content?: Record<string, { schema: Schema }> }>>;
  /** The Error answers, with the descriptions every operation shares (errorResponses). */
  errors?: readonly ErrorStatus[];
  /** Written by the builder only: `auth` says who may call, `request` and `responses` come from the keys above. */
  security?: never;
  middleware?: never;
  request?: never;
}

const ACCESS = {
  tenant: { security: [{ bearer: [] }], middleware: [requireTenant] },
  optional: { security: [{ bearer: [] }, {}], middleware: [optionalTenant] },
} satisfies Record<string, { security: Array<Record<string, string[]>>; middleware: [MiddlewareHandler<AppEnv>] }>;

/** What the builder reads itself; every other key is copied into the operation as written. */
const BUILT = new Set(["auth", "params", "query", "body", "bodyOptional", "upload", "ok", "created", "responses", "errors"]);

type Json<S> = { "application/json": { schema: S } };
type JsonAnswer<A> = A extends readonly [string, infer S extends Schema] ? { description: string; content: Json<S> } : never;
type Has<S, K extends string> = S extends { [key in K]: infer V } ? V : never;
type Part<S, K extends string, T> = [Has<S, K>] extends [never] ? unknown : T;

type RequestOf<S> = Part<S, "params", { params: Has<S, "params"> }> &
  Part<S, "query", { query: Has<S, "query"> }> &
  Part<S, "body", { body: { required: S extends { bodyOptional: true } ? false : true; content: Json<Has<S, "body">> } }> &
  Part<S, "upload", { body: { required: true; content: { "multipart/form-data": { schema: Has<S, "upload"> } } } }>;

type ResponsesOf<S> = Part<S, "ok", { 200: JsonAnswer<Has<S, "ok">> }> &
  Part<S, "created", { 201: JsonAnswer<Has<S, "created">> }> &
  Part<S, "responses", Has<S, "responses">> &
  Part<S, "errors", { [K in Has<S, "errors"> extends readonly (infer E extends ErrorStatus)[] ? E : never]: JsonAnswer<[string, typeof ErrorSchema]> }>;

/** The route createRoute would have returned for the operation written out in full. */
export type ApiRoute<S extends OperationSpec> = Omit<RouteConfig, "method" | "path" | "request" | "responses" | "middleware"> & {
  method: S["method"];
  path: S["path"];
  middleware?: [MiddlewareHandler<AppEnv>];
  request: RequestOf<S> & {};
  responses: ResponsesOf<S> & {};
  getRoutingPath(): string;
};

const json = (answer: Answer) => ({ description: answer[0], content: { "application/json": { schema: answer[1] } } });

export function apiRoute<const S extends OperationSpec>(spec: S): ApiRoute<S> {
  for (const key of ["security", "middleware", "request"]) {
    if (key in spec) throw new Error(`${spec.operationId}: write auth, params, query, body or upload, not ${key}`);
  }
  const operation: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    if (key === "auth") Object.assign(operation, ACCESS[value as keyof typeof ACCESS]);
    else if (!BUILT.has(key)) operation[key] = value;
  }
  const request: Record<string, unknown> = {};
  if (spec.params) request.params = spec.params;
  if (spec.query) request.query = spec.query;
  if (spec.body) request.body = { required: !spec.bodyOptional, content: { "application/json": { schema: spec.body } } };
  if (spec.upload) request.body = { required: true, content: { "multipart/form-data": { schema: spec.upload } } };
  if (Object.keys(request).length > 0) operation.request = request;
  operation.responses = {
    ...(spec.ok && { 200: json(spec.ok) }),
    ...(spec.created && { 201: json(spec.created) }),
    ...spec.responses,
    ...errorResponses(...(spec.errors ?? [])),
  };
  return createRoute(operation as unknown as RouteConfig) as unknown as ApiRoute<S>;
}
