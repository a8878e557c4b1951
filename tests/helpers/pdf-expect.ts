import { expect } from "vitest";
import { pdfObject, pdfString } from "./pdf";

/**
 * The tagged-PDF essentials (PDF/UA) every PDF of ours has: marked, a structure tree under a
 * Document, `tags` present, the language, a title the viewer shows, and both fonts embedded with
 * their ToUnicode maps (no font only named).
 */
export function expectTaggedPdf(pdf: Buffer, title: string, tags: string[]): void {
  const raw = pdf.toString("latin1");
  expect(raw.startsWith("%PDF-")).toBe(true);
  const markInfo = /\/MarkInfo (\d+) 0 R/.exec(raw)?.[1];
  expect(markInfo).toBeDefined();
  expect(pdfObject(raw, markInfo!)).toMatch(/<<\s*\/Marked true\s*>>/);
  expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
  for (const tag of ["Document", ...tags]) expect(raw, tag).toContain(`/S /${tag}\n`);
  expect(raw).toContain("/Lang (en-GB)");
  const titleRef = /\/Producer \d+ 0 R[^>]*\/Title (\d+) 0 R/.exec(raw)?.[1];
  expect(titleRef, "the information dictionary's Title").toBeDefined();
  expect(pdfString(pdfObject(raw, titleRef!))).toBe(title);
  expect(raw).toMatch(/\/DisplayDocTitle true/);
  expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
  const fonts = (raw.match(/\/FontFile2 \d+ 0 R/g) ?? []).length;
  expect(fonts, "fonts embedded").toBeGreaterThan(0);
  expect((raw.match(/\/ToUnicode \d+ 0 R/g) ?? []).length, "a ToUnicode map for each embedded font").toBe(fonts);
  expect(raw, "bookmarks").toMatch(/\/Outlines \d+ 0 R/);
}

