// @vitest-environment jsdom
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ActionButton } from "../../app/components/action-button";
import { ButtonGroup } from "../../app/components/button-group";
import { CancelLink } from "../../app/components/cancel-link";
import { SiteHeader } from "../../app/components/header";

/** The page as the server sends it (what a text browser, which runs no script and ignores styles, reads). */
async function served(element: ReactNode): Promise<Document> {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => ({ csrf: "token-1" }), Component: () => <>{element}</> }]);
  const context = await handler.query(new Request("http://localhost/claims/c1/submit"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return new DOMParser().parseFromString(renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />), "text/html");
}

/** Each list item's text: one control an item is what keeps their names apart without styles. */
const items = (list: Element) => [...list.children].map((li) => [li.tagName.toLowerCase(), li.textContent]);

describe("ButtonGroup: controls side by side as a list, one control an item (issue 24)", () => {
  it("a confirming button and its Cancel: two items, the post's form whole in the first", async () => {
    const page = await served(
      <ButtonGroup className="claim-actions">
        <ActionButton autoFocus>Submit proposal</ActionButton>
        <CancelLink to="/claims/c1" />
      </ButtonGroup>,
    );
    const list = page.querySelector("ul")!;
    expect(list.className).toBe("button-group claim-actions");
    expect(items(list)).toEqual([
      ["li", "Submit proposal"],
      ["li", "Cancel"],
    ]);
    const form = list.querySelector("li form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.querySelector('input[name="csrf"]')).not.toBeNull();
    expect(list.querySelectorAll("li")[1]!.querySelector("a")!.getAttribute("href")).toBe("/claims/c1");
  });

  it("leaves out what renders nothing, lists a fragment's controls one by one, and is nothing when empty", async () => {
    const page = await served(
      <>
        <ButtonGroup>
          {null}
          <a href="/pay">Pay for your proposal</a>
          {false}
          <>
            <a href="/continue">Continue</a>
            {undefined}
            <a href="/accept">Accept charges</a>
          </>
        </ButtonGroup>
        <ButtonGroup>
          {null}
          {false}
        </ButtonGroup>
      </>,
    );
    const lists = page.querySelectorAll("ul");
    expect(lists).toHaveLength(1);
    expect(items(lists[0]!)).toEqual([
      ["li", "Pay for your proposal"],
      ["li", "Continue"],
      ["li", "Accept charges"],
    ]);
  });
});

describe("the header without styles", () => {
  it("signed out: Login is a block of its own, not run into the product's name", async () => {
    const page = await served(<SiteHeader firstName={null} />);
    const login = page.querySelector('a[href="/auth/login"]')!;
    expect(login.parentElement!.tagName).toBe("DIV");
    expect(login.parentElement!.textContent).toBe("Login");
    expect(page.querySelector('a[href="/"]')!.parentElement).not.toBe(login.parentElement);
  });
});
