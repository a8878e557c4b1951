import path from "node:path";
import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import { PRODUCT } from "~/lib/product";

/**
 * The one place the app's PDFs are set up (issue 27's guide, issue 39's statement and receipts;
 * decision 0064): pdfkit, tagged for screen readers (PDF/UA's essentials) — a structure tree in
 * reading order under one Document element, the language (en-GB), the title shown in the window
 * (DisplayDocTitle), bookmarks for the headings, tables tagged as tables (Table → TR → TH with a
 * Scope / TD) — and real text in embedded fonts, never text as images.
 *
 * Embedded fonts (PDF/UA: a reader must not have to guess glyphs from a font's name): DejaVu Sans,
 * regular and bold, kept in the repository (assets/fonts/, with its licence) and subset into the
 * PDF by pdfkit, each with its ToUnicode map so the text can be read out and copied.
 */
const FONTS = { body: path.resolve("assets/fonts/DejaVuSans.ttf"), bold: path.resolve("assets/fonts/DejaVuSans-Bold.ttf") };

const INK = "#0b0c0c";
const HEADING_STYLE = { H1: { size: 22, gap: 0.4 }, H2: { size: 17, gap: 0.4 }, H3: { size: 13, gap: 0.3 } } as const;

type Bookmark = ReturnType<PDFKit.PDFDocument["outline"]["addItem"]>;
type TableCell = string | { text: string; header?: "column" | "row" };

export type TaggedPdf = {
  doc: PDFKit.PDFDocument;
  /** A heading (H1–H3) in bold; `bookmark` puts it in the outline, under `parent` if given. */
  heading(level: 1 | 2 | 3, text: string, bookmark?: { parent?: Bookmark }): Bookmark | undefined;
  /** A paragraph of body text. */
  paragraph(text: string, gapAfter?: number): void;
  /** A bulleted list (L → LI → Lbl/LBody). */
  list(items: string[]): void;
  /**
   * A table tagged as one (Table → TR → TH/TD): `headers` are column headers (TH, Scope Column);
   * a row's cell given as `{ text, header: "row" }` is its row header (TH, Scope Row).
   * `widths`: each column's share of the width, in points or "*".
   */
  table(headers: string[], rows: TableCell[][], widths?: Array<number | string>): void;
  /** Closes the structure tree and the document: nothing may be added after. */
  end(): void;
};

/** A new tagged A4 document with its title (also the window's) and subject, and its root Document element. */
export function taggedPdf(info: { title: string; subject?: string }): TaggedPdf {
  const doc = new PDFDocument({
    tagged: true,
    font: FONTS.body,
    lang: "en-GB",
    displayTitle: true,
    size: "A4",
    margin: 56,
    info: { Title: info.title, Author: PRODUCT.name, ...(info.subject ? { Subject: info.subject } : {}) },
  });
  doc.registerFont("Body", FONTS.body);
  doc.registerFont("Bold", FONTS.bold);
  const root = doc.struct("Document");
  doc.addStructure(root);
  const block = (type: "H1" | "H2" | "H3" | "P", text: string, font: string, size: number, gapAfter: number) => {
    root.add(
      doc.struct(type, {}, () => {
        doc.font(font).fontSize(size).fillColor(INK).text(text);
      }),
    );
    doc.moveDown(gapAfter);
  };
  return {
    doc,
    heading(level, text, bookmark) {
      const tag = `H${level}` as const;
      const item = bookmark ? (bookmark.parent ?? doc.outline).addItem(text) : undefined;
      block(tag, text, "Bold", HEADING_STYLE[tag].size, HEADING_STYLE[tag].gap);
      return item;
    },
    paragraph(text, gapAfter = 0.4) {
      block("P", text, "Body", 12, gapAfter);
    },
    list(items) {
      const list = doc.struct("L");
      root.add(list);
      doc.font("Body").fontSize(12).fillColor(INK).list(items, { structParent: list, listType: "bullet", bulletRadius: 2.5, paragraphGap: 3 });
      list.end();
      doc.moveDown(0.4);
    },
    table(headers, rows, widths) {
      const th = (text: string, scope: "column" | "row") => ({ text, type: "TH" as const, scope, font: { src: "Bold" } });
      const data = [
        headers.map((h) => th(h, "column")),
        ...rows.map((row) => row.map((cell) => (typeof cell === "string" ? { text: cell } : cell.header ? th(cell.text, cell.header) : { text: cell.text }))),
      ];
      doc.font("Body").fontSize(10).fillColor(INK);
      // pdfkit's typings lack the table's structParent and a cell's scope (both in pdfkit 0.17's docs).
      doc.table({
        structParent: root,
        data,
        defaultStyle: { padding: 4, border: 0.5, borderColor: "#b1b4b6" },
        ...(widths ? { columnStyles: widths } : {}),
      } as unknown as PDFKit.Mixins.TableOptionsWithData);
      doc.x = doc.page.margins.left;
      doc.moveDown(0.8);
    },
    end() {
      root.end();
      doc.end();
    },
  };
}

/** The whole document in memory: for what is made once and kept (the guide). */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/**
 * A PDF sent as it is made (pdfkit's document is a stream): the response's body is the document's
 * stream, never a whole buffer. `write` draws the document; the caller's data is already read.
 */
export function pdfResponse(pdf: TaggedPdf, write: (pdf: TaggedPdf) => void, fileName: string): Response {
  const body = Readable.toWeb(pdf.doc) as unknown as ReadableStream<Uint8Array>;
  write(pdf);
  pdf.end();
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, "-")}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
