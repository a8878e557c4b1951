// @vitest-environment jsdom
import { useForm } from "@conform-to/react";
import { cleanup, render } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { RadioGroup } from "../../app/components/choice-fields";
import { textProblems } from "../../e2e/text-render";

/**
 * Issue 24: Lynx shows a radio group with nothing checked as if its first option were chosen,
 * and sends it. RadioGroup carries a hidden, checked "Not chosen" radio until an option is
 * chosen, so an untouched group sends an empty value (the field's "… is required" message) in
 * every browser, and a text browser shows "Not chosen" as the choice.
 */
afterEach(cleanup);

const OPTIONS = [
  { value: "RED" as const, label: "Red" },
  { value: "BLUE" as const, label: "Blue" },
];

function Question({ chosen }: { chosen?: "RED" | "BLUE" }) {
  const [form, fields] = useForm<{ colour: "RED" | "BLUE" }>({ id: "q", defaultValue: chosen ? { colour: chosen } : undefined });
  return (
    <main>
      <h1>A question</h1>
      <form id={form.id} method="post">
        <RadioGroup field={fields.colour} legend="Colour" options={OPTIONS} />
        <button type="submit">Continue</button>
      </form>
    </main>
  );
}

const page = (body: string) => `<!DOCTYPE html><html lang="en-GB"><head><title>Q</title></head><body>${body}</body></html>`;

describe("a radio group with nothing chosen", () => {
  it("sends an empty value untouched, and reads 'Not chosen' in a text browser; the text check finds nothing", () => {
    const { container } = render(<Question />);
    const form = container.querySelector("form")!;
    expect(new FormData(form).get("colour")).toBe("");
    const notChosen = container.querySelector<HTMLInputElement>("input[value='']")!;
    expect(notChosen.checked).toBe(true);
    expect(notChosen.closest("[hidden]")).not.toBeNull();
    (container.querySelector("input[value='BLUE']") as HTMLInputElement).click();
    expect(new FormData(form).get("colour")).toBe("BLUE");

    const html = page(renderToStaticMarkup(<Question />));
    expect(textProblems(html, "http://localhost/q").filter((p) => /radio/i.test(p))).toEqual([]);
  });

  it("has no 'Not chosen' radio once an option is chosen", () => {
    const html = renderToStaticMarkup(<Question chosen="RED" />);
    expect(html).not.toContain("Not chosen");
    expect(textProblems(page(html), "http://localhost/q").filter((p) => /radio/i.test(p))).toEqual([]);
  });

  it("without it, the text check would flag the group (what Lynx would preselect)", () => {
    const html = page(renderToStaticMarkup(<Question />)).replace(/<div hidden="">[\s\S]*?<\/div>/, "");
    expect(html).not.toContain("Not chosen");
    expect(textProblems(html, "http://localhost/q").some((p) => /radio/i.test(p))).toBe(true);
  });
});
