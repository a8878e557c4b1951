/**
 * The adjudicator's reasons and decision document (issue 39), as the outside adjudicator gives
 * them: decideAdjudication (claims.ts) stores the reasons per item with the decision, and
 * attachDecisionDocument stores a PDF the adjudicator sent as the arbitration's document.
 * The product keeps them (arbitration_reasons, arbitration_documents and the file store) and
 * shows them on the arbitration page. Decision 0063.
 */
import { readFile, stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { fail } from "../../server/claims/records";
import type { Database } from "../../server/db";
import { arbitrationDocuments, arbitrationReasons, arbitrations, claimItems } from "../../server/db/schema";
import type { FileStore } from "../../server/lib/files";
import { newId } from "../../server/lib/tokens";
import { detectKind, storeDocument } from "../../server/lib/uploads";
import { hasForbiddenCharacters, TEXT_LIMITS, withoutForbiddenCharacters } from "#common/input";
import { UPLOAD_MAX_BYTES } from "#common/uploads";

/** One item's reason: multi-line text, as long as a long text (a proposal's reasoning) may be. */
const Reason = z
  .string()
  .trim()
  .min(1, "A reason cannot be empty")
  .max(TEXT_LIMITS.longText, `A reason can be at most ${TEXT_LIMITS.longText} characters`)
  .refine((v) => !hasForbiddenCharacters(v, "multi-line"), "A reason contains a character we can't accept");

/** The reasons per claim item id and, optionally, what was awarded for each item (pence). */
export const AdjudicatorReasonsInput = z.object({
  reasons: z.record(z.string().min(1).max(100), Reason).optional(),
  awarded: z.record(z.string().min(1).max(100), z.number().int().min(0)).optional(),
});
export type AdjudicatorReasons = z.infer<typeof AdjudicatorReasonsInput>;

type Checked = { claimItemId: string; reason: string; awardedAmount: number | null }[];

/**
 * The reasons checked against the claim: each names an item of this claim, an amount awarded
 * comes with a reason for its item, and when every item has an amount they add up to the award.
 */
export async function checkReasons(tx: Database, claimId: string, amount: number, input: AdjudicatorReasons): Promise<Checked> {
  const { reasons = {}, awarded = {} } = AdjudicatorReasonsInput.parse(input);
  const itemIds = new Set((await tx.select({ id: claimItems.id }).from(claimItems).where(eq(claimItems.claimId, claimId))).map((i) => i.id));
  for (const id of [...Object.keys(reasons), ...Object.keys(awarded)]) {
    if (!itemIds.has(id)) fail(`Item ${id} is not an item of claim ${claimId}`);
  }
  for (const id of Object.keys(awarded)) {
    if (reasons[id] === undefined) fail(`Item ${id} has an amount awarded but no reason`);
  }
  const amounts = Object.values(awarded);
  if (amounts.length === itemIds.size && amounts.length > 0 && amounts.reduce((a, b) => a + b, 0) !== amount) {
    fail(`The amounts awarded per item add up to ${amounts.reduce((a, b) => a + b, 0)}, not the ${amount} awarded`);
  }
  return Object.entries(reasons).map(([claimItemId, reason]) => ({ claimItemId, reason, awardedAmount: awarded[claimItemId] ?? null }));
}

export async function storeReasons(tx: Database, arbitrationId: string, checked: Checked, now: Date) {
  if (checked.length === 0) return;
  await tx.insert(arbitrationReasons).values(checked.map((r) => ({ id: newId(), arbitrationId, ...r, createdAt: now })));
}

/** The decision document: a path on the ops machine, or the bytes as base64; and its name. */
export const DecisionDocumentInput = z
  .object({
    claimId: z.string().min(1).max(100),
    path: z.string().min(1).max(4096).optional(),
    base64: z.string().min(1).max(Math.ceil(UPLOAD_MAX_BYTES / 3) * 4).optional(),
    name: z.string().trim().min(1).max(TEXT_LIMITS.fileName).optional(),
  })
  .refine((v) => (v.path === undefined) !== (v.base64 === undefined), "Give the PDF as either path or base64");

const tooLarge = () => fail(`The decision document is larger than ${UPLOAD_MAX_BYTES} bytes`);

async function pdfBytes(input: z.infer<typeof DecisionDocumentInput>): Promise<Uint8Array> {
  let bytes: Uint8Array;
  if (input.path !== undefined) {
    const info = await stat(input.path).catch(() => fail(`No file at ${input.path}`));
    if (!info.isFile()) fail(`${input.path} is not a file`);
    if (info.size > UPLOAD_MAX_BYTES) tooLarge();
    bytes = new Uint8Array(await readFile(input.path));
  } else {
    bytes = new Uint8Array(Buffer.from(input.base64!, "base64"));
  }
  if (bytes.length > UPLOAD_MAX_BYTES) tooLarge();
  // Checked by its content, never its name: a PDF starts with %PDF- and ends with %%EOF.
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString("latin1");
  if (detectKind(bytes.subarray(0, 16)) !== "pdf" || !tail.includes("%%EOF")) fail("The decision document is not a PDF");
  return bytes;
}

/**
 * Ops attach the adjudicator's decision document to a claim's arbitration: stored in the file
 * store and listed with the arbitration's documents (the page links it, like the report).
 */
export async function attachDecisionDocument(db: Database, files: FileStore | undefined, raw: unknown, now: Date) {
  const input = DecisionDocumentInput.parse(raw);
  if (!files) return fail("The decision document needs a file store");
  const bytes = await pdfBytes(input);
  const fallback = input.path?.split(/[\\/]/).pop() ?? "Adjudicator's decision.pdf";
  let name = withoutForbiddenCharacters(input.name ?? fallback).trim() || "Adjudicator's decision.pdf";
  if (!/\.pdf$/i.test(name)) name = `${name}.pdf`;
  return db.transaction(async (tx) => {
    const [arbitration] = await tx.select().from(arbitrations).where(eq(arbitrations.claimId, input.claimId)).for("update");
    if (!arbitration) return fail(`Claim ${input.claimId} has no arbitration`);
    const doc = await storeDocument(
      { db: tx, files, clock: { now: () => now } },
      { name, body: bytes, contentType: "application/pdf", size: bytes.length },
      { typeId: "ADJUDICATION_REPORT", userId: null },
    );
    await tx.insert(arbitrationDocuments).values({ id: newId(), arbitrationId: arbitration.id, documentId: doc.id, createdAt: now });
    return { arbitrationId: arbitration.id, documentId: doc.id, name };
  });
}
