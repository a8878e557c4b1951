import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters, TEXT_LIMITS } from "#common/input";
import { MALFORMED_ID_MESSAGE } from "../../server/lib/input-schemas";
import { createTestApi, type TestApi } from "../helpers/api";
import { buildWorld, PDF, type World } from "../helpers/api-world";

/**
 * The API's input boundary (issue 23 scope 1): a NUL or another control character in each kind
 * of field is a 400 with the field's own message, a malformed path id is the usual 404, and the
 * value never reaches the database (every query PGlite runs in this file is watched). The fuzz
 * gate (fuzz.test.ts) sends the same and more to every operation; this file names each kind.
 */
let t: TestApi;
let me: World & { token: string };
/** The parameters of every query the database ran. */
const queryParams: unknown[][] = [];

beforeAll(async () => {
  t = await createTestApi();
  me = await buildWorld(t, "boundary");
  // Watch the database from here on: every statement, in a transaction or not.
  const client = t.client as unknown as {
    query: (sql: string, params?: unknown[], options?: unknown) => Promise<unknown>;
    transaction: (fn: (tx: any) => Promise<unknown>) => Promise<unknown>;
  };
  const query = client.query.bind(client);
  client.query = (sql, params, options) => {
    queryParams.push(params ?? []);
    return query(sql, params, options);
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (sql: string, params?: unknown[], options?: unknown) => {
        queryParams.push(params ?? []);
        return txQuery(sql, params, options);
      };
      return fn(tx);
    });
}, 60_000);
afterAll(() => t.close());

const reachedTheDatabase = (value: string) =>
  queryParams.some((params) => params.some((p) => typeof p === "string" && (p.includes(value) || hasForbiddenCharacters(p))));

/** A 400 whose issues give `field` the field's own message. */
function refusedFor(res: { status: number; body: any }, field: string, message = FORBIDDEN_CHARACTERS_MESSAGE) {
  expect(res.status).toBe(400);
  expect(res.body.issues).toContainEqual({ path: field, message });
  expect(res.body.message).toBe(`Invalid request: ${field}: ${message}`);
}

describe("a control character in a field is refused with the field's own message and never reaches the database", () => {
  it("a name (About You on the account)", async () => {
    refusedFor(await t.json("PATCH", `/users/${me.userId}`, { firstName: "Ann\u0000" }, me.token), "firstName");
    // A tab is no more a name's than a NUL.
    refusedFor(await t.json("PATCH", `/users/${me.userId}`, { lastName: "Smith\tJones" }, me.token), "lastName");
    expect(reachedTheDatabase("Ann\u0000")).toBe(false);
    // The same request without the NUL is saved: the refusal is the character's alone.
    const saved = await t.json("PATCH", `/users/${me.userId}`, { firstName: "Ann" }, me.token);
    expect(saved).toMatchObject({ status: 200, body: { firstName: "Ann" } });
  });

  it("an address line", async () => {
    const address = { buildingNumber: "1", street: "High\u0000Street", town: "Bristol", postcode: "BS1 4DJ", country: "GBR", currentlyAtAddress: true };
    refusedFor(await t.json("POST", `/users/${me.userId}/addresses`, address, me.token), "street");
    refusedFor(await t.json("PUT", "/me/addresses", { addresses: [{ ...address, street: "High Street", town: "Bris\u001btol" }] }, me.token), "addresses.0.town");
    expect(reachedTheDatabase("High\u0000Street")).toBe(false);
  });

  it("an e-mail address and a password (sign-in), a token from an e-mailed link", async () => {
    refusedFor(await t.json("POST", "/auth/login", { email: "boundary\u0000@example.test", password: "Keyfree-demo-1" }), "email");
    refusedFor(await t.json("POST", "/auth/login", { email: "isolation-boundary@example.test", password: "Keyfree\u0000demo-1" }), "password");
    refusedFor(await t.json("POST", "/auth/reset-password-request", { email: "a\u0000@example.test" }), "email");
    refusedFor(await t.json("POST", "/auth/password-link", { kind: "RESET", token: "abc\u0000def" }), "token");
    refusedFor(await t.json("POST", "/tenancy-inventory-responses", { token: "abc\u0085", response: "CONFIRMED" }), "token");
    expect(reachedTheDatabase("boundary\u0000@example.test")).toBe(false);
  });

  it("free text a tenant writes over several lines: line breaks and tabs are theirs, a NUL or an escape is not", async () => {
    const path = `/claims/${me.claimId}/dispute-message`;
    refusedFor(await t.json("PUT", path, { message: "It was\u0000 clean" }, me.token), "message");
    refusedFor(await t.json("PUT", path, { message: "It was \u001b[2J clean" }, me.token), "message");
    const lines = await t.json("PUT", path, { message: "It was clean.\n\n\tThe photos show it." }, me.token);
    expect(lines.body?.issues ?? []).not.toContainEqual(expect.objectContaining({ path: "message" }));
    const reason = { rejectionReason: "OTHER", customRejectionReason: "Too \u0000 dear", token: "x" };
    refusedFor(await t.json("POST", "/keyfree-offers/00000000-0000-4000-8000-000000000000/rejection-reason", reason), "customRejectionReason");
    const counter = { claimItemId: me.claimItemId, amount: 100, explanation: "Clean\u0000", documentIds: [] };
    refusedFor(await t.json("POST", `/claims/${me.claimId}/counter-proposals`, counter, me.token), "explanation");
    expect(reachedTheDatabase("Clean\u0000")).toBe(false);
  });

  it("a file's own name (as the device gave it) keeps the file and loses its line breaks; a raw control character in a part header is malformed (400); a typed fileName is refused", async () => {
    const upload = async (name: string, fileName?: string) => {
      const form = new FormData();
      form.set("file", new Blob([PDF], { type: "application/pdf" }), name);
      form.set("type", "CLAIM_ITEM");
      if (fileName !== undefined) form.set("fileName", fileName);
      const res = await t.api.request("/documents", { method: "POST", body: form, headers: { authorization: `Bearer ${me.token}` } });
      return { status: res.status, body: (await res.json()) as any };
    };
    // A browser escapes a line break in a file's name (%0D%0A): the name arrives with it, and loses it.
    expect(await upload("photo\r\n of the hall.pdf")).toMatchObject({ status: 201, body: { name: "photo of the hall.pdf" } });
    // A NUL or an escape sent raw in a part's header is not a multipart form (RFC 9110 field values): refused, never stored.
    expect(await upload("photo\u0000 of\u001b the hall.pdf")).toMatchObject({ status: 400, body: { message: "Malformed FormData request." } });
    refusedFor(await upload("photo.pdf", "photo\r\n.pdf"), "fileName");
    expect(reachedTheDatabase("photo\u0000")).toBe(false);
  });

  it("a query parameter", async () => {
    refusedFor(await t.json("GET", `/addresses/lookup?postcode=${encodeURIComponent("BS1\u00004DJ")}`, undefined, me.token), "postcode");
    refusedFor(await t.json("GET", "/keyfree-offers/00000000-0000-4000-8000-000000000000?token=%00"), "token");
  });

  it("every request string has its length limit", async () => {
    const long = (n: number) => "x".repeat(n + 1);
    expect((await t.json("PATCH", `/users/${me.userId}`, { firstName: long(TEXT_LIMITS.name) }, me.token)).status).toBe(400);
    expect((await t.json("POST", "/auth/login", { email: "a@example.test", password: long(TEXT_LIMITS.password) })).status).toBe(400);
    const message = await t.json("PUT", `/claims/${me.claimId}/dispute-message`, { message: long(TEXT_LIMITS.disputeMessage) }, me.token);
    refusedFor(message, "message", `Must be ${TEXT_LIMITS.disputeMessage} characters or fewer`);
  });

  it("a malformed id in a body is a 400", async () => {
    const counter = { claimItemId: "item\u0000", amount: 100, explanation: "x", documentIds: [] };
    refusedFor(await t.json("POST", `/claims/${me.claimId}/counter-proposals`, counter, me.token), "claimItemId", MALFORMED_ID_MESSAGE);
    const followUp = { paymentIntentId: me.paymentIntentId, paymentPlanId: "../../etc" };
    refusedFor(await t.json("POST", "/payments/follow-up", followUp, me.token), "paymentPlanId", MALFORMED_ID_MESSAGE);
  });
});

describe("a malformed path id is not found", () => {
  const NOT_FOUND = { status: 404, body: { message: "Not found" } };
  const MALFORMED = ["%00", "a%00b", "%0A", "x".repeat(101), "x".repeat(300), "..%2Fetc", "%E2%80%AE", "%ZZ"];

  it("for every kind of path id, signed in (the issue's 500s: /claims/%00, /payment-plan/%00, /arbitrations/%00)", async () => {
    for (const id of MALFORMED) {
      for (const path of [
        `/claims/${id}`,
        `/payment-plans/${id}`,
        `/arbitrations/${id}`,
        `/references/${id}`,
        `/documents/${id}/content`,
        `/orders/${me.orderId}/customers/${id}`,
        `/payment-plans/${me.paymentPlanId}/instalments/${id}`,
      ]) {
        expect(await t.json("GET", path, undefined, me.token), `GET ${path}`).toMatchObject(NOT_FOUND);
      }
      expect(await t.json("PATCH", `/users/${id}`, { firstName: "Ann" }, me.token)).toMatchObject(NOT_FOUND);
      expect(await t.json("DELETE", `/addresses/${id}`, undefined, me.token)).toMatchObject(NOT_FOUND);
    }
  });

  it("without a token too, where the operation takes none (GET /keyfree-offers/%00?token=x was a 500 to anyone)", async () => {
    expect(await t.json("GET", "/keyfree-offers/%00?token=x")).toMatchObject(NOT_FOUND);
    expect(await t.json("POST", "/keyfree-offers/%00/choice", { choice: "KEYFREE", token: "x" })).toMatchObject(NOT_FOUND);
    // Even when the query is malformed too: the id decides.
    expect(await t.json("GET", "/keyfree-offers/%00?token=%00")).toMatchObject(NOT_FOUND);
    // A bearer operation still asks for a token first.
    expect((await t.json("GET", "/claims/%00")).status).toBe(401);
  });

  it("and no malformed id reached the database", () => {
    expect(queryParams.length).toBeGreaterThan(0);
    expect(queryParams.filter((params) => params.some((p) => typeof p === "string" && hasForbiddenCharacters(p)))).toEqual([]);
  });
});
