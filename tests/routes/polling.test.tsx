// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Polling } from "../../app/components/polling";
import { POLL_INTERVAL_MS, POLL_TIMEOUT_MS, pollingPath, pollingState, type PollingState } from "../../app/lib/polling";

afterEach(cleanup);

const NOW = Date.parse("2026-11-23T10:00:00Z");

describe("pollingState (part 1 §9: every 2000 ms, given up after 30 seconds)", () => {
  it.each([
    ["no start time: starts now", "", NOW, false],
    ["started 29.9 s ago: still waiting", `?since=${NOW - 29_900}`, NOW - 29_900, false],
    ["started 30 s ago: timed out", `?since=${NOW - POLL_TIMEOUT_MS}`, NOW - 30_000, true],
    ["a start time in the future: starts now", `?since=${NOW + 5_000}`, NOW, false],
    ["a malformed start time: starts now", "?since=soon", NOW, false],
  ])("%s", (_name, search, since, timedOut) => {
    const state = pollingState(new URL(`http://localhost/checkout/o/c/finish${search}`), NOW);
    expect(state).toEqual({ since, timedOut, refreshUrl: `/checkout/o/c/finish?since=${since}` });
  });

  it("keeps the page's other parameters in the refresh URL", () => {
    const state = pollingState(new URL("http://localhost/annual-fee/payment-success?orderId=o1&customerId=c1"), NOW);
    expect(state.refreshUrl).toBe(`/annual-fee/payment-success?orderId=o1&customerId=c1&since=${NOW}`);
    expect(pollingPath("/annual-fee/payment-success?orderId=o1", NOW)).toBe(`/annual-fee/payment-success?orderId=o1&since=${NOW}`);
  });
});

function renderPolling(state: PollingState, hydrate: boolean, loader = vi.fn(() => state)) {
  function Page() {
    return <Polling state={useLoaderData() as PollingState} />;
  }
  const Stub = createRoutesStub([
    { path: "/wait", Component: Page, loader, handle: hydrate ? { hydrate: true } : undefined, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={[state.refreshUrl]} />);
  return loader;
}

describe("<Polling>", () => {
  it("without script the page refreshes itself every 2 s, with the start time in the URL", async () => {
    renderPolling({ since: NOW, timedOut: false, refreshUrl: `/wait?since=${NOW}` }, false);
    await vi.waitFor(() => expect(document.querySelector('meta[http-equiv="refresh"]')).not.toBeNull());
    expect(document.querySelector('meta[http-equiv="refresh"]')!.getAttribute("content")).toBe(`2;url=/wait?since=${NOW}`);
  });

  it("offers 'Check again' from the start, to the same wait (its start kept), with script or without (issue 24: w3m ignores the refresh)", async () => {
    for (const hydrate of [false, true]) {
      renderPolling({ since: NOW, timedOut: false, refreshUrl: `/wait?since=${NOW}` }, hydrate);
      const link = await vi.waitFor(() => {
        const found = [...document.querySelectorAll("a")].find((a) => a.textContent === "Check again");
        expect(found, `with script: ${hydrate}`).toBeDefined();
        return found!;
      });
      expect(link.getAttribute("href")).toBe(`/wait?since=${NOW}`);
      cleanup();
    }
  });

  it("stops after 30 s: no refresh at all", async () => {
    const loader = renderPolling({ since: NOW - 30_000, timedOut: true, refreshUrl: `/wait?since=${NOW - 30_000}` }, false);
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    expect(document.querySelector('meta[http-equiv="refresh"]')).toBeNull();
    expect([...document.querySelectorAll("a")].some((a) => a.textContent === "Check again")).toBe(false);
  });

  it("on a hydrated page it revalidates the loaders every 2 s instead of reloading", async () => {
    const loader = renderPolling({ since: NOW, timedOut: false, refreshUrl: `/wait?since=${NOW}` }, true);
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    expect(document.querySelector('meta[http-equiv="refresh"]')).toBeNull();
    // Real time: not before one interval (2 s), then the loader runs again.
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS - 500));
    expect(loader).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(2), { timeout: 2_000 });
  });
});
