// @vitest-environment jsdom
/**
 * The privacy notice and the accessibility statement (issue 40): the notice's "How long we keep
 * it" is the retention table (common/retention.ts) row by row; the statement's "How we tested" is
 * the suite's list (common/testing-methods.ts); both are linked from the footer, the notice from
 * the cookie banner.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { keptFor, RETENTION_RULES } from "../../common/retention";
import { ACCESSIBILITY_STATEMENT_DATES, TESTING_METHODS } from "../../common/testing-methods";
import { formatDate } from "../../common/wording";
import { CookieBanner } from "../../app/components/cookie-banner";
import { SiteFooter } from "../../app/components/site-footer";
import AccessibilityPage from "../../app/routes/statements/accessibility";
import PrivacyPage from "../../app/routes/statements/privacy";

/** The page as the server sends it. */
async function served(element: ReactNode): Promise<Document> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => ({ csrf: "token-1" }), Component: () => <>{element}</> }]);
  const context = await handler.query(new Request("http://localhost/contact"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return new DOMParser().parseFromString(renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />), "text/html");
}

const text = (node: Element | null) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
const section = (page: Document, heading: string) =>
  [...page.querySelectorAll("section")].find((s) => text(s.querySelector("h2")) === heading) ?? null;

describe("the privacy notice", () => {
  it("shows each retention row: what, how long from when, what happens after, and why", async () => {
    const page = await served(<PrivacyPage />);
    expect(text(page.querySelector("h1"))).toBe("Privacy notice");
    const rows = [...page.querySelectorAll("table.retention-table tbody tr")];
    expect(rows.map((row) => text(row.querySelector("th")))).toEqual(RETENTION_RULES.map((r) => r.what));
    for (const [i, row] of rows.entries()) {
      const cells = [...row.querySelectorAll("td")].map(text);
      const r = RETENTION_RULES[i]!;
      expect(cells).toEqual([keptFor(r), r.after, r.reason]);
    }
    expect(text(rows.find((row) => row.id === "retention-money-records")!.querySelector("td"))).toBe(
      "6 years after the end of the financial year they belong to",
    );
  });

  it("names the lawful bases, who it is shared with, each right with how to use it, and the ICO", async () => {
    const page = await served(<PrivacyPage />);
    const bases = text(section(page, "Our lawful basis"));
    for (const basis of ["Contract", "Legal obligation", "Legitimate interests", "Consent", "Explicit consent"]) expect(bases).toContain(basis);
    const shared = text(section(page, "Who we share it with"));
    for (const who of ["Stripe", "Twilio", "e-mail provider", "Intercom", "PostHog", "The adjudicator", "landlord or letting agent"]) {
      expect(shared).toContain(who);
    }
    const rights = section(page, "Your rights")!;
    for (const right of ["Access", "Rectification", "Erasure", "Restriction", "Objection", "Portability"]) expect(text(rights)).toContain(right);
    expect(rights.querySelector('a[href="/contact"]')).not.toBeNull();
    const complain = section(page, "If you are unhappy")!;
    expect(text(complain)).toContain("Information Commissioner's Office (ICO)");
    expect(complain.querySelector('a[href="https://ico.org.uk"]')).not.toBeNull();
    expect(complain.querySelector('a[href="tel:03031231113"]')?.textContent).toBe("0303\u00a0123\u00a01113");
    expect(complain.querySelector('a[href="/contact"]')).not.toBeNull();
  });
});

describe("the accessibility statement", () => {
  it("has the model statement's sections, in order", async () => {
    const page = await served(<AccessibilityPage />);
    expect(text(page.querySelector("h1"))).toBe("Accessibility statement");
    expect([...page.querySelectorAll("h2")].map(text)).toEqual([
      "Compliance status",
      "What is not accessible",
      "How we tested this website",
      "Feedback, and information in another format",
      "Enforcement procedure",
      "Preparation of this statement",
    ]);
    expect(text(section(page, "Compliance status"))).toContain("WCAG) version 2.2 AA");
    expect(text(section(page, "What is not accessible"))).toContain("need JavaScript");
  });

  it("lists the suite's testing methods, the ways to ask for another format, the EHRC and EASS, and the dates", async () => {
    const page = await served(<AccessibilityPage />);
    expect([...section(page, "How we tested this website")!.querySelectorAll("li")].map(text)).toEqual(TESTING_METHODS.map((m) => m.words));
    const feedback = section(page, "Feedback, and information in another format")!;
    expect(feedback.querySelector('a[href="/account/support-needs"]')).not.toBeNull();
    expect(feedback.querySelector('a[href="/contact"]')).not.toBeNull();
    const enforcement = section(page, "Enforcement procedure")!;
    expect(text(enforcement)).toContain("Equality and Human Rights Commission (EHRC)");
    expect(enforcement.querySelector('a[href="https://www.equalityadvisoryservice.com"]')).not.toBeNull();
    expect(text(section(page, "Preparation of this statement")!.querySelector("p"))).toBe(
      `This statement was prepared on ${formatDate(ACCESSIBILITY_STATEMENT_DATES.prepared.iso)}. It was last reviewed on ${formatDate(ACCESSIBILITY_STATEMENT_DATES.reviewed.iso)}.`,
    );
  });
});

describe("the links to them", () => {
  it("the footer links both, signed in or not", async () => {
    for (const signedIn of [false, true]) {
      const footer = (await served(<SiteFooter signedIn={signedIn} />)).querySelector("footer")!;
      expect(text(footer.querySelector('a[href="/privacy"]'))).toBe("Privacy notice");
      expect(text(footer.querySelector('a[href="/accessibility"]'))).toBe("Accessibility statement");
    }
  });

  it("the cookie banner links the privacy notice", async () => {
    const banner = (await served(<CookieBanner categories={["analytics"]} returnTo="/contact" />)).querySelector("section")!;
    expect(text(banner.querySelector('a[href="/privacy"]'))).toBe("privacy notice");
  });
});
