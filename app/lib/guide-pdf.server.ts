import { guide, numberedSteps, type Guide } from "~/lib/guide";
import { pdfBuffer, taggedPdf } from "~/lib/pdf.server";
import { PRODUCT } from "~/lib/product";
import { fileSizeText } from "./file-size";

/**
 * The End of Tenancy Guide as a PDF (issue 27 scope 1), made with pdfkit from the same source as
 * the page (app/lib/guide.ts), not a hand-made file. Tagged for screen readers by the app's one
 * PDF setup (app/lib/pdf.server.ts, decision 0064): a structure tree (Document → H1, P, H2, H3,
 * L → LI → Lbl/LBody) in reading order, the language, the title shown in the window and bookmarks
 * for the headings. Made once per process: the guide only changes with a deployment.
 */
export function renderGuidePdf(g: Guide = guide()): Promise<Buffer> {
  const pdf = taggedPdf({ title: `${PRODUCT.name} ${g.title}`, subject: g.intro });
  const done = pdfBuffer(pdf.doc);
  pdf.heading(1, `${PRODUCT.name} ${g.title}`);
  pdf.paragraph(g.intro, 0.8);
  const steps = numberedSteps(g);
  for (const section of g.sections) {
    const sectionItem = pdf.heading(2, section.heading, {});
    for (const step of section.steps) {
      const heading = `Step ${steps.find((s) => s.id === step.id)!.number}: ${step.heading}`;
      pdf.heading(3, heading, { parent: sectionItem });
      for (const p of step.paragraphs) pdf.paragraph(p);
      if (step.list) pdf.list(step.list);
      pdf.doc.moveDown(0.4);
    }
  }
  pdf.end();
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
  return fileSizeText((await guidePdf()).length);
}
