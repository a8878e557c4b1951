import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, recordShares, recordShareViews } from "../../server/db/schema";
import { createKeyfreeOrder, createTenancy } from "../../stand-ins/scenarios/builders";
import { decideAdjudication, payClaimAction, resolveClaim, sendToAdjudication } from "../../stand-ins/scenarios/claims";
import { raiseClaim } from "../../stand-ins/scenarios/claim-raising";
import { createTestApi, type TestApi } from "../helpers/api";

/**
 * The claim record (issue 39): a claim's whole history from raised to settled — the charges, each
 * item's evidence with its size and SHA-256, every proposal and answer and who gave it, the dispute
 * and its fee, the decision with its reasons, the tenant's payments with receipt numbers — for a
 * settled claim too, and never for another tenant; and the links to it for an adviser.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function settledClaim() {
  const me = await t.quickTenant({ firstName: "Rosa", lastName: "Díaz" });
  const coTenant = await t.quickTenant({ firstName: "Sam", lastName: "Okafor" });
  const { tenancy } = await createTenancy(t.db, { tenantUserIds: [me.userId, coTenant.userId], ppm: 130_000 });
  await createKeyfreeOrder(t.db, {
    tenancyId: tenancy.id,
    ppm: 130_000,
    customers: [me, coTenant].map((x) => ({ customerId: x.customerId, tenantLiability: 1 })),
    status: "COMPLETE",
  });
  const claim = await raiseClaim(
    t.db,
    {
      tenancyId: tenancy.id,
      items: [
        { description: "Redecoration", type: "REDECORATION", amount: 50_000, evidence: 2 },
        { description: "Oven clean", type: "CLEANING", amount: 9_000 },
      ],
      mediationEnabled: false,
    },
    t.clock.now(),
    t.files,
  );
  const path = `/claims/${claim.claimId}`;
  t.clock.advance(60 * 60_000);
  const disputed = await t.json("POST", `${path}/proposals/${claim.claimProposalId}/dispute`, undefined, me.token);
  expect(disputed.status).toBe(200);
  t.clock.advance(60 * 60_000);
  await payClaimAction(t.db, disputed.body.adjudicationFeeOrder.action.id, t.clock.now());
  await sendToAdjudication(t.db, claim.claimId, t.clock.now());
  t.clock.advance(24 * 60 * 60_000);
  const [redecoration, oven] = claim.itemIds as [string, string];
  await decideAdjudication(
    t.db,
    claim.claimId,
    { amount: 30_000, reportPdf: false, reasons: { [redecoration]: "Marks beyond fair wear and tear.", [oven]: "No check-out photograph of the oven." }, awarded: { [redecoration]: 30_000, [oven]: 0 } },
    t.clock.now(),
  );
  return { me, coTenant, claim, path };
}

describe("GET /claims/{claimId}/record", () => {
  it("holds the claim's whole history in order, for a settled claim too, and never for another tenant", async () => {
    const { me, coTenant, claim, path } = await settledClaim();
    const before = await t.json("GET", `${path}/record`, undefined, me.token);
    expect(before.status).toBe(200);
    const record = before.body;
    expect(record).toMatchObject({
      claimId: claim.claimId,
      status: "ARBITRATED",
      tenants: expect.arrayContaining([{ name: "Rosa Díaz", isYou: true }, { name: "Sam Okafor", isYou: false }]),
      items: [
        { description: "Redecoration", type: "REDECORATION", chargedAmount: 50_000 },
        { description: "Oven clean", type: "CLEANING", chargedAmount: 9_000 },
      ],
    });
    expect(record.proposals).toEqual([expect.objectContaining({ kind: "CHARGES", total: 59_000, by: expect.objectContaining({ party: "LANDLORD" }) })]);
    expect(record.answers.map((a: { kind: string }) => a.kind)).toEqual(["DISPUTED", "SENT_TO_ADJUDICATION", "DECIDED"]);
    expect(record.answers[0].by).toEqual({ party: "TENANT", name: "Rosa Díaz", isYou: true });
    expect(record.dispute).toMatchObject({ fee: 6_000, feePaidBy: { party: "TENANT", name: "Rosa Díaz", isYou: true } });
    expect(record.decision).toMatchObject({ awarded: 30_000, reasons: [expect.objectContaining({ reason: "Marks beyond fair wear and tear.", awardedAmount: 30_000 }), expect.objectContaining({ awardedAmount: 0 })] });
    expect(record.payments).toEqual([expect.objectContaining({ kind: "ARBITRATION_FEE", amount: 6_000, receiptNumber: expect.any(String) })]);

    // Each file: its size and the SHA-256 of the bytes in the file store.
    expect(record.evidence).toHaveLength(2);
    for (const file of record.evidence) {
      const [row] = await t.db.select().from(documents).where(eq(documents.id, file.documentId));
      const bytes = t.files.bytes(row!.storageKey)!;
      expect(file).toMatchObject({ side: "LANDLORD", claimItemId: claim.itemIds[0], size: bytes.length });
      expect(file.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
    // A file stored before issue 39 has no hash: the record takes it from the file store once and keeps it.
    await t.db.update(documents).set({ sha256: null }).where(eq(documents.id, record.evidence[0].documentId));
    const again = (await t.json("GET", `${path}/record`, undefined, me.token)).body;
    expect(again.evidence[0].sha256).toBe(record.evidence[0].sha256);
    expect(again.version).toBe(record.version);
    expect((await t.db.select().from(documents).where(eq(documents.id, record.evidence[0].documentId)))[0]!.sha256).toBe(record.evidence[0].sha256);

    // Settled: the record stays, and its version changes with it.
    await resolveClaim(t.db, claim.claimId, t.clock.now());
    const settled = await t.json("GET", `${path}/record`, undefined, me.token);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: "RESOLVED", settled: true });
    expect(settled.body.version).not.toBe(record.version);
    // The co-tenant has their own record (their payments, not Rosa's); a stranger has none.
    const theirs = await t.json("GET", `${path}/record`, undefined, coTenant.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.payments).toEqual([]);
    const stranger = await t.quickTenant();
    expect((await t.json("GET", `${path}/record`, undefined, stranger.token)).status).toBe(404);
    expect((await t.json("GET", `${path}/record`)).status).toBe(401);
  });
});

describe("share with an adviser", () => {
  it("makes a link for a named person that shows the record without documents, logs each view, and stops when revoked or after 30 days", async () => {
    const { me, path, claim } = await settledClaim();
    const made = await t.json("POST", `${path}/record-shares`, { adviserName: "Citizens Advice Bristol" }, me.token);
    expect(made.status).toBe(201);
    expect(made.body.share).toMatchObject({ adviserName: "Citizens Advice Bristol", status: "LIVE", lastUsedAt: null });
    const token = made.body.token as string;
    // Only the hash is kept.
    const [row] = await t.db.select().from(recordShares).where(eq(recordShares.id, made.body.share.id));
    expect(row!.tokenHash).not.toContain(token);

    const opened = await t.json("POST", "/shared-records", { token, format: "PAGE" });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ adviserName: "Citizens Advice Bristol", record: { claimId: claim.claimId } });
    expect(opened.body.record.evidence.every((f: { documentId: string | null }) => f.documentId === null)).toBe(true);
    expect((await t.json("POST", "/shared-records", { token, format: "PDF" })).status).toBe(200);
    const views = await t.db.select().from(recordShareViews).where(eq(recordShareViews.recordShareId, made.body.share.id));
    expect(views.map((v) => v.format).sort()).toEqual(["PAGE", "PDF"]);
    const listed = (await t.json("GET", `${path}/record-shares`, undefined, me.token)).body.shares;
    expect(listed).toEqual([expect.objectContaining({ id: made.body.share.id, lastUsedAt: t.clock.now().toISOString() })]);

    // Bad input is a 400; a name is required.
    expect((await t.json("POST", `${path}/record-shares`, { adviserName: "" }, me.token)).status).toBe(400);
    expect((await t.json("POST", "/shared-records", { token: "" })).status).toBe(400);
    expect((await t.json("POST", "/shared-records", { token: "made-up" })).status).toBe(404);

    // Another tenant can neither list, make nor stop links on this claim.
    const stranger = await t.quickTenant();
    expect((await t.json("GET", `${path}/record-shares`, undefined, stranger.token)).status).toBe(404);
    expect((await t.json("POST", `${path}/record-shares`, { adviserName: "X" }, stranger.token)).status).toBe(404);
    expect((await t.json("DELETE", `${path}/record-shares/${made.body.share.id}`, undefined, stranger.token)).status).toBe(404);

    // Revoked: refused after, and revoking again changes nothing.
    expect((await t.json("DELETE", `${path}/record-shares/${made.body.share.id}`, undefined, me.token)).status).toBe(204);
    expect((await t.json("DELETE", `${path}/record-shares/${made.body.share.id}`, undefined, me.token)).status).toBe(204);
    expect((await t.json("POST", "/shared-records", { token })).status).toBe(404);

    // 30 days: a link works until then, and not after.
    const second = await t.json("POST", `${path}/record-shares`, { adviserName: "Shelter" }, me.token);
    t.clock.advance(30 * 24 * 60 * 60_000 - 60_000);
    expect((await t.json("POST", "/shared-records", { token: second.body.token })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await t.json("POST", "/shared-records", { token: second.body.token })).status).toBe(404);
    const statuses = (await t.json("GET", `${path}/record-shares`, undefined, me.token)).body.shares.map((s: { status: string }) => s.status);
    expect(statuses.sort()).toEqual(["EXPIRED", "REVOKED"]);
  });
});
