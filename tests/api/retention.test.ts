import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETENTION_JOB_RULES, RETENTION_RULES, retentionCutoff, TOMBSTONE, type RetentionRuleId } from "#common/retention";
import {
  accessTokens,
  accountClosureRequests,
  addresses,
  claims,
  documents,
  outboxEmails,
  paymentPlanInstalments,
  paymentPlans,
  referenceDocuments,
  references,
  retentionApplied,
  supportMessages,
  supportNeeds,
  userEvents,
  users,
} from "../../server/db/schema";
import { applyRetention, retentionDryRun, type RetentionRun } from "../../server/jobs/retention";
import { LocalDiskFileStore, type FileStore } from "../../server/lib/files";
import { S3FileStore } from "../../server/lib/s3-files";
import { FixedClock } from "../../server/lib/clock";
import { newId } from "../../server/lib/tokens";
import { createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import { raiseClaim, resolveClaim } from "../../stand-ins/scenarios/claims";
import { storeSamplePdf } from "../../stand-ins/scenarios/claim-raising";
import { offerPaymentPlan } from "../../stand-ins/scenarios/plans";
import { DEMO_PASSWORD } from "../../stand-ins/scenarios/tenants";
import type { Database } from "../../server/db";
import { createTestApi, type TestApi } from "../helpers/api";
import { usePostgresInstances } from "../helpers/postgres-instances";
import { migrateWithStandIns } from "../helpers/stand-ins";

/**
 * Issue 40 (decision 0068): "Close your account" as a request, and the retention job applying the
 * periods of common/retention.ts, by the clock: just before each boundary nothing changes, just
 * after it does; documents go from the file store (memory, local disk, S3); money rows are kept;
 * a second run changes nothing; on PostgreSQL two instances at once apply each rule once.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const T0 = new Date("2026-11-22T10:00:00Z");
const MINUTE = 60_000;

/** A tenant on a Keyfree, with a claim raised on it (evidence stored in `files`). */
async function tenantWithClaim(db: Database, files: FileStore, email: string, now: Date) {
  const s = await createCheckoutScenario(
    db,
    {
      tenants: [{ email, firstName: "Rita", lastName: "Tenant" }],
      ppm: 100_000,
      startDate: "2025-01-01",
      endDate: "2026-10-31",
      isNewTenancy: true,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
    },
    now,
  );
  const claim = await raiseClaim(db, { tenancyId: s.tenancyId, items: [{ description: "Oven cleaning", type: "CLEANING", amount: 9_000, evidence: 2 }] }, now, files);
  return { ...s, tenant: s.tenants[0]!, claimId: claim.claimId };
}

const changedBy = (run: RetentionRun, rule: RetentionRuleId) => run.rules.find((r) => r.rule === rule)!.changed;
const nothingChanged = (run: RetentionRun) => run.rules.every((r) => r.changed === 0) && run.filesDeleted === 0 && run.accountsClosed === 0;

async function documentsOf(db: Database, claimId: string) {
  const rows = await db.execute(
    `select d.id, d.name, d.storage_key, d.removed_at, d.file_deleted_at from documents d where d.id in (select l.document_id from claim_item_documents l join claim_items i on i.id = l.claim_item_id where i.claim_id = '${claimId}')`,
  );
  return (rows as unknown as { rows: { id: string; name: string; storage_key: string; removed_at: Date | null; file_deleted_at: Date | null }[] }).rows;
}

describe("close your account (issue 40)", () => {
  it("is a request: kept while a claim is open (named in the e-mail), closed by the job once nothing is open; sign-in refused after", async () => {
    t.clock.set(T0);
    const login = await t.signedInTenant({ email: "closing@example.test", firstName: "Rita" });
    const s = await tenantWithClaim(t.db, t.files, login.email, T0);

    const before = await t.json("GET", "/me/closure", undefined, login.token);
    expect(before.body).toMatchObject({ status: "NONE", requestedAt: null, stillOpen: [{ kind: "CLAIM", claimId: s.claimId }] });

    const asked = await t.json("POST", "/me/closure", undefined, login.token);
    expect(asked.status).toBe(201);
    expect(asked.body.status).toBe("REQUESTED");
    expect((await t.json("POST", "/me/closure", undefined, login.token)).status).toBe(409);
    const [email] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.template, "ACCOUNT_CLOSURE_REQUESTED"));
    expect(email!.to).toBe(login.email);
    expect(email!.text).toContain("We cannot close it yet, because these are still open:\n- the claim on ");
    expect(email!.text).toContain("/privacy");

    // The claim is open: the job keeps the account.
    const kept = await applyRetention(t.deps, T0);
    expect(kept.accountsKeptOpen).toBeGreaterThanOrEqual(1);
    expect((await t.json("GET", "/me", undefined, login.token)).status).toBe(200);

    await resolveClaim(t.db, s.claimId, T0);
    const closed = await applyRetention(t.deps, T0);
    expect(closed.accountsClosed).toBe(1);
    const [user] = await t.db.select().from(users).where(eq(users.id, login.userId));
    expect(user!.closedAt).toEqual(T0);
    expect(user!.passwordHash).toBeNull();
    // Every session ended, and signing in again refused as a wrong password is.
    expect((await t.json("GET", "/me", undefined, login.token)).status).toBe(401);
    expect((await t.json("POST", "/auth/login", { email: login.email, password: DEMO_PASSWORD })).status).toBe(401);
    const [request] = await t.db.select().from(accountClosureRequests).where(eq(accountClosureRequests.userId, login.userId));
    expect(request!.closedAt).toEqual(T0);
  });

  it("a payment plan offered or not paid off keeps the account open too", async () => {
    t.clock.set(T0);
    const tenant = await t.quickTenant();
    const s = await tenantWithClaim(t.db, t.files, tenant.email, T0);
    const plan = await offerPaymentPlan(t.db, { orderCustomerId: s.tenant.orderCustomerId, amount: 30_000, instalments: 3, firstDueDate: "2026-12-22" }, T0);
    const state = await t.json("GET", "/me/closure", undefined, tenant.token);
    expect(state.body.stillOpen).toContainEqual({ kind: "PAYMENT_PLAN", paymentPlanId: plan.paymentPlanId, amountPence: 30_000, claimId: null, property: null });
  });
});

describe("the retention periods by the clock (common/retention.ts)", () => {
  it("each rule changes nothing just before its boundary and applies just after; money rows are kept; a second run changes nothing", async () => {
    t.clock.set(T0);
    const tenant = await t.quickTenant({ firstName: "Omar" });
    const s = await tenantWithClaim(t.db, t.files, tenant.email, T0);
    await t.db.update(claims).set({ tenantDisputeMessage: "My own words" }).where(eq(claims.id, s.claimId));
    await resolveClaim(t.db, s.claimId, T0);
    // A decided reference with a proof of identity.
    const referenceId = newId();
    await t.db.insert(references).values({ id: referenceId, orderCustomerId: s.tenant.orderCustomerId, userId: tenant.userId, status: "PASS", createdAt: T0, updatedAt: T0 });
    const idDocument = await storeSamplePdf(t.db, t.files, "passport.pdf", "PROOF_OF_IDENTITY", T0);
    await t.db.insert(referenceDocuments).values({ id: newId(), referenceId, documentId: idDocument, type: "PROOF_OF_IDENTITY" });
    // A paid-off plan: money rows, never changed.
    const plan = await offerPaymentPlan(t.db, { orderCustomerId: s.tenant.orderCustomerId, amount: 20_000, instalments: 2, firstDueDate: "2026-12-22" }, T0);
    await t.db.update(paymentPlans).set({ status: "ACTIVE" }).where(eq(paymentPlans.id, plan.paymentPlanId));
    await t.db.update(paymentPlanInstalments).set({ status: "PAID", paidAt: T0 }).where(eq(paymentPlanInstalments.paymentPlanId, plan.paymentPlanId));
    const moneyBefore = await t.db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.paymentPlanId, plan.paymentPlanId));
    // Support needs, a contact message, a sign-in record.
    await t.db.insert(supportNeeds).values({ userId: tenant.userId, needs: ["HEALTH_CONDITION"], details: "About my health", consentedAt: T0 });
    const messageId = newId();
    await t.db.insert(supportMessages).values({ id: messageId, topic: "OTHER", message: "Hello", userId: tenant.userId, senderName: "Omar", senderEmail: tenant.email, createdAt: T0 });
    await t.db.insert(userEvents).values({ id: newId(), userId: tenant.userId, type: "LOGIN", createdAt: T0 });
    // The account closed at T0 (nothing open), its e-mail sent.
    expect((await t.json("POST", "/me/closure", undefined, tenant.token)).status).toBe(201);
    await t.db.update(outboxEmails).set({ sentAt: T0 }).where(eq(outboxEmails.userId, tenant.userId));
    const atClosure = await applyRetention(t.deps, T0);
    expect(atClosure.accountsClosed).toBe(1);
    // Support needs: the shortest, deleted (not replaced) the day the account closes.
    expect(await t.db.select().from(supportNeeds).where(eq(supportNeeds.userId, tenant.userId))).toEqual([]);

    const evidence = await documentsOf(t.db, s.claimId);
    expect(evidence).toHaveLength(2);
    const at = async (instant: Date) => {
      t.clock.set(instant);
      return applyRetention(t.deps, instant);
    };
    const around = (period: (typeof RETENTION_RULES)[number]["period"]) => {
      // The boundary: the instant at which T0 is exactly `period` ago.
      let lo = T0.getTime();
      let hi = T0.getTime() + 7 * 366 * 86_400_000;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (retentionCutoff(new Date(mid), period).getTime() >= T0.getTime()) hi = mid;
        else lo = mid;
      }
      return { before: new Date(hi - MINUTE), after: new Date(hi + MINUTE) };
    };
    const rule = (id: RetentionRuleId) => RETENTION_RULES.find((r) => r.id === id)!;

    // 12 months: sign-in records deleted, reference documents gone.
    const year = around(rule("reference-documents").period);
    expect(year.after.toISOString()).toBe("2027-11-22T10:01:00.000Z");
    const beforeYear = await at(year.before);
    expect(changedBy(beforeYear, "reference-documents")).toBe(0);
    expect(changedBy(beforeYear, "sign-in-records")).toBe(0);
    expect(t.files.bytes((await t.db.select().from(documents).where(eq(documents.id, idDocument)))[0]!.storageKey)).not.toBeNull();
    const afterYear = await at(year.after);
    expect(changedBy(afterYear, "reference-documents")).toBe(1);
    expect(changedBy(afterYear, "sign-in-records")).toBeGreaterThanOrEqual(1);
    const [idDoc] = await t.db.select().from(documents).where(eq(documents.id, idDocument));
    expect(idDoc).toMatchObject({ name: TOMBSTONE });
    expect(t.files.bytes(idDoc!.storageKey)).toBeNull();
    expect(await t.db.select().from(userEvents).where(eq(userEvents.userId, tenant.userId))).toEqual([]);

    // 2 years: the e-mails sent and the contact message lose their words.
    const twoYears = around(rule("notices-sent").period);
    const beforeTwo = await at(twoYears.before);
    expect(changedBy(beforeTwo, "notices-sent")).toBe(0);
    expect(changedBy(beforeTwo, "contact-messages")).toBe(0);
    await at(twoYears.after);
    const sent = await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, tenant.userId));
    expect(sent.map((e) => e.template)).toContain("ACCOUNT_CLOSURE_REQUESTED");
    for (const e of sent) expect(e).toMatchObject({ to: TOMBSTONE, subject: TOMBSTONE, text: TOMBSTONE });
    const [message] = await t.db.select().from(supportMessages).where(eq(supportMessages.id, messageId));
    expect(message).toMatchObject({ message: TOMBSTONE, senderName: TOMBSTONE, senderEmail: TOMBSTONE, topic: "OTHER" });

    // 6 years: the claim's documents and the tenant's words, and the closed account's personal data.
    const sixYears = around(rule("claim-records").period);
    const beforeSix = await at(sixYears.before);
    expect(changedBy(beforeSix, "claim-records")).toBe(0);
    expect(changedBy(beforeSix, "closed-accounts")).toBe(0);
    for (const doc of evidence) expect(t.files.bytes(doc.storage_key)).not.toBeNull();
    const afterSix = await at(sixYears.after);
    expect(changedBy(afterSix, "claim-records")).toBeGreaterThanOrEqual(1);
    expect(changedBy(afterSix, "closed-accounts")).toBeGreaterThanOrEqual(1);
    expect(afterSix.filesDeleted).toBeGreaterThanOrEqual(2);
    for (const doc of evidence) expect(t.files.bytes(doc.storage_key)).toBeNull();
    expect((await documentsOf(t.db, s.claimId)).every((d) => d.name === TOMBSTONE && d.file_deleted_at !== null)).toBe(true);
    const [claim] = await t.db.select().from(claims).where(eq(claims.id, s.claimId));
    expect(claim).toMatchObject({ tenantDisputeMessage: TOMBSTONE, status: "RESOLVED", limit: claim!.limit });
    const [user] = await t.db.select().from(users).where(eq(users.id, tenant.userId));
    expect(user).toMatchObject({ firstName: TOMBSTONE, lastName: TOMBSTONE, email: `removed-${tenant.userId}@removed.invalid`, dob: null, mobileNumber: null });
    for (const address of await t.db.select().from(addresses).where(eq(addresses.userId, tenant.userId))) expect(address.street).toBe(TOMBSTONE);

    // Money rows: as they were.
    expect(await t.db.select().from(paymentPlanInstalments).where(eq(paymentPlanInstalments.paymentPlanId, plan.paymentPlanId))).toEqual(moneyBefore);
    // A second run changes nothing, and the dry run then has nothing to list.
    expect(nothingChanged(await applyRetention(t.deps, sixYears.after))).toBe(true);
    expect(nothingChanged(await retentionDryRun(t.deps, sixYears.after))).toBe(true);
  });

  it("the dry run counts by rule, with no personal data, and changes nothing", async () => {
    const now = new Date("2040-01-01T00:00:00Z");
    await t.db.insert(supportMessages).values({ id: newId(), topic: "OTHER", message: "Secret words", senderName: "Ann Secret", senderEmail: "ann-secret@example.test", createdAt: T0 });
    const dry = await retentionDryRun(t.deps, now);
    expect(dry.dryRun).toBe(true);
    expect(dry.rules.map((r) => r.rule)).toEqual(RETENTION_JOB_RULES.map((r) => r.id));
    expect(changedBy(dry, "contact-messages")).toBeGreaterThanOrEqual(1);
    expect(dry.rules.find((r) => r.rule === "money-records")).toMatchObject({ action: "KEEP", changed: 0 });
    expect(JSON.stringify(dry)).not.toMatch(/Secret|@example\.test/);
    expect(await t.db.select().from(supportMessages).where(eq(supportMessages.message, "Secret words"))).toHaveLength(1);
    // Through the ops command as `npm run ops -- retention --dry-run` sends it.
    const ops = await t.json("POST", "/ops/run/retention", { dryRun: true }, undefined, { "x-ops-token": "test-ops-token-0123456789" });
    expect(ops.status).toBe(200);
    expect(ops.body.dryRun).toBe(true);
  });
});

describe("documents go from the file store", () => {
  // A database of its own: in production one store holds every document.
  let own: TestApi;
  let scratch: string;
  let s3: S3rver | undefined;
  let s3Store: S3FileStore;
  beforeAll(async () => {
    own = await createTestApi();
    scratch = mkdtempSync(path.join(tmpdir(), "keyfree-retention-"));
    const bucket = process.env.TEST_S3_BUCKET ?? "keyfree-retention";
    let endpoint = process.env.TEST_S3_ENDPOINT;
    if (!endpoint) {
      s3 = new S3rver({ port: 0, address: "127.0.0.1", directory: path.join(scratch, "s3"), silent: true, configureBuckets: [{ name: bucket }] });
      endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    }
    s3Store = new S3FileStore({
      bucket,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "S3RVER", secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "S3RVER" },
    });
  });
  afterAll(async () => {
    s3Store?.close();
    await s3?.close();
    await own?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  for (const kind of ["local disk", "S3"] as const) {
    it(`on ${kind}: a closed claim's evidence is deleted 6 years after, and a crash before the delete is finished by the next run`, async () => {
      const files: FileStore = kind === "S3" ? s3Store : new LocalDiskFileStore(path.join(scratch, "disk"));
      const tenant = await own.quickTenant();
      const s = await tenantWithClaim(own.db, files, tenant.email, T0);
      await resolveClaim(own.db, s.claimId, T0);
      const docs = await documentsOf(own.db, s.claimId);
      for (const doc of docs) expect(await files.get(doc.storage_key)).not.toBeNull();
      const later = new Date("2032-11-23T10:00:00Z");
      const clock = new FixedClock(later);
      // A crash after the commit, before the files were deleted: the store refuses once.
      const failing: FileStore = { ...files, get: files.get.bind(files), put: files.put.bind(files), check: files.check.bind(files), delete: () => Promise.reject(new Error("crash")) };
      const crashed = await applyRetention({ db: own.db, files: failing, clock }, later);
      expect(changedBy(crashed, "claim-records")).toBe(1);
      expect(crashed.filesDeleted).toBe(0);
      const next = await applyRetention({ db: own.db, files, clock }, later);
      expect(next.filesDeleted).toBeGreaterThanOrEqual(2);
      for (const doc of docs) {
        const stored = await files.get(doc.storage_key);
        await stored?.body.cancel();
        expect(stored).toBeNull();
      }
      expect(nothingChanged(await applyRetention({ db: own.db, files, clock }, later))).toBe(true);
    });
  }
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("on PostgreSQL, with two instances", () => {
  const { open } = usePostgresInstances(pgUrl!, "retention");

  it("two instances running the job at once close each account once and apply each rule to each record once", async () => {
    const { MemoryFileStore } = await import("../../server/lib/files");
    const a = await open();
    const b = await open();
    await migrateWithStandIns(a);
    const files = new MemoryFileStore();
    const claimIds: string[] = [];
    const userIds: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const s = await tenantWithClaim(a.db, files, `pg-retention-${i}@example.test`, T0);
      await resolveClaim(a.db, s.claimId, T0);
      await a.db.insert(accountClosureRequests).values({ id: newId(), userId: s.tenant.userId, requestedAt: T0 });
      claimIds.push(s.claimId);
      userIds.push(s.tenant.userId);
    }
    const clock = new FixedClock(T0);
    const closing = await Promise.all([applyRetention({ db: a.db, files, clock }, T0), applyRetention({ db: b.db, files, clock }, T0)]);
    expect(closing[0].accountsClosed + closing[1].accountsClosed).toBe(4);
    const later = new Date("2032-11-23T10:00:00Z");
    const runs = await Promise.all([applyRetention({ db: a.db, files, clock }, later), applyRetention({ db: b.db, files, clock }, later)]);
    expect(runs.reduce((n, r) => n + changedBy(r, "claim-records"), 0)).toBe(4);
    expect(runs.reduce((n, r) => n + changedBy(r, "closed-accounts"), 0)).toBe(4);
    const applied = await a.db.select().from(retentionApplied).where(inArray(retentionApplied.recordId, [...claimIds, ...userIds]));
    expect(applied).toHaveLength(8);
    expect(files.files.size).toBe(0);
    const tokens = await a.db.select().from(accessTokens).where(inArray(accessTokens.userId, userIds));
    expect(tokens.every((token) => token.revokedAt !== null || token.expiresAt <= later)).toBe(true);
    const again = await Promise.all([applyRetention({ db: a.db, files, clock }, later), applyRetention({ db: b.db, files, clock }, later)]);
    expect(again.every(nothingChanged)).toBe(true);
  });
});
