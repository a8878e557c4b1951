import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessTokens,
  customers,
  documents,
  orderCustomerActions,
  referenceChecks,
  referenceDocuments,
  references,
  users,
} from "../../server/db/schema";
import { createCheckoutScenario, setReferenceOutcome } from "../../stand-ins/scenarios/checkout";
import { hashToken, newId, newSecretToken } from "../../server/lib/tokens";
import { UPLOAD_MAX_BYTES } from "#common/uploads";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = { userId: string; customerId: string; email: string; token: string };
let seq = 0;

const quickTenant = (input: Partial<{ email: string; firstName: string; lastName: string }> = {}) => t.quickTenant(input);

/** A tenant on a Keyfree whose next step is referencing (unless `completed` says otherwise). */
async function atReferencing(completed = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"]) {
  const tenant = await quickTenant();
  const s = await createCheckoutScenario(
    t.db,
    {
      tenants: [{ email: tenant.email, firstName: "-", lastName: "-" }],
      ppm: 100_000,
      startDate: "2026-12-01",
      endDate: "2027-11-30",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [completed as never],
    },
    t.clock.now(),
  );
  const orderCustomerId = s.tenants[0]!.orderCustomerId;
  return { tenant, s, orderCustomerId, path: `/orders/${s.orderId}/customers/${tenant.customerId}/reference` };
}

/** A reference in INFO_REQUIRED, ready for uploads. */
async function infoRequired() {
  const ctx = await atReferencing();
  const outcome = await setReferenceOutcome(t.db, { orderCustomerId: ctx.orderCustomerId, status: "INFO_REQUIRED" }, t.clock.now());
  return { ...ctx, referenceId: outcome.referenceId };
}

const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n%test\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1"));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function upload(referenceId: string, token: string | undefined, fields: { type?: string; name?: string; bytes?: Uint8Array; files?: number }) {
  const form = new FormData();
  for (let i = 0; i < (fields.files ?? 1); i++) {
    form.append("file", new Blob([(fields.bytes ?? PDF) as Uint8Array<ArrayBuffer>]), fields.name ?? "passport.pdf");
  }
  if (fields.name !== undefined) form.append("fileName", fields.name);
  if (fields.type !== undefined) form.append("type", fields.type);
  const res = await t.api.request(`/references/${referenceId}/documents`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe("reference (create)", () => {
  it("creates a pending reference for the order customer and keeps its id on the referencing action; a second call returns the same id", async () => {
    const { tenant, orderCustomerId, path } = await atReferencing();
    const res = await t.json("POST", path, undefined, tenant.token);
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(references).where(eq(references.id, res.body.id));
    expect(row).toMatchObject({ orderCustomerId, userId: tenant.userId, status: "PEND" });
    const [action] = await t.db
      .select()
      .from(orderCustomerActions)
      .where(and(eq(orderCustomerActions.orderCustomerId, orderCustomerId), eq(orderCustomerActions.typeId, "KEYFREE_REFERENCING")));
    expect(action!.details).toMatchObject({ referenceId: res.body.id });
    expect(action!.completedAt).toBeNull();

    const again = await t.json("POST", path, undefined, tenant.token);
    expect(again).toMatchObject({ status: 200, body: { id: res.body.id } });
    expect(await t.db.select().from(references).where(eq(references.orderCustomerId, orderCustomerId))).toHaveLength(1);
  });

  it("creates only one reference on a double submit", async () => {
    const { tenant, orderCustomerId, path } = await atReferencing();
    const [r1, r2] = await Promise.all([t.json("POST", path, undefined, tenant.token), t.json("POST", path, undefined, tenant.token)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 201]);
    expect(r1.body.id).toBe(r2.body.id);
    expect(await t.db.select().from(references).where(eq(references.orderCustomerId, orderCustomerId))).toHaveLength(1);
  });

  it("refuses with 409 when referencing is not the next step, 404 for another tenant, 401 without a token", async () => {
    const early = await atReferencing(["KEYFREE_ABOUT_YOU"]);
    const res = await t.json("POST", early.path, undefined, early.tenant.token);
    expect(res).toMatchObject({ status: 409, body: { message: "Complete the earlier steps of your checkout first." } });
    expect(await t.db.select().from(references).where(eq(references.orderCustomerId, early.orderCustomerId))).toHaveLength(0);
    const other = await atReferencing();
    expect((await t.json("POST", other.path, undefined, early.tenant.token)).status).toBe(404);
    expect((await t.json("POST", other.path)).status).toBe(401);
  });
});

describe("findReferenceById and getChecks", () => {
  it("returns the tenant's reference with its status, documents and checks", async () => {
    const { tenant, s, referenceId, orderCustomerId } = await infoRequired();
    const res = await t.json("GET", `/references/${referenceId}`, undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: referenceId,
      status: "INFO_REQUIRED",
      orderCustomerId,
      orderId: s.orderId,
      customerId: tenant.customerId,
      isPending: false,
      missingDocuments: ["PROOF_OF_IDENTITY", "PROOF_OF_ADDRESS"],
      canSendForReview: false,
      documents: [],
    });
    expect(res.body.checks).toEqual([
      { id: expect.any(String), type: "IDENTITY", status: "INFO_REQUIRED", createdAt: t.clock.now().toISOString() },
    ]);
    const checks = await t.json("GET", `/references/${referenceId}/checks`, undefined, tenant.token);
    expect(checks).toMatchObject({ status: 200, body: { checks: res.body.checks } });
  });

  it("says a PEND reference is pending (poll again)", async () => {
    const { tenant, path } = await atReferencing();
    const { body } = await t.json("POST", path, undefined, tenant.token);
    const res = await t.json("GET", `/references/${body.id}`, undefined, tenant.token);
    expect(res.body).toMatchObject({ status: "PEND", isPending: true, checks: [] });
  });

  it("answers 404 for another tenant's reference or a made-up id and 401 without a token", async () => {
    const mine = await infoRequired();
    const other = await quickTenant();
    expect((await t.json("GET", `/references/${mine.referenceId}`, undefined, other.token)).status).toBe(404);
    expect((await t.json("GET", `/references/${mine.referenceId}/checks`, undefined, other.token)).status).toBe(404);
    expect((await t.json("GET", "/references/nope", undefined, mine.tenant.token)).status).toBe(404);
    expect((await t.json("GET", `/references/${mine.referenceId}`)).status).toBe(401);
    expect((await t.json("GET", `/references/${mine.referenceId}/checks`)).status).toBe(401);
  });
});

describe("addReferenceDocument", () => {
  it("stores one proof while the reference needs information and lists it on the reference", async () => {
    const { tenant, referenceId } = await infoRequired();
    const res = await upload(referenceId, tenant.token, { type: "PROOFOFIDENTITY", name: "passport.pdf" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "PROOF_OF_IDENTITY", document: { name: "passport.pdf", url: `/documents/${res.body.document.id}` } });
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, res.body.document.id));
    expect(doc).toMatchObject({ typeId: "PROOF_OF_IDENTITY", contentType: "application/pdf", uploadedByUserId: tenant.userId, size: PDF.length });
    expect(t.files.bytes(doc!.storageKey)).toEqual(PDF);
    const view = await t.json("GET", `/references/${referenceId}`, undefined, tenant.token);
    expect(view.body.documents).toEqual([res.body]);
    expect(view.body.missingDocuments).toEqual(["PROOF_OF_ADDRESS"]);
  });

  it("refuses an upload unless the reference is INFO_REQUIRED (409)", async () => {
    const { tenant, path } = await atReferencing();
    const { body } = await t.json("POST", path, undefined, tenant.token);
    const res = await upload(body.id, tenant.token, { type: "PROOF_OF_ADDRESS" });
    expect(res).toMatchObject({ status: 409, body: { message: "This reference is not waiting for documents." } });
    expect(await t.db.select().from(referenceDocuments).where(eq(referenceDocuments.referenceId, body.id))).toHaveLength(0);
  });

  it("refuses a bad type, two files at once, no file (400), a wrong file type (415) and a file over 30 MB (413)", async () => {
    const { tenant, referenceId } = await infoRequired();
    expect((await upload(referenceId, tenant.token, { type: "PASSPORT" })).status).toBe(400);
    expect((await upload(referenceId, tenant.token, {})).status).toBe(400);
    const two = await upload(referenceId, tenant.token, { type: "PROOF_OF_ADDRESS", files: 2 });
    expect(two).toMatchObject({ status: 400, body: { message: "Invalid request: file: Upload one file at a time" } });
    const form = new FormData();
    form.append("type", "PROOF_OF_ADDRESS");
    const none = await t.api.request(`/references/${referenceId}/documents`, { method: "POST", body: form, headers: { authorization: `Bearer ${tenant.token}` } });
    expect(none.status).toBe(400);
    const wrong = await upload(referenceId, tenant.token, { type: "PROOF_OF_ADDRESS", name: "bill.pdf", bytes: PNG });
    expect(wrong).toMatchObject({ status: 415, body: { message: "bill.pdf is an invalid type, please convert to a PDF" } });
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(PDF);
    const tooBig = await upload(referenceId, tenant.token, { type: "PROOF_OF_ADDRESS", name: "big.pdf", bytes: big });
    expect(tooBig).toMatchObject({ status: 413, body: { message: "big.pdf is too large (max 30MB), please compress this file and re-upload" } });
    expect(await t.db.select().from(referenceDocuments).where(eq(referenceDocuments.referenceId, referenceId))).toHaveLength(0);
  });

  it("answers 404 for another tenant's reference and 401 without a token", async () => {
    const mine = await infoRequired();
    const other = await quickTenant();
    expect((await upload(mine.referenceId, other.token, { type: "PROOF_OF_ADDRESS" })).status).toBe(404);
    expect((await upload(mine.referenceId, undefined, { type: "PROOF_OF_ADDRESS" })).status).toBe(401);
  });
});

describe("deleteReferenceDocument", () => {
  it("removes an uploaded proof and its file", async () => {
    const { tenant, referenceId } = await infoRequired();
    const added = await upload(referenceId, tenant.token, { type: "PROOF_OF_ADDRESS", name: "bill.pdf" });
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, added.body.document.id));
    const res = await t.json("DELETE", `/references/${referenceId}/documents/${added.body.id}`, undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body.documents).toEqual([]);
    expect(await t.db.select().from(referenceDocuments).where(eq(referenceDocuments.id, added.body.id))).toHaveLength(0);
    expect(await t.db.select().from(documents).where(eq(documents.id, doc!.id))).toHaveLength(0);
    expect(t.files.bytes(doc!.storageKey)).toBeNull();
    expect((await t.json("DELETE", `/references/${referenceId}/documents/${added.body.id}`, undefined, tenant.token)).status).toBe(404);
  });

  it("refuses once the reference is in review (409), another tenant's (404) and no token (401)", async () => {
    const { tenant, referenceId } = await infoRequired();
    const id = await upload(referenceId, tenant.token, { type: "PROOF_OF_IDENTITY" });
    await upload(referenceId, tenant.token, { type: "PROOF_OF_ADDRESS" });
    const other = await quickTenant();
    expect((await t.json("DELETE", `/references/${referenceId}/documents/${id.body.id}`, undefined, other.token)).status).toBe(404);
    expect((await t.json("DELETE", `/references/${referenceId}/documents/${id.body.id}`)).status).toBe(401);
    expect((await t.json("POST", `/references/${referenceId}/ready-for-review`, undefined, tenant.token)).status).toBe(200);
    const refused = await t.json("DELETE", `/references/${referenceId}/documents/${id.body.id}`, undefined, tenant.token);
    expect(refused).toMatchObject({ status: 409, body: { message: "This reference is not waiting for documents." } });
    expect(await t.db.select().from(referenceDocuments).where(eq(referenceDocuments.referenceId, referenceId))).toHaveLength(2);
  });
});

describe("readyForReview", () => {
  it("refuses until both proofs are present, then moves INFO_REQUIRED to IN_REVIEW once", async () => {
    const { tenant, referenceId } = await infoRequired();
    const path = `/references/${referenceId}/ready-for-review`;
    expect(await t.json("POST", path, undefined, tenant.token)).toMatchObject({
      status: 409,
      body: { message: "Upload your proof of identity and proof of address before sending for review." },
    });
    await upload(referenceId, tenant.token, { type: "PROOF_OF_IDENTITY" });
    expect(await t.json("POST", path, undefined, tenant.token)).toMatchObject({
      status: 409,
      body: { message: "Upload your proof of address before sending for review." },
    });
    await upload(referenceId, tenant.token, { type: "PROOF_OF_ADDRESS" });
    const res = await t.json("POST", path, undefined, tenant.token);
    expect(res).toMatchObject({ status: 200, body: { status: "IN_REVIEW", canSendForReview: false, missingDocuments: [] } });
    const [row] = await t.db.select().from(references).where(eq(references.id, referenceId));
    expect(row!.status).toBe("IN_REVIEW");
    expect(await t.json("POST", path, undefined, tenant.token)).toMatchObject({
      status: 409,
      body: { message: "This reference is not waiting for documents." },
    });
  });

  it("answers 404 for another tenant's reference and 401 without a token", async () => {
    const { referenceId } = await infoRequired();
    const other = await quickTenant();
    expect((await t.json("POST", `/references/${referenceId}/ready-for-review`, undefined, other.token)).status).toBe(404);
    expect((await t.json("POST", `/references/${referenceId}/ready-for-review`)).status).toBe(401);
    const [row] = await t.db.select().from(references).where(eq(references.id, referenceId));
    expect(row!.status).toBe("INFO_REQUIRED");
  });
});

describe("setReferenceOutcome (scenario)", () => {
  it("creates the reference when needed; PASS completes the referencing step and the tenant moves on to Confirm", async () => {
    const { tenant, s, orderCustomerId } = await atReferencing();
    const outcome = await setReferenceOutcome(t.db, { orderCustomerId, status: "PASS" }, t.clock.now());
    expect(outcome).toMatchObject({ status: "PASS", checkIds: [] });
    expect(outcome.completedActionIds).toEqual([s.tenants[0]!.actionIds.KEYFREE_REFERENCING]);
    const view = await t.json("GET", `/orders/${s.orderId}/customers/${tenant.customerId}`, undefined, tenant.token);
    expect(view.body.checkoutSubRoute).toBe("confirm");
    expect(view.body.actions.find((a: any) => a.typeId === "KEYFREE_REFERENCING").details).toEqual({ referenceId: outcome.referenceId });
  });

  it("finds the tenant by e-mail (any case): the Keyfree whose referencing is still open", async () => {
    const { tenant, s, orderCustomerId } = await atReferencing();
    const outcome = await setReferenceOutcome(t.db, { email: tenant.email.toUpperCase(), status: "PASS" }, t.clock.now());
    expect(outcome).toMatchObject({ orderCustomerId, status: "PASS" });
    expect(outcome.completedActionIds).toEqual([s.tenants[0]!.actionIds.KEYFREE_REFERENCING]);
    // Now nothing of theirs waits for referencing.
    await expect(setReferenceOutcome(t.db, { email: tenant.email, status: "PASS" }, t.clock.now())).rejects.toThrow(
      `${tenant.email} has no Keyfree whose referencing is still open`,
    );
  });

  it("moves along allowed transitions only, and INFO_REQUIRED adds an IDENTITY check", async () => {
    const { tenant, path } = await atReferencing();
    const { body } = await t.json("POST", path, undefined, tenant.token);
    const info = await setReferenceOutcome(t.db, { referenceId: body.id, status: "INFOREQUIRED" }, t.clock.now());
    expect(info.checkIds).toHaveLength(1);
    const checks = await t.db.select().from(referenceChecks).where(eq(referenceChecks.referenceId, body.id));
    expect(checks).toMatchObject([{ type: "IDENTITY", status: "INFO_REQUIRED" }]);
    await expect(setReferenceOutcome(t.db, { referenceId: body.id, status: "PASS" }, t.clock.now())).rejects.toThrow(
      "A reference cannot move from INFO_REQUIRED to PASS",
    );
    await setReferenceOutcome(t.db, { referenceId: body.id, status: "IN_REVIEW" }, t.clock.now());
    const fail = await setReferenceOutcome(t.db, { referenceId: body.id, status: "FAIL" }, t.clock.now());
    expect(fail.completedActionIds).toEqual([]);
    const [row] = await t.db.select().from(references).where(eq(references.id, body.id));
    expect(row!.status).toBe("FAIL");
    await expect(setReferenceOutcome(t.db, { referenceId: body.id, status: "NOPE" }, t.clock.now())).rejects.toThrow();
    await expect(setReferenceOutcome(t.db, { status: "PASS" } as never, t.clock.now())).rejects.toThrow("Give a referenceId, an orderCustomerId or the tenant's email");
    await expect(setReferenceOutcome(t.db, { referenceId: "missing", status: "PASS" }, t.clock.now())).rejects.toThrow("No reference missing");
  });
});

describe("the create-tenancy scenario's guarantor (part 1 §3 Tenancy user)", () => {
  it("names the tenant's guarantor on the tenancy, as GUARANTOR_REQUIRED's page reads it", async () => {
    const tenant = await quickTenant();
    const s = await createCheckoutScenario(
      t.db,
      {
        tenants: [{ email: tenant.email, firstName: "-", lastName: "-", guarantor: { firstName: "Gail", lastName: "Fenwick" } }],
        ppm: 100_000,
        startDate: "2026-12-01",
        endDate: "2027-11-30",
        isNewTenancy: true,
        topUpEnabled: true,
      },
      t.clock.now(),
    );
    const res = await t.json("GET", `/orders/${s.orderId}/customers/${tenant.customerId}/tenancy-user`, undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body.guarantor).toEqual({ firstName: "Gail", lastName: "Fenwick" });
  });
});
