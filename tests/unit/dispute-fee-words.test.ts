/**
 * One story about the £60 (issue 27 scope 5, part 1 §4.1, docs/decisions/0022): every page says
 * what happens to the dispute fee in the sentences of common/wording/fees.ts, chosen by the
 * one rule (common/dispute-fee.ts disputeFeeSettlement).
 *
 * - The words agree with the rule, case by case: a sentence says "refunded" only where the rule
 *   refunds something, "credited" only where it credits, and the advance words of a case are the
 *   ones the Result card's words confirm afterwards.
 * - No other module in app/ or common/ states a refund or a credit in words of its own (its
 *   string literals and JSX text are read, not its comments): a page that wrote "the £60 is
 *   refunded if …" itself fails here. The proposal's upfront payment ("refunded in full if your
 *   proposal is refused", part 1 §4.1) is another sum, and listed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DISPUTE_FEE_PENCE, disputeFeeSettlement, type DisputeFeeCase } from "#common/dispute-fee";
import { feeCaseSentence, feeOutcomeAfter, feeOutcomeInAdvance, feeRuleInAdvance, feeRuleSummary } from "#common/wording";

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const figures = { fee: pounds(DISPUTE_FEE_PENCE), limit: "£960.00" };

// award, asked (finalAmount), limit → the case, what is credited against what is owed, what is refunded
const TABLE: Array<{ awarded: number; asked: number; limit: number; feeCase: DisputeFeeCase; creditUsed: number; refund: number; due: number }> = [
  { awarded: 65_000, asked: 65_000, limit: 96_000, feeCase: "EVERYTHING", creditUsed: 0, refund: 0, due: 65_000 },
  { awarded: 70_000, asked: 65_000, limit: 96_000, feeCase: "EVERYTHING", creditUsed: 0, refund: 0, due: 70_000 },
  { awarded: 100_000, asked: 120_000, limit: 96_000, feeCase: "NOT_BELOW_LIMIT", creditUsed: 0, refund: 0, due: 96_000 },
  { awarded: 96_000, asked: 120_000, limit: 96_000, feeCase: "NOT_BELOW_LIMIT", creditUsed: 0, refund: 0, due: 96_000 },
  { awarded: 95_999, asked: 120_000, limit: 96_000, feeCase: "REDUCED", creditUsed: 6_000, refund: 0, due: 89_999 },
  { awarded: 30_000, asked: 65_000, limit: 96_000, feeCase: "REDUCED", creditUsed: 6_000, refund: 0, due: 24_000 },
  { awarded: 6_000, asked: 65_000, limit: 96_000, feeCase: "REDUCED", creditUsed: 6_000, refund: 0, due: 0 },
  { awarded: 2_500, asked: 65_000, limit: 96_000, feeCase: "REDUCED_BELOW_FEE", creditUsed: 2_500, refund: 3_500, due: 0 },
  { awarded: 0, asked: 65_000, limit: 96_000, feeCase: "NOTHING", creditUsed: 0, refund: 6_000, due: 0 },
];

describe("the rule: what happens to the £60 (part 1 §4.1)", () => {
  it.each(TABLE)("awarded $awarded of $asked (limit $limit) → $feeCase, $creditUsed off what is owed, $refund refunded", (row) => {
    const s = disputeFeeSettlement({ adjudicatedAmountPence: row.awarded, finalAmountPence: row.asked, limitPence: row.limit });
    expect({ feeCase: s.case, creditUsed: s.creditUsedPence, refund: s.refundPence, due: s.amountDuePence }).toEqual({
      feeCase: row.feeCase,
      creditUsed: row.creditUsed,
      refund: row.refund,
      due: row.due,
    });
    expect(s.creditUsedPence + s.refundPence).toBe(s.outcome.creditPence);
  });
});

describe("the words agree with the rule, case by case", () => {
  it.each(TABLE)("awarded $awarded of $asked (limit $limit): the Result card's words say what the rule did", (row) => {
    const s = disputeFeeSettlement({ adjudicatedAmountPence: row.awarded, finalAmountPence: row.asked, limitPence: row.limit });
    const after = feeOutcomeAfter(s, { ...figures, landlord: "Harbour Lettings", pounds });
    expect(after.credited).toBe(s.outcome.credited);
    expect(/\brefunded\b/.test(after.text) && !/not credited or refunded/.test(after.text)).toBe(s.refundPence > 0);
    expect(/is credited/.test(after.text)).toBe(s.creditUsedPence > 0);
    expect(/not credited or refunded/.test(after.text)).toBe(!s.outcome.credited);
    if (s.refundPence > 0 && s.creditUsedPence > 0) expect(after.text).toContain(`${pounds(s.creditUsedPence)} of it comes off what you owe, and the other ${pounds(s.refundPence)} is refunded`);
    // What was said in advance for this case says the same thing.
    const before = feeOutcomeInAdvance(s.case, figures);
    expect(/not credited or refunded/.test(before)).toBe(!s.outcome.credited);
    if (s.case === "NOTHING") expect(before).toContain("refunded to your card in full");
    if (s.outcome.credited && s.case !== "NOTHING") expect(before).toContain("is credited: it comes off what you owe");
  });

  it("says in advance only the cases a claim can reach, each once", () => {
    const within = feeRuleInAdvance({ ...figures, canExceedLimit: false });
    expect(within.map((c) => c.case)).toEqual(["EVERYTHING", "REDUCED", "NOTHING"]);
    const above = feeRuleInAdvance({ ...figures, canExceedLimit: true });
    expect(above.map((c) => c.case)).toEqual(["EVERYTHING", "NOT_BELOW_LIMIT", "REDUCED", "NOTHING"]);
    expect(above.map(feeCaseSentence)[1]).toBe(
      "If they award less than was asked for, but still £960.00 or more, the £60.00 is not credited or refunded: you never pay more than your maximum liability of £960.00 (8 weeks' rent), so the award does not lower what you pay.",
    );
  });

  it("the summary (terms, guide) states the rule's condition and both outcomes", () => {
    expect(feeRuleSummary({ fee: "£60.00" })).toBe(
      "If you disagree with the charges, you can take them to an independent adjudicator for a £60.00 dispute fee. If the adjudicator awards less than was asked for and less than your maximum liability (8 weeks' rent), the £60.00 is credited: it comes off what you owe, and if you owe less than £60.00, the rest is refunded to your card. Otherwise the £60.00 is not credited or refunded.",
    );
  });
});

// ── The scan ────────────────────────────────────────────────────────────────

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const WORDS_MODULE = path.join(ROOT, "common/wording/fees.ts");
/** The rule itself: its strings are names in its range errors ("credit"), not words a page shows. */
const RULE_MODULE = path.join(ROOT, "common/dispute-fee.ts");
/** Words that state what happens to money paid: a refund, a credit (not a credit card), "not returned", money back. */
/** Benefits named in the budget form (Universal Credit, Pension Credit, tax credits) are not the fee's outcome. */
const OUTCOME_WORDS = /(?<!\b(?:universal|pension|tax)\s)\b(refunds?|refunded|refunding|credit|credited|crediting)\b(?!\s+card)|\bnot returned\b|\bmoney back\b|\bget (it|the fee|your fee) back\b/i;
/** The proposal's upfront payment (part 1 §4.1: held at most 7 days, "refunded in full if the proposal is refused"): another sum. */
const PROPOSAL_HOLD = { files: ["app/lib/guide.ts", "app/routes/claims/submit.tsx", "app/routes/claims/proposal-payment.tsx", "app/routes/claims/proposal-payment-success.tsx"], words: /refunded in full/ };

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The text a module shows or sends: its string literals, template parts and JSX text (not its comments or names). */
export function shownTexts(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      // An import's path is not text shown.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) texts.push(node.text);
    } else if (ts.isJsxText(node)) {
      const text = node.getText().replace(/\s+/g, " ").trim();
      if (text) texts.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

function feeOutcomeClaims(file: string): string[] {
  const relative = path.relative(ROOT, file);
  return shownTexts(readFileSync(file, "utf8"), file).filter((text) => {
    if (!OUTCOME_WORDS.test(text)) return false;
    return !(PROPOSAL_HOLD.files.includes(relative) && PROPOSAL_HOLD.words.test(text));
  });
}

describe("no page states what happens to the fee in words of its own", () => {
  it("finds the words it is looking for, and not a credit card or a non-refundable fee", () => {
    const page = `export const P = () => <li>If the arbitrator resolves some of it in your favour, the {fee} is refunded.</li>;\nconst t = \`Credited: \${fee} comes off\`;`;
    expect(shownTexts(page, "page.tsx").filter((t) => OUTCOME_WORDS.test(t))).toEqual([
      "is refunded.",
      "Credited: ",
    ]);
    const fine = `// the fee is refunded (a comment)\nconst a = "Pay it with a debit or credit card."; const c = "Benefits, such as Universal Credit or Pension Credit"; const b = "It is non-refundable."; import x from "./refund";`;
    expect(shownTexts(fine, "fine.ts").filter((t) => OUTCOME_WORDS.test(t))).toEqual([]);
  });

  it("every module in app/ and common/ but common/wording/fees.ts leaves the fee's outcome to it", () => {
    const offenders = [...modulesUnder(path.join(ROOT, "app")), ...modulesUnder(path.join(ROOT, "common"))]
      .filter((file) => file !== WORDS_MODULE && file !== RULE_MODULE)
      .flatMap((file) => feeOutcomeClaims(file).map((text) => `${path.relative(ROOT, file)}: ${text}`));
    expect(offenders).toEqual([]);
  });

  it("the words module itself is read by the scan (it would be found)", () => {
    expect(shownTexts(readFileSync(WORDS_MODULE, "utf8"), WORDS_MODULE).some((t) => OUTCOME_WORDS.test(t))).toBe(true);
  });
});

// ── Issue 38 (decision 0059): the figures come from the constants ─────────────────────────

/** Where a tenant reads about the fee: the pages, the shared words, the notices and the e-mails of the money. */
const FIGURE_PLACES = ["app", "common", "server/domain", "server/payments", "server/claim-payments", "server/claims/adjudication.ts"];
/** The e-mails' places, where the proposal's hold is said in days too. */
const EMAIL_PLACES = ["server/domain/notices", "server/payments", "server/claim-payments"];
const filesIn = (place: string) => {
  const full = path.join(ROOT, place);
  return /\.tsx?$/.test(place) ? [full] : modulesUnder(full);
};

describe("the £60 and the 7 days are never typed in (issue 38)", () => {
  it("no page, shared sentence, notice or money e-mail writes the fee as a figure of its own", () => {
    const typed = FIGURE_PLACES.flatMap(filesIn).flatMap((file) =>
      shownTexts(readFileSync(file, "utf8"), file)
        .filter((text) => /£\s?60\b/.test(text))
        .map((text) => `${path.relative(ROOT, file)}: ${text}`),
    );
    expect(typed).toEqual([]);
  });

  it("no notice or money e-mail writes the proposal's 7-day hold as a figure of its own", () => {
    const typed = EMAIL_PLACES.flatMap(filesIn).flatMap((file) =>
      shownTexts(readFileSync(file, "utf8"), file)
        .filter((text) => /\b7 days\b/.test(text))
        .map((text) => `${path.relative(ROOT, file)}: ${text}`),
    );
    expect(typed).toEqual([]);
  });

  it("would find them: the refund e-mail's old sentence", () => {
    const old = "const why = `The adjudicator reduced the charges, so your £60 dispute fee is credited to you.`; const h = `within 7 days`;";
    expect(shownTexts(old, "old.ts").filter((text) => /£\s?60\b/.test(text) || /\b7 days\b/.test(text))).toHaveLength(2);
  });
});
