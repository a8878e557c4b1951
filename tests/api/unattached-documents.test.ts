import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNATTACHED_DOCUMENT_TTL_MS } from "#common/uploads";
import { documents, tenancyDocuments } from "../../server/db/schema";
import { runDueJobs } from "../../server/jobs/sweeper";
import { removeUnattachedDocuments } from "../../server/jobs/unattached-documents";
import { newId } from "../../server/lib/tokens";
import { createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n%doc\n%%EOF\n", "latin1"));

async function upload(token: string) {
  const form = new FormData();
  form.append("file", new Blob([PDF as Uint8Array<ArrayBuffer>]), "evidence.pdf");
  form.append("type", "CLAIM_ITEM");
  const res = await t.api.request("/documents", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function stored(id: string) {
  const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
  return { row: row ?? null, bytes: row ? t.files.bytes(row.storageKey) : null };
}

describe("documents attached to nothing (issue 23)", () => {
  it("are removed with their files 24 hours after upload by the sweep; attached ones stay; running it again changes nothing", async () => {
    const tenant = await t.quickTenant();
    const s = await createCheckoutScenario(
      t.db,
      {
        tenants: [{ email: tenant.email, firstName: "-", lastName: "-" }],
        ppm: 100_000,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        isNewTenancy: true,
        topUpEnabled: true,
        orderStatus: "COMPLETE",
      },
      t.clock.now(),
    );
    const orphan = await upload(tenant.token);
    const attached = await upload(tenant.token);
    await t.db.insert(tenancyDocuments).values({ id: newId(), tenancyId: s.tenancyId, documentId: attached, typeId: "CLAIM_ITEM" });
    const orphanKey = (await stored(orphan)).row!.storageKey;

    // Just under 24 hours: nothing is removed yet.
    t.clock.advance(UNATTACHED_DOCUMENT_TTL_MS - 60_000);
    expect((await removeUnattachedDocuments(t)).removedDocumentIds).not.toContain(orphan);
    expect((await stored(orphan)).bytes).not.toBeNull();

    // A minute later (24 hours after the upload), the sweep removes the row and its bytes.
    t.clock.advance(2 * 60_000);
    const run = await runDueJobs(t);
    expect(run.unattachedDocuments.removedDocumentIds).toContain(orphan);
    expect(run.unattachedDocuments.removedDocumentIds).not.toContain(attached);
    expect((await stored(orphan)).row).toBeNull();
    expect(t.files.bytes(orphanKey)).toBeNull();
    const kept = await stored(attached);
    expect(kept.row).not.toBeNull();
    expect(kept.bytes).not.toBeNull();

    // Idempotent: a second run finds nothing more to do.
    const again = await removeUnattachedDocuments(t);
    expect(again.removedDocumentIds).toEqual([]);
  });
});
