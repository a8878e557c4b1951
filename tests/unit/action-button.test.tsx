// @vitest-environment jsdom
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ActionButton } from "../../app/components/action-button";

/** The page as the server sends it (and as a browser without JavaScript gets it), with the session's token in the root loader. */
async function served(element: ReactNode, url = "http://localhost/claims/c1/accept?from=claim"): Promise<Document> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => ({ csrf: "token-1" }), Component: () => <>{element}</> }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return new DOMParser().parseFromString(renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />), "text/html");
}

const hidden = (form: Element) => [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [i.name, i.value]);

describe("ActionButton: a one-button post that carries the CSRF field itself", () => {
  it("a post form with the session's CSRF token, to the page's own action, and the button", async () => {
    const page = await served(<ActionButton>Confirm</ActionButton>);
    const form = page.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/claims/c1/accept?from=claim");
    expect(hidden(form)).toEqual([["csrf", "token-1"]]);
    const button = form.querySelector("button")!;
    expect(button.getAttribute("type")).toBe("submit");
    expect(button.className).toBe("button");
    expect(button.textContent).toBe("Confirm");
  });

  it("the intent and hidden fields after the token, another route's action, and what the page puts around the button", async () => {
    const page = await served(
      <ActionButton
        action="/auth/logout"
        intent="remove"
        fields={{ id: "a1", from: "/checkout/o/c/about-you" }}
        className="form-actions"
        buttonClassName="button button--secondary"
        id="remove"
        autoFocus
        aria-describedby="remove-hint"
        before={<p id="remove-hint">Before</p>}
        after={<p>After</p>}
      >
        Remove
      </ActionButton>,
    );
    const form = page.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("/auth/logout");
    expect(form.className).toBe("form-actions");
    expect(hidden(form)).toEqual([
      ["csrf", "token-1"],
      ["intent", "remove"],
      ["id", "a1"],
      ["from", "/checkout/o/c/about-you"],
    ]);
    expect([...form.children].map((c) => c.tagName.toLowerCase())).toEqual(["input", "input", "input", "input", "p", "button", "p"]);
    const button = form.querySelector("button")!;
    expect(button.id).toBe("remove");
    expect(button.className).toBe("button button--secondary");
    expect(button.hasAttribute("autofocus")).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe("remove-hint");
  });

  it("a disabled button stays a button of the form (the page says why beside it)", async () => {
    const page = await served(<ActionButton disabled>Send for Review</ActionButton>);
    expect(page.querySelector("button")!.disabled).toBe(true);
  });
});
