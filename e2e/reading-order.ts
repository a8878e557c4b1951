import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The page's h1 is the first heading in `main`, and nothing a tenant can press or type into comes
 * before it there (issue 24): a screen reader's or a text browser's reader meets the page's title
 * first. What the design shows above the h1 (a Back link, a summary) comes after it in the
 * document (app/components/page-heading.tsx). Works with JavaScript off too (read from the DOM).
 */
export async function expectTitleFirst(page: Page, title: string) {
  const before = await page.locator("main").evaluate((main) => {
    const h1 = main.querySelector("h1");
    if (!h1) return { h1: null, headings: [], controls: [] };
    const precedes = (el: Element) => Boolean(el.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING);
    const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
    return {
      h1: text(h1),
      headings: [...main.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")].filter(precedes).map(text),
      controls: [...main.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])")]
        .filter(precedes)
        .map((el) => `${el.tagName.toLowerCase()}: ${text(el)}`),
    };
  });
  expect(before.h1, "the page's h1").toBe(title);
  expect(before.headings, "headings before the h1 in main").toEqual([]);
  expect(before.controls, "controls before the h1 in main").toEqual([]);
}

/**
 * A step tracker's steps are numbered once (issue 24): by its ordered list, with no digit or tick
 * of their own in the text (what a text browser shows, aria-hidden or not, is the text content).
 */
export async function expectStepsNumberedOnce(page: Page, tracker: string) {
  const nav = page.getByRole("navigation", { name: tracker });
  await expect(nav.locator("ol > li").first()).toBeVisible();
  const texts = await nav.locator("ol > li").evaluateAll((items) => items.map((li) => (li.textContent ?? "").trim()));
  for (const text of texts) expect(text, "a step's own text, which the list numbers").toMatch(/^[^\d✓]/);
}
