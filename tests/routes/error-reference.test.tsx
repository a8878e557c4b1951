// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const root = await import("../../app/root");

/**
 * Issue 41: the error page gives the tenant something to quote to support, "Reference: …" (the
 * request's trace id, or its request id with tracing off), from the root loader's data; a page
 * that is not found, or a refused post, shows none.
 */
afterEach(cleanup);

function renderFailure(failure: () => never) {
  const rootData = { user: null, csrf: "c", flash: undefined, consent: { banner: [], returnTo: "/" }, tools: [], chat: null, recorder: null, reference: "4bf92f3577b34da6a3ce929d0e0e4736" };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => null,
      ErrorBoundary: root.ErrorBoundary as never,
      loader: () => rootData,
      HydrateFallback: () => null,
      children: [{ path: "broken", loader: failure, Component: () => null }],
    },
  ]);
  return render(<Stub initialEntries={["/broken"]} />);
}

describe("the error page's reference (issue 41)", () => {
  it("a page that failed: Something went wrong, and the request's reference", async () => {
    renderFailure(() => {
      throw new Error("the API's answer could not be read");
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("Reference: 4bf92f3577b34da6a3ce929d0e0e4736")).toBeTruthy();
  });

  it("a page not found: no reference", async () => {
    renderFailure(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "Sorry we can't find that" })).toBeTruthy();
    expect(screen.queryByText(/^Reference:/)).toBeNull();
  });
});
