import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessTokens,
  arbitrationDocuments,
  arbitrations,
  claimDocuments,
  claimItemDocuments,
  claimItems,
  claimRespondents,
  claimResponseDocuments,
  claims,
  customers,
  documents,
  referenceDocuments,
  references,
  tenancyDocuments,
  users,
} from "../../server/db/schema";
import { canTenantSeeDocument } from "../../server/lib/document-access";
import { hashToken, newId, newSecretToken } from "../../server/lib/tokens";
import { attachmentDisposition } from "../../server/documents/disposition";
import { createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Tenant = { userId: string; customerId: string; email: string; token: string };
let seq = 0;

const quickTenant = (input: Partial<{ email: string; firstName: string; lastName: string }> = {}) => t.quickTenant(input);

const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n%doc\n%%EOF\n", "latin1"));

async function createDocument(
  token: string | undefined,
  fields: { type?: string; name?: string; bytes?: Uint8Array; nameFieldToo?: boolean },
) {
  const form = new FormData();
  form.append("file", new Blob([(fields.bytes ?? PDF) as Uint8Array<ArrayBuffer>]), fields.name ?? "evidence.pdf");
  if (fields.name !== undefined && fields.nameFieldToo !== false) form.append("fileName", fields.name);
  if (fields.type !== undefined) form.append("type", fields.type);
  const res = await t.api.request("/documents", { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

/** A stored document nobody uploaded (as the landlord, agent or adjudicator would add it). */
async function storedDocument(name = "report.pdf", typeId = "SUPPORTING_EVIDENCE") {
  const id = newId();
  const storageKey = `documents/${id.slice(0, 2)}/${id}`;
  await t.files.put(storageKey, PDF);
  await t.db.insert(documents).values({ id, name, typeId, storageKey, contentType: "application/pdf", size: PDF.length });
  return id;
}

async function content(documentId: string, token?: string) {
  return t.api.request(`/documents/${documentId}/content`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Two tenants sharing a tenancy, and a stranger. */
async function household() {
  const a = await quickTenant();
  const b = await quickTenant();
  const stranger = await quickTenant();
  const s = await createCheckoutScenario(
    t.db,
    {
      tenants: [a, b].map((x) => ({ email: x.email, firstName: "-", lastName: "-" })),
      ppm: 100_000,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    },
    t.clock.now(),
  );
  return { a, b, stranger, s };
}

describe("createDocument", () => {
  it("stores an upload and returns its id, name, url and type", async () => {
    const a = await quickTenant();
    const res = await createDocument(a.token, { type: "CLAIM_ITEM", name: "photo.pdf" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: "photo.pdf", url: `/documents/${res.body.id}`, typeId: "CLAIM_ITEM" });
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, res.body.id));
    expect(doc).toMatchObject({ uploadedByUserId: a.userId, contentType: "application/pdf", size: PDF.length, typeId: "CLAIM_ITEM" });
    expect(t.files.bytes(doc!.storageKey)).toEqual(PDF);
    // Both spellings of the type are accepted.
    expect((await createDocument(a.token, { type: "CLAIMRESPONSE" })).body.typeId).toBe("CLAIM_RESPONSE");
  });

  it("refuses a type tenants do not upload or no type (400), a file of the wrong kind (415) and no token (401)", async () => {
    const a = await quickTenant();
    const before = (await t.db.select().from(documents)).length;
    expect((await createDocument(a.token, { type: "SIGNED_ADDENDUM" })).status).toBe(400);
    expect((await createDocument(a.token, {})).status).toBe(400);
    const wrong = await createDocument(a.token, { type: "CLAIM_ITEM", name: "notes.pdf", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) });
    expect(wrong).toMatchObject({ status: 415, body: { message: "notes.pdf is an invalid type, please convert to a PDF" } });
    expect((await createDocument(undefined, { type: "CLAIM_ITEM" })).status).toBe(401);
    expect((await t.db.select().from(documents)).length).toBe(before);
  });
});

describe("getDocumentContent", () => {
  it("sends the uploader their file as an attachment with its stored type and nosniff", async () => {
    const a = await quickTenant();
    // The file's own name (as the device gave it): a fileName field with a line break is refused (input-boundary.test.ts).
    const created = await createDocument(a.token, { type: "CLAIM_RESPONSE", name: 'my "evidence"\r\n.pdf', nameFieldToo: false });
    const res = await content(created.body.id, a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe(
      "attachment; filename=\"my _evidence_.pdf\"; filename*=UTF-8''my%20%22evidence%22.pdf",
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it("answers 404 for another tenant's upload, a made-up id, and 401 without a token", async () => {
    const a = await quickTenant();
    const b = await quickTenant();
    const created = await createDocument(a.token, { type: "CLAIM_ITEM" });
    const other = await content(created.body.id, b.token);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "Not found" });
    expect((await content("no-such-document", a.token)).status).toBe(404);
    expect((await content(created.body.id)).status).toBe(401);
  });

  it("lets every tenant of a tenancy see its tenancy documents, but hides referencing documents and strangers", async () => {
    const { a, b, stranger, s } = await household();
    const signed = await storedDocument("terms.pdf", "SIGNED_TENANT_TERMS_AND_CONDITIONS");
    await t.db.insert(tenancyDocuments).values({ id: newId(), tenancyId: s.tenancyId, documentId: signed, typeId: "SIGNED_TENANT_TERMS_AND_CONDITIONS" });
    const proof = await storedDocument("passport.pdf", "PROOF_OF_IDENTITY");
    await t.db.insert(tenancyDocuments).values({ id: newId(), tenancyId: s.tenancyId, documentId: proof, typeId: "PROOF_OF_IDENTITY" });
    expect((await content(signed, a.token)).status).toBe(200);
    expect((await content(signed, b.token)).status).toBe(200);
    expect((await content(signed, stranger.token)).status).toBe(404);
    expect((await content(proof, b.token)).status).toBe(404);
  });

  it("lets a tenant see their own reference's documents only", async () => {
    const { a, b, s } = await household();
    const referenceId = newId();
    await t.db.insert(references).values({ id: referenceId, orderCustomerId: s.tenants[0]!.orderCustomerId, userId: a.userId, status: "INFO_REQUIRED" });
    const proof = await storedDocument("bill.pdf", "PROOF_OF_ADDRESS");
    await t.db.insert(referenceDocuments).values({ id: newId(), referenceId, documentId: proof, type: "PROOF_OF_ADDRESS" });
    expect((await content(proof, a.token)).status).toBe(200);
    expect((await content(proof, b.token)).status).toBe(404);
  });

  it("lets the respondents of a claim see its claim, item, response and arbitration documents", async () => {
    const { a, b, stranger, s } = await household();
    const claimId = newId();
    await t.db.insert(claims).values({ id: claimId, tenancyId: s.tenancyId, organizationId: s.organizationId, status: "ARBITRATED", limit: 200_000 });
    await t.db.insert(claimRespondents).values({ id: newId(), claimId, userId: a.userId });
    const itemId = newId();
    await t.db.insert(claimItems).values({ id: itemId, claimId, description: "Carpet", type: "DAMAGE" });
    const arbitrationId = newId();
    await t.db.insert(arbitrations).values({ id: arbitrationId, claimId, arbitratedAmount: 10_000 });

    const claimDoc = await storedDocument("check-out.pdf", "INVENTORY_CHECK_OUT");
    await t.db.insert(claimDocuments).values({ id: newId(), claimId, documentId: claimDoc });
    const itemDoc = await storedDocument("carpet.pdf", "CLAIM_ITEM");
    await t.db.insert(claimItemDocuments).values({ id: newId(), claimItemId: itemId, documentId: itemDoc, source: "SUPPLIER" });
    const responseDoc = await storedDocument("response.pdf", "CLAIM_RESPONSE");
    await t.db.insert(claimResponseDocuments).values({ id: newId(), claimId, documentId: responseDoc });
    const report = await storedDocument("adjudication.pdf", "ADJUDICATION_REPORT");
    await t.db.insert(arbitrationDocuments).values({ id: newId(), arbitrationId, documentId: report });

    for (const id of [claimDoc, itemDoc, responseDoc, report]) {
      expect(await canTenantSeeDocument(t.db, a.userId, id)).toBe(true);
      // b shares the tenancy but is not a respondent of this claim; the stranger has nothing to do with it.
      expect(await canTenantSeeDocument(t.db, b.userId, id)).toBe(false);
      expect(await canTenantSeeDocument(t.db, stranger.userId, id)).toBe(false);
    }
    expect((await content(report, a.token)).status).toBe(200);
    expect((await content(report, stranger.token)).status).toBe(404);
  });
});

describe("attachmentDisposition", () => {
  it("keeps only safe characters in the plain filename and percent-encodes the real one", () => {
    expect(attachmentDisposition("../../etc/passwd")).toBe("attachment; filename=\"_.._etc_passwd\"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd");
    expect(attachmentDisposition("Zoë's lease (1).pdf")).toBe(
      "attachment; filename=\"Zoe_s lease (1).pdf\"; filename*=UTF-8''Zo%C3%AB%27s%20lease%20%281%29.pdf",
    );
    expect(attachmentDisposition("")).toBe("attachment; filename=\"document\"; filename*=UTF-8''document");
  });
});
