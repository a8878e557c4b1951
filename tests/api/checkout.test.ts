import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokens, addresses, customers, documents, orderCustomerActions, tenancyDocuments, tenancyTenants, users } from "../../server/db/schema";
import { claimLimitPence, keyfreeFeePence } from "../../server/domain/fees";
import { simplePdf } from "../../server/checkout/service";
import { completeCheckoutActions, createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { hashToken, newId, newSecretToken } from "../../server/lib/tokens";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let seq = 0;
type Tenant = { userId: string; customerId: string; email: string; token: string };

const quickTenant = (input: Partial<{ email: string; firstName: string; lastName: string }> = {}) => t.quickTenant(input);

/** Signed-in tenants on one new Keyfree order. */
async function keyfree(
  options: { tenants?: number; topUpEnabled?: boolean; completed?: string[][]; termsLink?: string | null; ppm?: number } = {},
) {
  const signedIn: Tenant[] = [];
  for (let i = 0; i < (options.tenants ?? 1); i++) {
    seq += 1;
    signedIn.push(await quickTenant({ email: `co${seq}@example.test`, firstName: `Fi${seq}`, lastName: `La${seq}` }));
  }
  const scenario = await createCheckoutScenario(
    t.db,
    {
      tenants: signedIn.map((s) => ({ email: s.email, firstName: "ignored", lastName: "ignored" })),
      ppm: options.ppm ?? 130_000,
      startDate: "2026-12-01",
      endDate: "2027-11-30",
      isNewTenancy: true,
      topUpEnabled: options.topUpEnabled ?? true,
      termsLink: options.termsLink ?? null,
      completed: options.completed as never,
    },
    t.clock.now(),
  );
  const tenants = signedIn.map((s, i) => ({ ...s, orderCustomerId: scenario.tenants[i]!.orderCustomerId }));
  const path = (i = 0) => `/orders/${scenario.orderId}/customers/${tenants[i]!.customerId}`;
  return { scenario, tenants, path };
}

async function actionOf(orderCustomerId: string, typeId: string) {
  const [row] = await t.db
    .select()
    .from(orderCustomerActions)
    .where(and(eq(orderCustomerActions.orderCustomerId, orderCustomerId), eq(orderCustomerActions.typeId, typeId)));
  return row!;
}

const BEFORE_SIGN = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM"];
const ABOUT_YOU = { firstName: "Priya", lastName: "Shah", dob: "1990-04-21", gender: "FEMALE", mobileNumber: "07700900123" };
const ALL_TICKED = {
  detailsCorrect: true,
  feeNonRefundable: true,
  remainLiable: true,
  respondWithinSevenDays: true,
  jointAndSeveralLiability: true,
  annualFee: true,
};

describe("getOrderCustomerById", () => {
  it("returns the tenant's order customer with its next action, steps, order, tenants and terms", async () => {
    const { scenario, tenants, path } = await keyfree({ tenants: 2, termsLink: "https://keyfree.example/terms", ppm: 130_000 });
    const res = await t.json("GET", path(0), undefined, tenants[0]!.token);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.id).toBe(tenants[0]!.orderCustomerId);
    expect(body.fee).toBe(Math.ceil(keyfreeFeePence(130_000) / 2));
    expect(body.customer).toEqual({ id: tenants[0]!.customerId });
    expect(body.actions.map((a: any) => a.typeId)).toEqual([
      "KEYFREE_ABOUT_YOU",
      "KEYFREE_ADDRESS_HISTORY",
      "KEYFREE_REFERENCING",
      "KEYFREE_CONFIRM",
      "KEYFREE_SIGN",
      "KEYFREE_SIGN_ADDENDUM",
      "KEYFREE_PAY",
    ]);
    expect(body.actions.every((a: any) => a.completedAt === null)).toBe(true);
    expect(body.nextAction).toEqual({
      orderCustomerActionIds: [scenario.tenants[0]!.actionIds.KEYFREE_ABOUT_YOU],
      typeId: "KEYFREE_ABOUT_YOU",
      actionable: true,
    });
    expect(body.checkoutSubRoute).toBe("about-you");
    expect(body.steps.map((s: any) => s.label)).toEqual(["About You", "Eligibility", "Confirm", "Terms", "Addendum", "Pay", "Finish"]);
    expect(body.order).toMatchObject({
      id: scenario.orderId,
      statusId: "PENDING",
      productId: "KEYFREE",
      redirectUrl: null,
      PPM: 130_000,
      startDate: "2026-12-01",
      endDate: "2027-11-30",
      isNewTenancy: true,
      organization: { name: "Harbour Lettings", topUpEnabled: true },
      property: { address: { street: "Orchard Road", postcode: "BS1 4DJ" } },
    });
    expect(body.order.tenants).toHaveLength(2);
    expect(body.order.tenants[1]).toMatchObject({
      id: tenants[1]!.userId,
      email: tenants[1]!.email,
      tenantLiability: 1,
      orderCustomerId: tenants[1]!.orderCustomerId,
    });
    expect(body.terms).toEqual({ termsLink: "https://keyfree.example/terms", maximumPolicyCover: claimLimitPence(130_000) });
    expect(body.paymentPlan).toBeNull();
  });

  it("answers 404 for another tenant's customer id, an order the tenant is not on and a made-up id; 401 without a token", async () => {
    const a = await keyfree();
    const b = await keyfree();
    const tokenA = a.tenants[0]!.token;
    // Another tenant's customer on their own order.
    expect((await t.json("GET", b.path(0), undefined, tokenA)).status).toBe(404);
    // Own customer id on an order the tenant is not on.
    const notOn = await t.json("GET", `/orders/${b.scenario.orderId}/customers/${a.tenants[0]!.customerId}`, undefined, tokenA);
    expect(notOn).toMatchObject({ status: 404, body: { message: "Not found" } });
    // Another tenant's customer id on the tenant's own order.
    expect((await t.json("GET", `/orders/${a.scenario.orderId}/customers/${b.tenants[0]!.customerId}`, undefined, tokenA)).status).toBe(404);
    expect((await t.json("GET", `/orders/nope/customers/${a.tenants[0]!.customerId}`, undefined, tokenA)).status).toBe(404);
    expect((await t.json("GET", a.path(0))).status).toBe(401);
  });
});

describe("aboutYou", () => {
  it("saves the details on the user and completes About You; the next step is the address history", async () => {
    const { tenants, path } = await keyfree();
    const res = await t.json("POST", `${path()}/about-you`, { ...ABOUT_YOU, firstName: "  Priya " }, tenants[0]!.token);
    expect(res.status).toBe(200);
    expect(res.body.nextAction.typeId).toBe("KEYFREE_ADDRESS_HISTORY");
    expect(res.body.checkoutSubRoute).toBe("address-history");
    const [user] = await t.db.select().from(users).where(eq(users.id, tenants[0]!.userId));
    expect(user).toMatchObject({ firstName: "Priya", lastName: "Shah", dob: "1990-04-21", gender: "FEMALE", mobileNumber: "07700900123" });
    const action = await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_ABOUT_YOU");
    expect(action.completedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(res.body.actions[0].completedAt).toBe(t.clock.now().toISOString());
  });

  it.each([
    ["a missing first name", { firstName: undefined }, "firstName", "First name is required"],
    ["a blank last name", { lastName: "  " }, "lastName", "Last name is required"],
    ["a first name over 100 characters", { firstName: "x".repeat(101) }, "firstName", "First name must be 100 characters or fewer"],
    ["a date of birth in the future", { dob: "2030-01-01" }, "dob", "Date cannot be in the future"],
    ["someone under 18", { dob: "2010-01-01" }, "dob", "You must be at least 18 years old"],
    ["a date that does not exist", { dob: "1990-02-30" }, "dob", "Invalid date"],
    ["an unknown gender", { gender: "OTHER" }, "gender", "Gender is required"],
    ["a badly formatted mobile number", { mobileNumber: "07700-900123" }, "mobileNumber", "Incorrectly formatted phone number"],
  ])("refuses %s with 400 and the spec's message, changing nothing", async (_name, change, field, message) => {
    const { tenants, path } = await keyfree();
    const res = await t.json("POST", `${path()}/about-you`, { ...ABOUT_YOU, ...change }, tenants[0]!.token);
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: field, message });
    expect((await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_ABOUT_YOU")).completedAt).toBeNull();
  });

  it("accepts the gender without underscores too (both spellings) and the date-of-birth 18th birthday today", async () => {
    const { tenants, path } = await keyfree();
    const res = await t.json("POST", `${path()}/about-you`, { ...ABOUT_YOU, gender: "UNKNOWN", dob: "2008-11-22" }, tenants[0]!.token);
    expect(res.status).toBe(200);
  });

  it("is safe against a double submit: the second identical request gets 409 and nothing changes twice", async () => {
    const { tenants, path } = await keyfree();
    const [r1, r2] = await Promise.all([
      t.json("POST", `${path()}/about-you`, ABOUT_YOU, tenants[0]!.token),
      t.json("POST", `${path()}/about-you`, ABOUT_YOU, tenants[0]!.token),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect([r1, r2].find((r) => r.status === 409)!.body.message).toBe("You have already completed this step.");
    const first = await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_ABOUT_YOU");
    t.clock.advance(60_000);
    const again = await t.json("POST", `${path()}/about-you`, { ...ABOUT_YOU, firstName: "Changed" }, tenants[0]!.token);
    expect(again).toMatchObject({ status: 409, body: { message: "You have already completed this step." } });
    expect((await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_ABOUT_YOU")).completedAt).toEqual(first.completedAt);
    const [user] = await t.db.select().from(users).where(eq(users.id, tenants[0]!.userId));
    expect(user!.firstName).toBe("Priya");
  });

  it("answers 404 on another tenant's order customer and 401 without a token", async () => {
    const a = await keyfree();
    const b = await keyfree();
    expect((await t.json("POST", `${b.path()}/about-you`, ABOUT_YOU, a.tenants[0]!.token)).status).toBe(404);
    expect((await t.json("POST", `${b.path()}/about-you`, { ...ABOUT_YOU, dob: "2030-01-01" }, a.tenants[0]!.token)).status).toBe(404);
    expect((await t.json("POST", `${a.path()}/about-you`, ABOUT_YOU)).status).toBe(401);
    expect((await actionOf(b.tenants[0]!.orderCustomerId, "KEYFREE_ABOUT_YOU")).completedAt).toBeNull();
  });
});

describe("addressHistory", () => {
  it("refuses with 409 until the tenant has a current address, then completes the step", async () => {
    const { tenants, path } = await keyfree({ completed: [["KEYFREE_ABOUT_YOU"]] });
    const tenant = tenants[0]!;
    const refused = await t.json("POST", `${path()}/address-history`, undefined, tenant.token);
    expect(refused).toMatchObject({ status: 409, body: { message: "Add your current address to continue." } });
    expect((await actionOf(tenant.orderCustomerId, "KEYFREE_ADDRESS_HISTORY")).completedAt).toBeNull();
    await t.db.insert(addresses).values({
      id: `addr-${tenant.userId}`,
      userId: tenant.userId,
      buildingNumber: "3",
      street: "Mill Lane",
      postcode: "BS2 0AA",
      currentlyAtAddress: true,
    });
    const res = await t.json("POST", `${path()}/address-history`, undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body.checkoutSubRoute).toBe("referencing");
    const action = await actionOf(tenant.orderCustomerId, "KEYFREE_ADDRESS_HISTORY");
    expect(action.completedAt).not.toBeNull();
    expect(action.details).toMatchObject({ currentAddressId: `addr-${tenant.userId}` });
    expect((await t.json("POST", `${path()}/address-history`, undefined, tenant.token)).status).toBe(409);
  });

  it("refuses with 409 when an earlier step is still open, 404 for another tenant, 401 without a token", async () => {
    const { tenants, path } = await keyfree();
    const res = await t.json("POST", `${path()}/address-history`, undefined, tenants[0]!.token);
    expect(res).toMatchObject({ status: 409, body: { message: "Complete the earlier steps of your checkout first." } });
    const other = await keyfree();
    expect((await t.json("POST", `${other.path()}/address-history`, undefined, tenants[0]!.token)).status).toBe(404);
    expect((await t.json("POST", `${path()}/address-history`)).status).toBe(401);
  });
});

describe("confirm", () => {
  const upToConfirm = [["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING"]];

  it("completes Confirm when every acknowledgement is ticked and records them", async () => {
    const { tenants, path } = await keyfree({ completed: upToConfirm });
    const res = await t.json("POST", `${path()}/confirm`, ALL_TICKED, tenants[0]!.token);
    expect(res.status).toBe(200);
    expect(res.body.checkoutSubRoute).toBe("sign");
    const action = await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_CONFIRM");
    expect(action.completedAt).not.toBeNull();
    expect(action.details).toMatchObject({ topUpEnabled: true });
    expect((action.details as any).acknowledgements).toContain("annualFee");
  });

  it("requires the annual-fee acknowledgement only when the organisation has top-ups enabled", async () => {
    const withTopUp = await keyfree({ completed: upToConfirm, topUpEnabled: true });
    const { annualFee: _skip, ...withoutAnnualFee } = ALL_TICKED;
    const refused = await t.json("POST", `${withTopUp.path()}/confirm`, withoutAnnualFee, withTopUp.tenants[0]!.token);
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: "annualFee", message: "Confirm you understand the annual fee" }]);
    expect((await actionOf(withTopUp.tenants[0]!.orderCustomerId, "KEYFREE_CONFIRM")).completedAt).toBeNull();

    const noTopUp = await keyfree({ completed: upToConfirm, topUpEnabled: false });
    const ok = await t.json("POST", `${noTopUp.path()}/confirm`, withoutAnnualFee, noTopUp.tenants[0]!.token);
    expect(ok.status).toBe(200);
  });

  it("refuses an unticked box or a wrong type with 400, a second submit with 409, another tenant with 404, no token with 401", async () => {
    const { tenants, path } = await keyfree({ completed: upToConfirm });
    const unticked = await t.json("POST", `${path()}/confirm`, { ...ALL_TICKED, remainLiable: false }, tenants[0]!.token);
    expect(unticked.status).toBe(400);
    expect(unticked.body.issues).toEqual([{ path: "remainLiable", message: "Confirm you understand you stay liable for damage and end-of-tenancy charges" }]);
    expect((await t.json("POST", `${path()}/confirm`, { ...ALL_TICKED, detailsCorrect: "yes" }, tenants[0]!.token)).status).toBe(400);
    expect((await t.json("POST", `${path()}/confirm`, ALL_TICKED, tenants[0]!.token)).status).toBe(200);
    expect((await t.json("POST", `${path()}/confirm`, ALL_TICKED, tenants[0]!.token)).status).toBe(409);
    const other = await keyfree({ completed: upToConfirm });
    expect((await t.json("POST", `${other.path()}/confirm`, ALL_TICKED, tenants[0]!.token)).status).toBe(404);
    expect((await t.json("POST", `${path()}/confirm`, ALL_TICKED)).status).toBe(401);
  });
});

describe("sign", () => {
  it("waits for other tenants: 409 'Waiting for other tenants...' until every co-tenant has confirmed", async () => {
    const { tenants, path } = await keyfree({ tenants: 2, completed: [BEFORE_SIGN, ["KEYFREE_ABOUT_YOU"]] });
    const view = await t.json("GET", path(0), undefined, tenants[0]!.token);
    expect(view.body.nextAction).toMatchObject({ typeId: "KEYFREE_SIGN", actionable: false });
    const refused = await t.json("POST", `${path(0)}/sign`, { acceptTerms: true }, tenants[0]!.token);
    expect(refused).toMatchObject({ status: 409, body: { message: "Waiting for other tenants..." } });
    expect(await t.db.select().from(tenancyDocuments).where(eq(tenancyDocuments.tenancyId, view.body.order.id))).toHaveLength(0);

    await completeCheckoutActions(t.db, tenants[1]!.orderCustomerId, BEFORE_SIGN as never, t.clock.now());
    const ok = await t.json("POST", `${path(0)}/sign`, { acceptTerms: true }, tenants[0]!.token);
    expect(ok.status).toBe(200);
    expect(ok.body.nextAction.typeId).toBe("KEYFREE_SIGN_ADDENDUM");
  });

  it("creates the e-signed terms as a tenancy document (a real PDF with the tenant's name) and keeps the IP address", async () => {
    const { scenario, tenants, path } = await keyfree({ completed: [BEFORE_SIGN] });
    const tenant = tenants[0]!;
    const res = await t.json("POST", `${path()}/sign`, { acceptTerms: true }, tenant.token, { "x-forwarded-for": "203.0.113.7, 10.0.0.1" });
    expect(res.status).toBe(200);
    const action = await actionOf(tenant.orderCustomerId, "KEYFREE_SIGN");
    expect(action.completedAt).not.toBeNull();
    const details = action.details as Record<string, string>;
    expect(details.ipAddress).toBe("203.0.113.7");
    const name = `Fi${seq} La${seq}`;
    expect(details.signedName).toBe(name);
    const docs = await t.db
      .select({ link: tenancyDocuments, document: documents })
      .from(tenancyDocuments)
      .innerJoin(documents, eq(documents.id, tenancyDocuments.documentId))
      .where(eq(tenancyDocuments.tenancyId, scenario.tenancyId));
    expect(docs).toHaveLength(1);
    expect(docs[0]!.link.typeId).toBe("SIGNED_TENANT_TERMS_AND_CONDITIONS");
    expect(docs[0]!.document).toMatchObject({ id: details.documentId, contentType: "application/pdf", uploadedByUserId: tenant.userId });
    expect(docs[0]!.document.name).toBe(`Signed terms and conditions - ${name}.pdf`);
    const bytes = t.files.bytes(docs[0]!.document.storageKey);
    const text = Buffer.from(bytes!).toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain(`Electronically signed by ${name}`);
    expect(text).toContain("IP address 203.0.113.7");
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    // The tenant can download it.
    const download = await t.api.request(`/documents/${details.documentId}/content`, { headers: { authorization: `Bearer ${tenant.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
  });

  it("records no IP address when none is known, rather than a made-up one", async () => {
    const { tenants, path } = await keyfree({ completed: [BEFORE_SIGN] });
    const res = await t.json("POST", `${path()}/sign`, { acceptTerms: true }, tenants[0]!.token, { "x-forwarded-for": "not-an-ip" });
    expect(res.status).toBe(200);
    expect((await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_SIGN")).details).toMatchObject({ ipAddress: null });
  });

  it("is safe against a double submit: one signature, one document, the other request 409", async () => {
    const { scenario, tenants, path } = await keyfree({ completed: [BEFORE_SIGN] });
    const results = await Promise.all([
      t.json("POST", `${path()}/sign`, { acceptTerms: true }, tenants[0]!.token),
      t.json("POST", `${path()}/sign`, { acceptTerms: true }, tenants[0]!.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(tenancyDocuments).where(eq(tenancyDocuments.tenancyId, scenario.tenancyId))).toHaveLength(1);
  });

  it("refuses unaccepted terms with 400, another tenant with 404 and no token with 401", async () => {
    const { tenants, path } = await keyfree({ completed: [BEFORE_SIGN] });
    const refused = await t.json("POST", `${path()}/sign`, { acceptTerms: false }, tenants[0]!.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("You must accept the terms to continue");
    expect((await t.json("POST", `${path()}/sign`, {}, tenants[0]!.token)).status).toBe(400);
    const other = await keyfree({ completed: [BEFORE_SIGN] });
    expect((await t.json("POST", `${other.path()}/sign`, { acceptTerms: true }, tenants[0]!.token)).status).toBe(404);
    expect((await t.json("POST", `${path()}/sign`, { acceptTerms: true })).status).toBe(401);
    expect((await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_SIGN")).completedAt).toBeNull();
  });
});

describe("signAddendumForTenant", () => {
  const upToAddendum = [[...BEFORE_SIGN, "KEYFREE_SIGN"]];

  it("creates the e-signed addendum as a SIGNED_ADDENDUM tenancy document; the next step is Pay", async () => {
    const { scenario, tenants, path } = await keyfree({ completed: upToAddendum });
    const res = await t.json("POST", `${path()}/sign-addendum`, { agree: true }, tenants[0]!.token, { "x-forwarded-for": "2001:db8::1" });
    expect(res.status).toBe(200);
    expect(res.body.checkoutSubRoute).toBe("pay");
    const action = await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_SIGN_ADDENDUM");
    expect(action.details).toMatchObject({ ipAddress: "2001:db8::1" });
    const links = await t.db.select().from(tenancyDocuments).where(eq(tenancyDocuments.tenancyId, scenario.tenancyId));
    expect(links.map((l) => l.typeId)).toEqual(["SIGNED_ADDENDUM"]);
    expect((await t.json("POST", `${path()}/sign-addendum`, { agree: true }, tenants[0]!.token)).status).toBe(409);
  });

  it("refuses before the terms are signed (409), an unticked box (400), another tenant (404) and no token (401)", async () => {
    const { tenants, path } = await keyfree({ completed: [BEFORE_SIGN] });
    const early = await t.json("POST", `${path()}/sign-addendum`, { agree: true }, tenants[0]!.token);
    expect(early).toMatchObject({ status: 409, body: { message: "Complete the earlier steps of your checkout first." } });
    expect((await t.json("POST", `${path()}/sign-addendum`, { agree: false }, tenants[0]!.token)).status).toBe(400);
    const other = await keyfree({ completed: upToAddendum });
    expect((await t.json("POST", `${other.path()}/sign-addendum`, { agree: true }, tenants[0]!.token)).status).toBe(404);
    expect((await t.json("POST", `${path()}/sign-addendum`, { agree: true })).status).toBe(401);
  });
});

describe("getTenancyUserById", () => {
  it("returns the tenant on the order's tenancy with their guarantor", async () => {
    const { scenario, tenants, path } = await keyfree();
    const tenant = tenants[0]!;
    const before = await t.json("GET", `${path()}/tenancy-user`, undefined, tenant.token);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ tenancyId: scenario.tenancyId, userId: tenant.userId, email: tenant.email, guarantor: null });
    await t.db
      .update(tenancyTenants)
      .set({ guarantorFirstName: "Grace", guarantorLastName: "Hopper" })
      .where(and(eq(tenancyTenants.tenancyId, scenario.tenancyId), eq(tenancyTenants.userId, tenant.userId)));
    const after = await t.json("GET", `${path()}/tenancy-user`, undefined, tenant.token);
    expect(after.body.guarantor).toEqual({ firstName: "Grace", lastName: "Hopper" });
  });

  it("answers 404 for another tenant's order customer and 401 without a token", async () => {
    const a = await keyfree();
    const b = await keyfree();
    expect((await t.json("GET", `${b.path()}/tenancy-user`, undefined, a.tenants[0]!.token)).status).toBe(404);
    expect((await t.json("GET", `${a.path()}/tenancy-user`)).status).toBe(401);
  });
});

describe("the signed PDF", () => {
  it("is a valid PDF: every cross-reference offset points at its object", () => {
    const bytes = simplePdf("Title (with brackets)", ["Signed by Zoë O'Brien \\ £150 ✓", "x".repeat(300)]);
    const text = Buffer.from(bytes).toString("latin1");
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const streamStart = text.indexOf("stream\n") + "stream\n".length;
    expect(text.slice(streamStart + length, streamStart + length + "\nendstream".length)).toBe("\nendstream");
    expect(text).toContain("(Title \\(with brackets\\)) Tj");
    expect(text).toContain("Zo\xeb O'Brien \\\\ \xa3150 ?");
  });
});

describe("completeCheckoutActions (scenario)", () => {
  it("completes only the given open actions and leaves completed ones as they were", async () => {
    const { tenants } = await keyfree({ completed: [["KEYFREE_ABOUT_YOU"]] });
    const before = await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_ABOUT_YOU");
    t.clock.advance(1000);
    const ids = await completeCheckoutActions(t.db, tenants[0]!.orderCustomerId, ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"], t.clock.now());
    expect(ids).toHaveLength(1);
    expect((await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_ABOUT_YOU")).completedAt).toEqual(before.completedAt);
    expect((await actionOf(tenants[0]!.orderCustomerId, "KEYFREE_ADDRESS_HISTORY")).completedAt).toEqual(t.clock.now());
    await expect(completeCheckoutActions(t.db, "no-such-oc", ["KEYFREE_CONFIRM"], t.clock.now())).rejects.toThrow("No order customer");
    await expect(completeCheckoutActions(t.db, tenants[0]!.orderCustomerId, ["NOT_A_TYPE" as never], t.clock.now())).rejects.toThrow();
  });
});

describe("createCheckoutScenario", () => {
  it("creates the tenants, tenancy and order with every checkout action, splitting the fee by liability", async () => {
    const now = t.clock.now();
    const s = await createCheckoutScenario(
      t.db,
      {
        tenants: [
          { email: "lead.scn@example.test", firstName: "Lead", lastName: "Tenant", tenantLiability: 2 },
          { email: "second.scn@example.test", firstName: "Second", lastName: "Tenant", tenantLiability: 0 },
        ],
        ppm: 200_000,
        startDate: "2026-12-01",
        endDate: null,
        isNewTenancy: false,
        topUpEnabled: false,
        orderStatus: "COMPLETE",
      },
      now,
    );
    expect(s.tenants).toHaveLength(2);
    const actions = await t.db.select().from(orderCustomerActions).where(eq(orderCustomerActions.orderCustomerId, s.tenants[0]!.orderCustomerId));
    expect(actions).toHaveLength(7);
    expect(actions.every((a) => a.completedAt?.getTime() === now.getTime())).toBe(true);
    expect(Object.keys(s.tenants[0]!.actionIds)).toContain("KEYFREE_PAY");
    await expect(
      createCheckoutScenario(
        t.db,
        { tenants: [{ email: "x.scn@example.test", firstName: "X", lastName: "Y" }], ppm: 100, startDate: "2026-12-01", endDate: "2026-01-01", isNewTenancy: true, topUpEnabled: true },
        now,
      ),
    ).rejects.toThrow("endDate is before startDate");
  });
});
