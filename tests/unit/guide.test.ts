/**
 * The End of Tenancy Guide (issue 27 scope 1): its figures are the shared rule book's constants
 * (changing a constant changes the guide, page and PDF), and its PDF is tagged — a structure tree,
 * marked content, the language, a title shown in the window — with every heading in it.
 */
import { describe, expect, it } from "vitest";
import { PROPOSAL_HOLD_DAYS } from "#common/claim-confirmation";
import { ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS, COVER_WEEKS, DISPUTE_FEE_PENCE } from "#common/dispute-fee";
import { feeRuleSummary } from "#common/wording";
import { CASH_DEPOSIT_MAX_WEEKS, MINIMUM_KEYFREE_FEE_PENCE } from "#common/keyfree-fee";
import { RESPONSE_WINDOW_DAYS } from "#common/tenant-terms";
import { faqs, guide, numberedSteps, type Guide } from "../../app/lib/guide";
import { renderGuidePdf } from "../../app/lib/guide-pdf.server";
import { pdfObject as object, pdfText } from "../helpers/pdf";

const step = (g: Guide, id: string) => {
  const found = numberedSteps(g).find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return [found.heading, ...found.paragraphs, ...(found.list ?? [])].join("\n");
};
const allText = (g: Guide) => [g.title, g.intro, ...g.sections.flatMap((s) => [s.heading, ...s.steps.map((st) => step(g, st.id))])].join("\n");

describe("the guide's figures are the constants (part 1 §9, part 2 §9)", () => {
  const g = guide();
  it.each([
    ["the-fee", `a minimum of £${MINIMUM_KEYFREE_FEE_PENCE / 100}`],
    ["the-fee", `a cash deposit of up to ${CASH_DEPOSIT_MAX_WEEKS} weeks' rent`],
    ["the-fee", "one week's rent"],
    ["the-cover", `covered for up to ${COVER_WEEKS} weeks' rent`],
    ["seven-days", `You have ${RESPONSE_WINDOW_DAYS} days to respond`],
    ["paying-up-front", `at most ${PROPOSAL_HOLD_DAYS} days`],
    ["final-proposal", `You have ${RESPONSE_WINDOW_DAYS} days to respond to a final proposal`],
    ["formal-dispute", `£${DISPUTE_FEE_PENCE / 100} fee`],
    ["formal-dispute", feeRuleSummary({ fee: `£${DISPUTE_FEE_PENCE / 100}` })],
    ["the-adjudicator", `up to ${ADJUDICATION_MAX_WEEKS} weeks`],
    ["days-to-pay", `${ADJUDICATION_PAYMENT_DAYS} calendar days to pay`],
  ])("step %s says %s", (id, words) => {
    expect(step(g, id)).toContain(words);
  });

  it("states no number that is not one of the constants (no figure typed in by hand)", () => {
    const allowed = new Set(
      [MINIMUM_KEYFREE_FEE_PENCE / 100, CASH_DEPOSIT_MAX_WEEKS, COVER_WEEKS, RESPONSE_WINDOW_DAYS, PROPOSAL_HOLD_DAYS, DISPUTE_FEE_PENCE / 100, ADJUDICATION_MAX_WEEKS, ADJUDICATION_PAYMENT_DAYS, 0].map(String),
    );
    const faqText = faqs().flatMap((f) => [f.question, ...f.answer]).join("\n");
    const numbers = `${allText(g)}\n${faqText}`.match(/\d+(?:[.,]\d+)*/g) ?? [];
    expect(numbers.length).toBeGreaterThan(5);
    expect(numbers.filter((n) => !allowed.has(n))).toEqual([]);
  });

  it("each step has a unique anchor, and every FAQ links to one", () => {
    const ids = numberedSteps(g).map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const faq of faqs()) expect(ids, faq.question).toContain(faq.step);
  });
});

describe("the guide's PDF is tagged and titled (PDF/UA essentials)", async () => {
  const g = guide();
  const pdf = await renderGuidePdf(g);
  const raw = pdf.toString("latin1");

  it("is a PDF, marked as tagged, with a structure tree whose root is a Document", () => {
    expect(raw.startsWith("%PDF-")).toBe(true);
    const markInfo = /\/MarkInfo (\d+) 0 R/.exec(raw)?.[1];
    expect(markInfo).toBeDefined();
    expect(object(raw, markInfo!)).toMatch(/<<\s*\/Marked true\s*>>/);
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    for (const tag of ["Document", "H1", "H2", "H3", "P", "L", "LI", "LBody"]) expect(raw, tag).toContain(`/S /${tag}\n`);
  });

  it("embeds its fonts (none only named), each with a ToUnicode map", () => {
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    const embedded = raw.match(/\/FontFile2 \d+ 0 R/g) ?? [];
    expect(embedded.length, "both fonts embedded").toBe(2);
    expect((raw.match(/\/ToUnicode \d+ 0 R/g) ?? []).length).toBe(2);
  });

  it("has its language, and a title the viewer shows", () => {
    expect(raw).toContain("/Lang (en-GB)");
    const title = /\/Producer \d+ 0 R[^>]*\/Title (\d+) 0 R/.exec(raw)?.[1];
    expect(title, "the information dictionary's Title").toBeDefined();
    expect(object(raw, title!)).toContain(`(Keyfree ${g.title})`);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
  });

  it("holds every heading, in reading order", () => {
    const text = pdfText(pdf);
    const numbered = numberedSteps(g);
    const headings = [
      `Keyfree ${g.title}`,
      ...g.sections.flatMap((s) => [s.heading, ...s.steps.map((st) => `Step ${numbered.find((n) => n.id === st.id)!.number}: ${st.heading}`)]),
    ];
    let from = 0;
    for (const heading of headings) {
      const at = text.indexOf(heading, from);
      expect(at, heading).toBeGreaterThanOrEqual(0);
      from = at;
    }
  });
});
