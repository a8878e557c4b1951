/**
 * Writing a tenant's ZIP (issue 40, decision 0069), streamed: archiver's ZipArchive writes to a
 * scratch file on this machine's disk as each entry is read — the JSON files a batch of rows at
 * a time (./contents.ts), each document as a stream from the file store — and the finished file
 * goes to the file store as a file-backed Blob (local disk or S3, both read it in chunks with its
 * length known). One entry is open at a time: neither the archive, nor a table, nor all the
 * documents are ever held in memory.
 */
import { once } from "node:events";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { ZipArchive } from "archiver";
import { asc, eq } from "drizzle-orm";
import { PRODUCT_NAME } from "#common/product";
import type { Deps } from "../context";
import { documents, orderCustomerActions, supportNeeds, users } from "../db/schema";
import { exportDocumentPath } from "../domain/data-exports";
import { EXPORT_FILES, type ExportFile } from "./contents";
import { exportOwner, within, type ExportOwner } from "./owner";

/** Where the finished ZIP goes in the file store. */
export const exportStorageKey = (userId: string, exportId: string) => `data-exports/${userId}/${exportId}`;

/** Writes the tenant's ZIP to the file store under exportStorageKey; answers its size in bytes. */
export async function writeDataExport(deps: Pick<Deps, "db" | "files" | "clock">, userId: string, exportId: string): Promise<{ key: string; size: number }> {
  const owner = await exportOwner(deps.db, userId);
  if (!owner) throw new Error(`data export ${exportId}: no such user`);
  const dir = await mkdtemp(path.join(tmpdir(), "keyfree-export-"));
  try {
    const file = path.join(dir, "export.zip");
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const written = pipeline(archive, createWriteStream(file));
    // Each entry is added once the one before has been written: one source open at a time.
    const add = async (source: Readable | string, name: string) => {
      const entry = once(archive, "entry");
      // A source that fails (a query refused, a file store gone) fails the build, never the process:
      // its error is listened for here (archiver does not), and ends the wait for its entry.
      const failed = typeof source === "string" ? null : new Promise<never>((_, reject) => source.once("error", reject));
      failed?.catch(() => undefined);
      archive.append(source, { name, date: deps.clock.now() });
      await Promise.race([entry, written, ...(failed ? [failed] : [])]);
    };
    try {
      await add(readme(), "README.txt");
      for (const f of EXPORT_FILES) await add(bytes(jsonFile(deps, owner, f)), f.name);
      await add(json(await consent(deps, owner)), "consent.json");
      const listed: Record<string, unknown>[] = [];
      for (const doc of await deps.db.select().from(documents).where(within(documents.id, owner.documentIds)).orderBy(asc(documents.id))) {
        const stored = await deps.files.get(doc.storageKey);
        const inZip = stored ? exportDocumentPath(doc.id, doc.name) : null;
        listed.push({ ...omitKey(doc, "storageKey", "uploadedByUserId"), uploadedByYou: doc.uploadedByUserId === userId, file: inZip });
        if (stored && inZip) await add(Readable.fromWeb(stored.body as unknown as NodeWebStream<Uint8Array>), inZip);
      }
      await add(json({ about: DOCUMENTS_ABOUT, documents: listed }), "documents.json");
      await archive.finalize();
    } catch (error) {
      archive.abort();
      // The archive is destroyed too, so the pipeline to the scratch file ends now rather than waiting.
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
      await written.catch(() => undefined);
      throw error;
    }
    await written;
    const key = exportStorageKey(userId, exportId);
    const { size } = await stat(file);
    await deps.files.put(key, await openAsBlob(file, { type: "application/zip" }));
    return { key, size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const DOCUMENTS_ABOUT = "The documents you uploaded (proofs for your eligibility checks, evidence, signed terms): each file is in documents/ under the name given here. A file we no longer hold has no name in the ZIP (file: null).";

function omitKey<R extends Record<string, unknown>>(row: R, ...keys: string[]) {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
}

/** One export file as JSON text, a row at a time: {"about": …, "<table>": [rows…], …}. */
async function* jsonFile(deps: Pick<Deps, "db">, owner: ExportOwner, file: ExportFile): AsyncGenerator<string> {
  yield `{\n  "about": ${JSON.stringify(file.about)}`;
  for (const [table, rows] of Object.entries(file.tables)) {
    yield `,\n  ${JSON.stringify(table)}: [`;
    let first = true;
    for await (const row of await rows(deps.db, owner)) {
      yield `${first ? "" : ","}\n    ${JSON.stringify(row)}`;
      first = false;
    }
    yield first ? "]" : "\n  ]";
  }
  yield "\n}\n";
}

/** Text chunks as a byte stream (not object mode), read as the archive asks. */
function bytes(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false });
}

/** A small computed file: built whole (a few rows), then added. */
function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * What the tenant agreed to, and when: the terms they signed at checkout (name, time, address),
 * their support needs' consent, text messages on or off. Their cookie choices are not held by
 * us: they are kept only in a cookie in their own browser (the Cookies page shows and changes them).
 */
async function consent(deps: Pick<Deps, "db">, owner: ExportOwner) {
  const [user] = await deps.db.select({ smsNotices: users.smsNotices }).from(users).where(eq(users.id, owner.userId));
  const [needs] = await deps.db.select({ consentedAt: supportNeeds.consentedAt }).from(supportNeeds).where(eq(supportNeeds.userId, owner.userId));
  const signed = await deps.db
    .select({ id: orderCustomerActions.id, typeId: orderCustomerActions.typeId, completedAt: orderCustomerActions.completedAt, details: orderCustomerActions.details })
    .from(orderCustomerActions)
    .where(within(orderCustomerActions.orderCustomerId, owner.orderCustomerIds))
    .orderBy(asc(orderCustomerActions.id));
  return {
    about: "What you agreed to, and when.",
    termsSigned: signed.filter((a) => a.typeId === "KEYFREE_SIGN" || a.typeId === "KEYFREE_SIGN_ADDENDUM").map((a) => ({ ...a, keyfreeAction: a.typeId })),
    supportNeedsRecordedWithYourConsentOn: needs?.consentedAt ?? null,
    textMessages: user?.smsNotices ?? null,
    cookieChoices: "Your answers to the cookie banner are kept only in a cookie in your own browser, never by us. The Cookies page shows and changes them.",
  };
}

function readme(): string {
  const lines = [
    `Your data from ${PRODUCT_NAME}`,
    "",
    "Everything we hold about you, as it is stored. Each .json file is one area; in each, every list is one of our tables,",
    "with a row for each of your records. Dates and times are in UTC; amounts are in pence (15000 is £150.00).",
    "",
    ...EXPORT_FILES.map((f) => `${f.name}: ${f.about}`),
    "consent.json: What you agreed to, and when.",
    `documents.json: ${DOCUMENTS_ABOUT}`,
    "",
    "Of what you share with others (a tenancy, a claim) it holds what you can already see: your co-tenants by name, never their",
    "contact details. We never hold your card number or your password.",
  ];
  return `${lines.join("\n")}\n`;
}
