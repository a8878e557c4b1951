import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
      attributes: { dob: null, gender: null, mobileNumber: null, addresses: [], onboardingIntroductionComplete: false },
    });
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
