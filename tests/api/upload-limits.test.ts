import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REFERENCE_UPLOAD_LIMIT,
  UPLOAD_MAX_PER_TENANT_PER_HOUR,
  UPLOAD_RATE_WINDOW_MS,
  uploadHourlyLimitMessage,
  uploadLimitProblem,
} from "#common/uploads";
import { documents, referenceDocuments } from "../../server/db/schema";
import { newId } from "../../server/lib/tokens";
import { createCheckoutScenario, setReferenceOutcome } from "../../stand-ins/scenarios/checkout";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n%doc\n%%EOF\n", "latin1"));

async function post(path: string, token: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append("file", new Blob([PDF as Uint8Array<ArrayBuffer>]), "evidence.pdf");
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await t.api.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

/** A tenant whose reference needs information (accepts uploads). */
async function infoRequired() {
  const tenant = await t.quickTenant();
  const s = await createCheckoutScenario(
    t.db,
    {
      tenants: [{ email: tenant.email, firstName: "-", lastName: "-" }],
      ppm: 100_000,
      startDate: "2026-12-01",
      endDate: "2027-11-30",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY"] as never],
    },
    t.clock.now(),
  );
  const outcome = await setReferenceOutcome(t.db, { orderCustomerId: s.tenants[0]!.orderCustomerId, status: "INFO_REQUIRED" }, t.clock.now());
  return { tenant, referenceId: outcome.referenceId };
}

describe("upload limits per tenant (issue 23)", () => {
  it(`accepts ${UPLOAD_MAX_PER_TENANT_PER_HOUR} uploads an hour from one tenant, refuses the next with 429 and its message, and accepts again an hour later; another tenant is not affected`, async () => {
    const tenant = await t.quickTenant();
    const other = await t.quickTenant();
    for (let i = 0; i < UPLOAD_MAX_PER_TENANT_PER_HOUR; i++) {
      expect((await post("/documents", tenant.token, { type: "CLAIM_ITEM" })).status).toBe(201);
    }
    const refused = await post("/documents", tenant.token, { type: "CLAIM_ITEM" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(uploadHourlyLimitMessage());
    expect((await post("/documents", other.token, { type: "CLAIM_ITEM" })).status).toBe(201);
    // The hourly allowance applies to every upload path (here a reference's proofs).
    const { tenant: referenced, referenceId } = await infoRequired();
    for (let i = 0; i < UPLOAD_MAX_PER_TENANT_PER_HOUR; i++) await post("/documents", referenced.token, { type: "CLAIM_ITEM" });
    expect((await post(`/references/${referenceId}/documents`, referenced.token, { type: "PROOF_OF_IDENTITY" })).status).toBe(429);
    t.clock.advance(UPLOAD_RATE_WINDOW_MS + 1000);
    expect((await post("/documents", tenant.token, { type: "CLAIM_ITEM" })).status).toBe(201);
  });

  it(`refuses a reference's proof past ${REFERENCE_UPLOAD_LIMIT.files} files or ${REFERENCE_UPLOAD_LIMIT.bytes} bytes (409, with the message) and stores nothing`, async () => {
    const { tenant, referenceId } = await infoRequired();
    for (let i = 0; i < REFERENCE_UPLOAD_LIMIT.files; i++) {
      expect((await post(`/references/${referenceId}/documents`, tenant.token, { type: "PROOF_OF_ADDRESS" })).status).toBe(201);
    }
    const before = t.files.files.size;
    const refused = await post(`/references/${referenceId}/documents`, tenant.token, { type: "PROOF_OF_ADDRESS" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(uploadLimitProblem({ files: REFERENCE_UPLOAD_LIMIT.files, bytes: 0 }, PDF.length, REFERENCE_UPLOAD_LIMIT));
    expect(refused.body.message).toContain(`at most ${REFERENCE_UPLOAD_LIMIT.files} files`);
    expect(t.files.files.size).toBe(before);

    // Bytes: one stored proof that already nearly fills the reference's allowance.
    const second = await infoRequired();
    const id = newId();
    await t.db.insert(documents).values({
      id,
      name: "big.pdf",
      typeId: "PROOF_OF_ADDRESS",
      storageKey: `documents/${id.slice(0, 2)}/${id}`,
      contentType: "application/pdf",
      size: REFERENCE_UPLOAD_LIMIT.bytes - 5,
      uploadedByUserId: second.tenant.userId,
      createdAt: new Date(t.clock.now().getTime() - 2 * UPLOAD_RATE_WINDOW_MS),
    });
    await t.db.insert(referenceDocuments).values({ id: newId(), referenceId: second.referenceId, documentId: id, type: "PROOF_OF_ADDRESS" });
    const tooBig = await post(`/references/${second.referenceId}/documents`, second.tenant.token, { type: "PROOF_OF_IDENTITY" });
    expect(tooBig.status).toBe(409);
    expect(tooBig.body.message).toContain("50MB");
  });
});
