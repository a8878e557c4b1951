import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readApiConfig } from "../../server/config";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("me and getCustomer", () => {
  it("me returns the signed-in user with the spec's attributes", async () => {
    const tenant = await t.signedInTenant({ firstName: "Priya", lastName: "Shah", email: "priya@example.test" });
    const res = await t.json("GET", "/me", undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: tenant.userId,
      email: "priya@example.test",
      firstName: "Priya",
      lastName: "Shah",
      userTypeId: "TENANT",
      intercomUserHash: null,
      attributes: { dob: null, gender: null, mobileNumber: null, addresses: [], onboardingIntroductionComplete: false },
    });
  });

  it("with the chat's secret, intercomUserHash is the HMAC-SHA256 of the user's id, made by the API (issue 26)", async () => {
    const secret = "intercom-identity-secret-for-tests";
    const chat = await createTestApi({ intercomIdentitySecret: secret });
    try {
      const [a, b] = [await chat.signedInTenant(), await chat.signedInTenant()];
      const hashOf = async (tenant: { token: string }) => (await chat.json("GET", "/me", undefined, tenant.token)).body.intercomUserHash;
      // Intercom's documented recipe, computed here independently of the API's code.
      const expected = (userId: string) => createHmac("sha256", secret).update(userId).digest("hex");
      expect(await hashOf(a)).toBe(expected(a.userId));
      expect(await hashOf(b)).toBe(expected(b.userId));
      expect(await hashOf(a)).not.toBe(await hashOf(b));
      // Every answer that is a User carries it.
      const updated = await chat.json("PATCH", `/users/${a.userId}`, { firstName: "Ana" }, a.token);
      expect([updated.status, updated.body.intercomUserHash]).toEqual([200, expected(a.userId)]);
    } finally {
      await chat.close();
    }
  });

  it("INTERCOM_IDENTITY_SECRET shorter than 16 characters is refused at start", () => {
    expect(() => readApiConfig({ NODE_ENV: "test", INTERCOM_IDENTITY_SECRET: "short" })).toThrow(/INTERCOM_IDENTITY_SECRET must be at least 16 characters/);
    expect(readApiConfig({ NODE_ENV: "test", INTERCOM_IDENTITY_SECRET: "x".repeat(16) }).intercomIdentitySecret).toBe("x".repeat(16));
  });

  it("getCustomer returns the signed-in user's own customer and its payment-method flags", async () => {
    const a = await t.signedInTenant({ requiresNewPaymentMethod: true });
    const b = await t.signedInTenant();
    const resA = await t.json("GET", "/customer", undefined, a.token);
    const resB = await t.json("GET", "/customer", undefined, b.token);
    expect(resA.body).toEqual({
      id: a.customerId,
      userId: a.userId,
      hasDuplicatePaymentMethod: false,
      requiresNewPaymentMethod: true,
    });
    expect(resB.body.id).toBe(b.customerId);
  });

  it("the tenancy order list is the tenant's own (empty for a new tenant) and refuses an unknown product", async () => {
    const tenant = await t.signedInTenant();
    const res = await t.json("GET", "/tenancy-orders?productId=KEYFREE", undefined, tenant.token);
    expect(res).toMatchObject({ status: 200, body: { tenancyOrders: [] } });
    const bad = await t.json("GET", "/tenancy-orders?productId=SOMETHING", undefined, tenant.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("productId");
    expect((await t.json("GET", "/tenancy-orders?productId=KEYFREE")).status).toBe(401);
  });

  it("an unknown path answers 404 with a message", async () => {
    const res = await t.json("GET", "/no-such-thing");
    expect(res).toMatchObject({ status: 404, body: { message: "Not found" } });
  });
});

describe("the OpenAPI document", () => {
  it("is served at /openapi.json and names every operation with the spec's operation names", async () => {
    const res = await t.json("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const ids = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((op) => op.operationId),
    );
    expect(ids).toEqual(expect.arrayContaining(["login", "logout", "me", "getCustomer", "getTenancyOrdersByProductId"]));
  });
});
