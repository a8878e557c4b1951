import path from "node:path";
import PDFDocument from "pdfkit";
import { guide, numberedSteps, type Guide } from "~/lib/guide";
import { PRODUCT } from "~/lib/product";

/**
 * The End of Tenancy Guide as a PDF (issue 27 scope 1), made with pdfkit from the same source as
 * the page (app/lib/guide.ts), not a hand-made file. Tagged for screen readers (PDF/UA's
 * essentials): a structure tree (Document → H1, P, H2, H3, L → LI → Lbl/LBody) in reading order,
 * the language (en-GB), the title shown in the window (DisplayDocTitle) and bookmarks for the
 * headings. Made once per process: the guide only changes with a deployment.
 */
/**
 * Embedded fonts (PDF/UA: a reader must not have to guess glyphs from a font's name): DejaVu Sans,
 * regular and bold, kept in the repository (assets/fonts/, with its licence) and subset into the
 * PDF by pdfkit, each with its ToUnicode map so the text can be read out and copied.
 */
const FONTS = { body: path.resolve("assets/fonts/DejaVuSans.ttf"), bold: path.resolve("assets/fonts/DejaVuSans-Bold.ttf") };

export function renderGuidePdf(g: Guide = guide()): Promise<Buffer> {
  const doc = new PDFDocument({
    tagged: true,
    font: FONTS.body,
    lang: "en-GB",
    displayTitle: true,
    size: "A4",
    margin: 56,
    info: { Title: `${PRODUCT.name} ${g.title}`, Author: PRODUCT.name, Subject: g.intro },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.registerFont("Body", FONTS.body);
  doc.registerFont("Bold", FONTS.bold);
  const root = doc.struct("Document");
  doc.addStructure(root);
  const block = (type: "H1" | "H2" | "H3" | "P", text: string, font: string, size: number, gapAfter: number) => {
    root.add(
      doc.struct(type, {}, () => {
        doc.font(font).fontSize(size).fillColor("#0b0c0c").text(text);
      }),
    );
    doc.moveDown(gapAfter);
  };

  block("H1", `${PRODUCT.name} ${g.title}`, "Bold", 22, 0.4);
  block("P", g.intro, "Body", 12, 0.8);
  const steps = numberedSteps(g);
  for (const section of g.sections) {
    const sectionItem = doc.outline.addItem(section.heading);
    block("H2", section.heading, "Bold", 17, 0.4);
    for (const step of section.steps) {
      const heading = `Step ${steps.find((s) => s.id === step.id)!.number}: ${step.heading}`;
      sectionItem.addItem(heading);
      block("H3", heading, "Bold", 13, 0.3);
      for (const p of step.paragraphs) block("P", p, "Body", 12, 0.4);
      if (step.list) {
        const list = doc.struct("L");
        root.add(list);
        doc.font("Body").fontSize(12).list(step.list, { structParent: list, listType: "bullet", bulletRadius: 2.5, paragraphGap: 3 });
        list.end();
        doc.moveDown(0.4);
      }
      doc.moveDown(0.4);
    }
  }
  root.end();
  doc.end();
  return done;
}

let cached: Promise<Buffer> | undefined;

/** The guide's PDF, made on the first request and kept for the process. */
export function guidePdf(): Promise<Buffer> {
  cached ??= renderGuidePdf().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The PDF's size for a link's text: "96 KB". */
export async function guidePdfSizeText(): Promise<string> {
  const bytes = (await guidePdf()).length;
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
