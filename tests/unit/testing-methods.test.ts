/**
 * The accessibility statement's "How we tested this website" is named from the suite (issue 40,
 * decision 0067): common/testing-methods.ts is the list the statement renders, and this test fails
 * when that list and the suite's own configuration disagree.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../playwright.config";
import { AXE_TAGS, BROWSER_PROJECTS, HTML_CHECKER, REFLOW_WIDTH, TESTING_METHODS, TEXT_BROWSER } from "../../common/testing-methods";
import { W3M } from "../../e2e/text-render";

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("the accessibility statement's testing methods are the suite's", () => {
  it("the browser projects of playwright.config.ts are the statement's: JavaScript on and off, in Chromium", () => {
    const browserProjects = (config.projects ?? [])
      .filter((project) => project.use && "javaScriptEnabled" in project.use)
      .map((project) => ({ name: project.name, javaScriptEnabled: project.use!.javaScriptEnabled }));
    expect(browserProjects).toEqual(BROWSER_PROJECTS.map((p) => ({ ...p })));
    expect(String(config.use?.launchOptions?.executablePath)).toMatch(/chromium/);
    expect(TESTING_METHODS.find((m) => m.id === "browsers")?.words).toMatch(/Chromium.*JavaScript on.*JavaScript turned off/);
  });

  it("axe runs with the statement's tags (e2e/fixtures.ts takes them from the same list), and they are WCAG 2.2 A and AA", () => {
    const fixtures = read("e2e/fixtures.ts");
    expect(fixtures).toMatch(/import \{ AXE_TAGS \} from "#common\/testing-methods"/);
    expect(fixtures).toMatch(/tags: \[\.\.\.AXE_TAGS\]/);
    expect(fixtures).not.toMatch(/["']wcag2/);
    expect(AXE_TAGS).toContain("wcag22aa");
    for (const tag of AXE_TAGS) expect(TESTING_METHODS.find((m) => m.id === "axe")?.words).toContain(tag);
  });

  it("the text check renders in the statement's text browser", () => {
    expect(path.basename(W3M)).toBe(TEXT_BROWSER);
    expect(TESTING_METHODS.find((m) => m.id === "text-browser")?.words).toContain(TEXT_BROWSER);
  });

  it("the HTML checker is the statement's, with its configuration", () => {
    expect(read("e2e/fixtures.ts")).toMatch(new RegExp(`from "${HTML_CHECKER}"`));
    expect(existsSync(path.join(ROOT, ".htmlvalidate.json"))).toBe(true);
    expect(TESTING_METHODS.find((m) => m.id === "html")?.words).toContain(HTML_CHECKER);
  });

  it("reflow is checked at the statement's width by e2e/statements.spec.ts", () => {
    const spec = read("e2e/statements.spec.ts");
    expect(spec).toMatch(/REFLOW_WIDTH/);
    expect(spec).toMatch(/scrollWidth/);
    expect(TESTING_METHODS.find((m) => m.id === "reflow")?.words).toContain(`${REFLOW_WIDTH} pixels`);
  });

  it("names nothing else: one test above for each method the statement lists", () => {
    expect(TESTING_METHODS.map((m) => m.id)).toEqual(["browsers", "axe", "html", "text-browser", "reflow"]);
  });
});
