import { createHash } from "node:crypto";
import type { TaggedPdf } from "~/lib/pdf.server";
import { PRODUCT } from "~/lib/product";
import type { ClaimRecordView, RecordCell } from "./claim-record";

/** Bump when the drawing below changes, so PDFs cached by an older drawing are made again. */
const LAYOUT = 1;
/** Long tables are drawn in parts of this many rows (each with its header row), yielding between parts. */
const ROWS_PER_PART = 60;

/** The cache key of a record's PDF: a SHA-256 of the worded record (it changes with the record) and the drawing. */
export function recordPdfKey(view: ClaimRecordView): string {
  return createHash("sha256").update(JSON.stringify({ LAYOUT, view: { ...view, fileName: "" } })).digest("hex");
}

const pdfCell = (cell: RecordCell) => (typeof cell === "string" ? cell : "href" in cell ? cell.text : cell);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Draws the claim record (issue 39) into a tagged PDF (app/lib/pdf.server.ts): the same view the
 * page shows, section by section, each table tagged as a table with its header cells. It yields
 * between parts so the document streams to its file as it is made.
 */
export async function drawClaimRecord(pdf: TaggedPdf, view: ClaimRecordView, sharedWith?: string): Promise<void> {
  pdf.heading(1, view.heading, {});
  pdf.paragraph(view.address);
  pdf.paragraph(`The record as at ${view.asAt} (UK time), from ${PRODUCT.name}.${sharedWith ? ` Shared with ${sharedWith}.` : ""}`, 0.6);
  pdf.table(["Detail", "Value"], view.facts.map(([term, value]) => [{ text: term, header: "row" }, value]), [150, "*"]);
  for (const section of view.sections) {
    await nextTurn();
    pdf.heading(2, section.heading, {});
    for (const p of section.paragraphs) pdf.paragraph(p);
    for (const table of section.tables) {
      pdf.heading(3, table.caption);
      for (let start = 0; start < table.rows.length; start += ROWS_PER_PART) {
        pdf.table(table.headers, table.rows.slice(start, start + ROWS_PER_PART).map((row) => row.map(pdfCell)));
        await nextTurn();
      }
    }
  }
}
