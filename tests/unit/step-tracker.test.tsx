// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StepTracker } from "../../app/components/step-tracker";

/** The tracker as the server sends it, parsed: what a text browser shows is each item's text, aria-hidden or not. */
function served(): Document {
  const html = renderToString(
    <StepTracker
      steps={[
        { key: "about", label: "About You", complete: true, current: false },
        { key: "eligibility", label: "Eligibility", complete: false, current: true },
        { key: "finish", label: "Finish", complete: false, current: false },
      ]}
    />,
  );
  return new DOMParser().parseFromString(html, "text/html");
}

describe("the step tracker (part 1 §2.3; issue 24: its number once)", () => {
  it("numbers each step by its ordered list only: no digit or tick in the text, which a text browser would show after the list's number", () => {
    const doc = served();
    const items = [...doc.querySelectorAll("nav[aria-label='Checkout progress'] > ol > li")];
    expect(items.map((li) => li.textContent)).toEqual(["About You (completed)", "Eligibility (current step)", "Finish (not started)"]);
    expect(doc.querySelector("[aria-hidden]")).toBeNull();
    expect(items[1]!.getAttribute("aria-current")).toBe("step");
  });
});
