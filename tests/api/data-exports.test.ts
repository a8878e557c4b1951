import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { dataExportsSettled, sweepDataExports } from "../../server/data-exports";
import { exportCoverage } from "../../server/data-exports/coverage";
import { buildDataExport, requestDataExport } from "../../server/data-exports/service";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";
import { buildWorld, type World } from "../helpers/api-world";
import { tablesWithPersonColumns } from "../helpers/schema-tables";

/**
 * "Download your data" (issue 40, decision 0069): the ZIP of a tenant with a Keyfree at checkout,
 * a reference with a proof, claims with evidence and a counter-proposal, a payment plan with a
 * card and an adjudication (the isolation gate's world), and a claim shared with a co-tenant.
 * Every row of every table with a user or customer column that is theirs is in the file the
 * coverage map names; their documents are in it byte for byte; nothing of another tenant's.
 */
let t: TestApi;
let me: World & { token: string };
let other: World & { token: string };
const coTenant = { email: "export-co@example.test", firstName: "Cora", lastName: "Cotenant", mobileNumber: "07700900777" };
let files: Map<string, Buffer>;

function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const out = new Map<string, Buffer>();
      archive.on("entry", (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.on("end", () => resolve(out));
      archive.on("error", reject);
      archive.readEntry();
    });
  });
}

async function ops(command: string, body: unknown) {
  const res = await t.json("POST", `/ops/run/${command}`, body, undefined, { "x-ops-token": OPS_TOKEN });
  if (res.status !== 200) throw new Error(`ops ${command}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function download(token: string, exportId: string) {
  return t.api.request(`/me/data-exports/${exportId}/content`, { headers: { authorization: `Bearer ${token}` } });
}

const json = (name: string) => JSON.parse(files.get(name)!.toString("utf8")) as Record<string, unknown[]>;

beforeAll(async () => {
  t = await createTestApi();
  other = await buildWorld(t, "b");
  // A tenancy shared with a co-tenant, with charges: their name is seen, their contact details never.
  const shared = await ops("create-tenancy", {
    tenants: [{ email: "isolation-a@example.test", firstName: "Me", lastName: "Tenant" }, coTenant],
    ppm: 120_000,
    startDate: "2026-01-01",
    endDate: "2026-10-31",
    isNewTenancy: true,
    topUpEnabled: false,
    orderStatus: "COMPLETE",
  });
  await ops("raise-claim", { tenancyId: shared.tenancyId, items: [{ description: "Oven cleaning", type: "CLEANING", amount: 9_000 }] });
  // buildWorld asks for the export last, so it holds all of the above.
  me = await buildWorld(t, "a");
  const res = await download(me.token, me.exportId);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  files = await unzip(Buffer.from(await res.arrayBuffer()));
}, 180_000);
afterAll(() => t.close());

describe("the ZIP of a tenant's data (issue 40)", () => {
  it("has a README, a JSON file per area, the consent records and the documents", () => {
    const names = [...files.keys()];
    for (const name of ["README.txt", "account.json", "sign-in.json", "keyfrees.json", "references.json", "claims.json", "payment-plans.json", "payments.json", "support.json", "notices.json", "consent.json", "documents.json"]) {
      expect(names, name).toContain(name);
    }
    expect(names.filter((n) => n.startsWith("documents/")).length).toBeGreaterThanOrEqual(4);
    expect(files.get("README.txt")!.toString()).toContain("claims.json: End of tenancy charges");
    const consent = json("consent.json") as unknown as { termsSigned: unknown[]; cookieChoices: string };
    expect(consent.termsSigned.length).toBeGreaterThan(0);
    expect(consent.cookieChoices).toContain("only in a cookie in your own browser");
  });

  it("every row of theirs, in every table with a user or customer column the schema has, is in the file the coverage names", async () => {
    const coverage = exportCoverage();
    const owner = {
      user: [me.userId],
      customer: [me.customerId],
      order_customer: (await t.client.query<{ id: string }>(`select id from order_customers where customer_id = $1`, [me.customerId])).rows.map((r) => r.id),
    };
    const checked: string[] = [];
    const missing: string[] = [];
    for (const [table, columns] of tablesWithPersonColumns()) {
      const file = coverage.get(table)!;
      const listed = new Set((json(file)[table] ?? []).map((r) => (r as { id?: string; userId?: string }).id ?? (r as { userId: string }).userId));
      for (const column of columns) {
        const ids = column.endsWith("order_customer_id") ? owner.order_customer : column.endsWith("customer_id") ? owner.customer : owner.user;
        const key = table === "support_needs" ? "user_id" : "id";
        // The one row written after the ZIP: the e-mail saying it is ready.
        const after = table === "outbox_emails" ? ` and template <> 'DATA_EXPORT_READY'` : "";
        const rows = (await t.client.query<{ key: string }>(`select ${key} as key from "${table}" where ${column} = any($1)${after}`, [ids])).rows;
        for (const row of rows) if (!listed.has(row.key)) missing.push(`${table}.${column} ${row.key} not in ${file}`);
        if (rows.length > 0) checked.push(table);
      }
    }
    expect(missing).toEqual([]);
    // The world really has rows in the tables that matter here.
    for (const table of ["users", "customers", "order_customers", "claim_respondents", "claim_proposals", "claim_item_documents", "payment_plans", "payment_methods", "payment_intents", "references", "documents", "outbox_emails", "user_events", "data_exports"]) {
      expect(checked.includes(table) || table === "users", `${table} has rows of the tenant`).toBe(true);
    }
    expect(json("account.json").users).toHaveLength(1);
  });

  it("holds each document they uploaded, byte for byte, named in documents.json", async () => {
    const listed = json("documents.json").documents as { id: string; file: string | null; uploadedByYou: boolean }[];
    const uploaded = (await t.client.query<{ id: string; storage_key: string }>(`select id, storage_key from documents where uploaded_by_user_id = $1`, [me.userId])).rows;
    expect(uploaded.length).toBeGreaterThanOrEqual(4);
    for (const doc of uploaded) {
      const entry = listed.find((d) => d.id === doc.id);
      expect(entry?.file, doc.id).toBeTruthy();
      expect(Buffer.compare(files.get(entry!.file!)!, Buffer.from(t.files.bytes(doc.storage_key)!))).toBe(0);
    }
  });

  it("holds nothing of another tenant's, and of a co-tenant only their name", () => {
    const all = [...files.entries()].filter(([n]) => n.endsWith(".json") || n.endsWith(".txt")).map(([, b]) => b.toString("utf8")).join("\n");
    for (const foreign of [other.userId, other.customerId, other.claimId, other.paymentPlanId, other.documentId, other.exportId, "isolation-b@example.test"]) {
      expect(all, foreign).not.toContain(foreign);
    }
    expect(all).toContain("Cora");
    for (const secret of [coTenant.email, coTenant.mobileNumber]) expect(all).not.toContain(secret);
    // No secret of ours: no password hash, no token hash, no card fingerprint.
    expect(all).not.toMatch(/"(passwordHash|tokenHash|fingerprint|storageKey)"/);
  });

  it("the e-mail says it is ready, once, with the link to the signed-in page", async () => {
    const emails = (await t.client.query<{ text: string }>(`select text from outbox_emails where user_id = $1 and template = 'DATA_EXPORT_READY'`, [me.userId])).rows;
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("http://localhost:3000/account/data");
    expect(emails[0]!.text).toMatch(/until 10:00am on Sunday 29 November 2026 \(UK time\), 7 days from today/);
  });

  it("is answered only to its owner while ready: another tenant gets 404", async () => {
    expect((await download(other.token, me.exportId)).status).toBe(404);
    const view = await t.json("GET", "/me/data-exports", undefined, me.token);
    expect(view.body).toMatchObject({ latest: { id: me.exportId, state: "READY" }, expiryDays: 7 });
  });
});

describe("the export as a job (issue 40)", () => {
  it("one at a time: a second request while one is being prepared is refused with 409", async () => {
    const tenant = await t.quickTenant();
    const first = await requestDataExport(t.deps, tenant.userId);
    await expect(requestDataExport(t.deps, tenant.userId)).rejects.toMatchObject({ status: 409 });
    const res = await t.json("POST", "/me/data-exports", undefined, tenant.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Your data is already being prepared. We will e-mail you when it is ready.");
    // The request's own process never started it (a crash): the sweeper builds it, once.
    expect((await t.json("GET", "/me/data-exports", undefined, tenant.token)).body.latest).toMatchObject({ id: first.id, state: "PREPARING" });
    const swept = await sweepDataExports(t.deps, t.clock.now());
    expect(swept.built).toContain(first.id);
    expect(await buildDataExport(t.deps, first.id)).toBeNull();
    const emails = await t.client.query(`select id from outbox_emails where user_id = $1 and template = 'DATA_EXPORT_READY'`, [tenant.userId]);
    expect(emails.rows).toHaveLength(1);
  });

  it("a build that crashed is taken up once its lease runs out, not before", async () => {
    const tenant = await t.quickTenant();
    const row = await requestDataExport(t.deps, tenant.userId);
    // A build leased it and died: the lease holds for 15 minutes.
    await t.client.query(`update data_exports set claimed_until = $2, attempts = 1 where id = $1`, [row.id, new Date(t.clock.now().getTime() + 15 * 60_000)]);
    expect(await buildDataExport(t.deps, row.id)).toBeNull();
    t.clock.advance(16 * 60_000);
    expect(await buildDataExport(t.deps, row.id)).toBe(row.id);
  });

  it("after 7 days the file is deleted and the download is gone; a new request replaces a ready one", async () => {
    const tenant = await t.quickTenant();
    const res = await t.json("POST", "/me/data-exports", undefined, tenant.token);
    expect(res.status).toBe(201);
    expect(res.body.latest.state).toBe("PREPARING");
    await dataExportsSettled();
    const ready = (await t.json("GET", "/me/data-exports", undefined, tenant.token)).body.latest;
    expect(ready.state).toBe("READY");
    const key = `data-exports/${tenant.userId}/${ready.id}`;
    expect(t.files.bytes(key)).not.toBeNull();
    expect((await download(tenant.token, ready.id)).status).toBe(200);

    t.clock.advance(7 * 86_400_000 + 1);
    expect((await download(tenant.token, ready.id)).status).toBe(404);
    expect((await t.json("GET", "/me/data-exports", undefined, tenant.token)).body.latest.state).toBe("EXPIRED");
    const swept = await sweepDataExports(t.deps, t.clock.now());
    expect(swept.expired).toContain(ready.id);
    expect(t.files.bytes(key)).toBeNull();
    expect((await sweepDataExports(t.deps, t.clock.now())).expired).toEqual([]);

    // Asked again: a new one; asked once more when ready, the older one ends at once and its file goes.
    await t.json("POST", "/me/data-exports", undefined, tenant.token);
    await dataExportsSettled();
    const second = (await t.json("GET", "/me/data-exports", undefined, tenant.token)).body.latest;
    await t.json("POST", "/me/data-exports", undefined, tenant.token);
    await dataExportsSettled();
    expect((await download(tenant.token, second.id)).status).toBe(404);
    expect((await sweepDataExports(t.deps, t.clock.now())).expired).toContain(second.id);
  });
});
