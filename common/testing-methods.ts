/**
 * How Keyfree is tested for accessibility, named from the suite itself (issue 40, decision 0067):
 * the accessibility statement (/accessibility) lists exactly these, and
 * tests/unit/testing-methods.test.ts fails when this list and the suite disagree (the browser
 * projects of playwright.config.ts, the axe tags e2e/fixtures.ts runs, the text browser of
 * e2e/text-render.ts, the HTML checker's configuration, the reflow width e2e/statements.spec.ts uses).
 */

/** axe-core's rule tags every checked page state is run against (e2e/fixtures.ts uses this list). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

/** The width, in CSS pixels, at which pages must reflow without scrolling sideways (WCAG 1.4.10). */
export const REFLOW_WIDTH = 320;

/** The browser projects of playwright.config.ts: every journey runs in each. */
export const BROWSER_PROJECTS = [
  { name: "js-on", javaScriptEnabled: true },
  { name: "js-off", javaScriptEnabled: false },
] as const;

/** The text browser the text check renders each page in (e2e/text-render.ts). */
export const TEXT_BROWSER = "w3m";

/** The HTML checker every page state goes through (configured by .htmlvalidate.json). */
export const HTML_CHECKER = "html-validate";

/** What the statement says about how the service is tested, one sentence each, in the suite's order. */
export const TESTING_METHODS: readonly { id: string; words: string }[] = [
  {
    id: "browsers",
    words:
      "Every journey is tested automatically in Chromium (Debian's build), twice: once with JavaScript on and once with JavaScript turned off.",
  },
  {
    id: "axe",
    words: `Every page state those journeys reach is checked with axe-core against WCAG 2.2 level A and AA (its tags ${AXE_TAGS.join(", ")}).`,
  },
  {
    id: "html",
    words: `Each page's HTML is checked with ${HTML_CHECKER}, so that assistive technology gets well-formed pages.`,
  },
  {
    id: "text-browser",
    words: `Each page is read in the ${TEXT_BROWSER} text browser, with no styles and no script, to check that words and controls do not run together and that the main heading comes first.`,
  },
  {
    id: "reflow",
    words: `Pages are checked at ${REFLOW_WIDTH} pixels wide, to make sure they reflow without scrolling sideways.`,
  },
];

/** When the statement was prepared and last reviewed (the page shows both). */
export const ACCESSIBILITY_STATEMENT_DATES = {
  prepared: { iso: "2026-11-28" },
  reviewed: { iso: "2026-11-28" },
} as const;
