/**
 * The route builder (server/lib/api-route.ts, decision 0056): an operation declared with
 * apiRoute is the one createRoute would give for it written out in full, in the same key
 * order (the contract lists an operation's fields in that order), and Hono's handler typing
 * still holds (checked by the type checker through the @ts-expect-error lines).
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../server/context";
import { apiRoute } from "../../server/lib/api-route";
import { optionalTenant, requireTenant } from "../../server/lib/auth";
import { errorResponses } from "../../server/lib/errors";

const Params = z.object({ thingId: z.string() });
const Body = z.object({ name: z.string() });
const Thing = z.object({ id: z.string() });

const built = apiRoute({
  method: "put", path: "/things/{thingId}", operationId: "answerThing", tags: ["things"],
  summary: "Answer a thing",
  auth: "tenant", params: Params, body: Body,
  ok: ["The thing", Thing], errors: [400, 401, 404],
});

const writtenOut = createRoute({
  method: "put",
  path: "/things/{thingId}",
  operationId: "answerThing",
  tags: ["things"],
  summary: "Answer a thing",
  security: [{ bearer: [] }],
  middleware: [requireTenant] as const,
  request: { params: Params, body: { required: true, content: { "application/json": { schema: Body } } } },
  responses: {
    200: { description: "The thing", content: { "application/json": { schema: Thing } } },
    ...errorResponses(400, 401, 404),
  },
});

/** The contract of one app holding only this route. */
function documentOf(route: Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]) {
  const app = new OpenAPIHono<AppEnv>().openapi(route, (c) => c.body(null, 204));
  return JSON.stringify(app.getOpenAPIDocument({ openapi: "3.0.0", info: { title: "t", version: "1" } }), null, 2);
}

describe("apiRoute", () => {
  it("builds the route createRoute would, written out in full", () => {
    expect(built).toEqual(writtenOut);
    expect(built.getRoutingPath()).toBe("/things/:thingId");
    expect(documentOf(built)).toBe(documentOf(writtenOut));
  });

  it("keeps the order the keys are written in, auth standing for security", () => {
    const first = apiRoute({ auth: "tenant", tags: ["t"], method: "get", path: "/a", operationId: "a", summary: "A", ok: ["A", Thing] });
    expect(Object.keys(first).filter((k) => !["method", "path", "middleware"].includes(k))).toEqual([
      "security", "tags", "operationId", "summary", "responses",
    ]);
  });

  it("writes the signed-in-or-not security with its middleware, and none for a public operation", () => {
    const either = apiRoute({ method: "post", path: "/b", operationId: "b", summary: "B", auth: "optional", created: ["Sent", Thing] });
    expect(either.security).toEqual([{ bearer: [] }, {}]);
    expect(either.middleware).toEqual([optionalTenant]);
    expect(Object.keys(either.responses)).toEqual(["201"]);
    const open = apiRoute({ method: "get", path: "/c", operationId: "c", summary: "C", query: Params, ok: ["C", Thing], errors: [400] });
    expect(open).not.toHaveProperty("security");
    expect(open).not.toHaveProperty("middleware");
    expect(open.request).toEqual({ query: Params });
  });

  it("writes an optional body and an upload as the contract has them", () => {
    const optional = apiRoute({ method: "post", path: "/d", operationId: "d", summary: "D", body: Body, bodyOptional: true, ok: ["D", Thing] });
    expect(optional.request.body).toEqual({ required: false, content: { "application/json": { schema: Body } } });
    const upload = apiRoute({ method: "post", path: "/e", operationId: "e", summary: "E", upload: Body, responses: { 204: { description: "Done" } } });
    expect(upload.request.body).toEqual({ required: true, content: { "multipart/form-data": { schema: Body } } });
    expect(upload.responses).toEqual({ 204: { description: "Done" } });
  });

  it("refuses security or middleware written by hand, which would leave the operation unguarded", () => {
    const handWritten = { security: [{ bearer: [] }] } as unknown as Record<string, never>;
    expect(() => apiRoute({ ...handWritten, method: "get", path: "/f", operationId: "f", summary: "F", ok: ["F", Thing] })).toThrow(
      "f: write auth, params, query, body or upload, not security",
    );
  });

  it("keeps Hono's typing of the input and of each answer", () => {
    new OpenAPIHono<AppEnv>().openapi(built, async (c) => {
      const name: string = c.req.valid("json").name;
      const thingId: string = c.req.valid("param").thingId;
      // @ts-expect-error the body's name is a string
      const wrong: number = c.req.valid("json").name;
      void [name, thingId, wrong];
      return c.json({ id: thingId }, 200);
    });
    // @ts-expect-error 201 is not one of this operation's answers
    new OpenAPIHono<AppEnv>().openapi(built, async (c) => c.json({ id: "a" }, 201));
    // @ts-expect-error the 200 answer's id is a string
    new OpenAPIHono<AppEnv>().openapi(built, async (c) => c.json({ id: 5 }, 200));
  });
});
