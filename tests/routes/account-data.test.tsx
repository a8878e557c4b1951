// @vitest-environment jsdom
/**
 * Your data (issue 40, decision 0069): the page's states from the API's latest export (none,
 * being prepared, ready until when, expired, failed), the one-button form asking for a new one
 * (a flash, or the API's 409 as an error flash), and the download passed on only when the API
 * answers it (another tenant's: the not-found page).
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { flash } = await import("../../app/lib/session.server");
const page = await import("../../app/routes/account/data");
const download = await import("../../app/routes/resources/data-export");

afterEach(cleanup);

const NOW = new Date("2026-11-22T10:00:00Z");
type Latest = { id: string; state: string; requestedAt: string; readyAt: string | null; expiresAt: string | null; size: number | null } | null;

function contextFor(latest: Latest, fail?: InstanceType<typeof ApiFailure>) {
  const calls: string[] = [];
  const context = new RouterContextProvider();
  context.set(apiContext, {
    GET: async (path: string) => {
      calls.push(`GET ${path}`);
      return { latest, expiryDays: 7 };
    },
    POST: async (path: string) => {
      calls.push(`POST ${path}`);
      if (fail) throw fail;
      return { latest, expiryDays: 7 };
    },
  } as never);
  return { context, calls };
}

async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
  const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
  return toast as { message: string; type: string } | undefined;
}

async function renderState(latest: Latest) {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  const loaderData = await page.loader({ context: contextFor(latest).context } as never);
  vi.useRealTimers();
  const Stub = createRoutesStub([{ path: "/account/data", Component: page.default as never, loader: () => loaderData, HydrateFallback: () => null }]);
  render(<Stub initialEntries={["/account/data"]} />);
  await screen.findByRole("heading", { level: 1, name: "Your data" });
  return loaderData;
}

const requested = { id: "e1", requestedAt: "2026-11-22T09:55:00Z", readyAt: null, expiresAt: null, size: null };

describe("the page's states", () => {
  it("never asked: what is in it, the button, closing the account and the privacy notice", async () => {
    await renderState(null);
    expect(screen.getByRole("button", { name: "Download your data" })).toBeTruthy();
    expect(screen.getByText(/e-mail you when it is ready\. You then download it from this page, signed in, for 7 days/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Close your account" }).getAttribute("href")).toBe("/account/close");
    expect(screen.getByRole("link", { name: "privacy notice" }).getAttribute("href")).toBe("/privacy");
  });

  it("being prepared: when it was asked for, that we will e-mail, a link to check again, and no button", async () => {
    await renderState({ ...requested, state: "PREPARING" });
    expect(screen.getByText("Being prepared")).toBeTruthy();
    expect(screen.getByText(/You asked for it at 9:55am on Sunday 22 November 2026\. We will e-mail you when it is ready/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check again" }).getAttribute("href")).toBe("/account/data");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("ready: the download with its size, until when, and asking for a newer copy", async () => {
    await renderState({ ...requested, state: "READY", readyAt: "2026-11-22T10:00:00Z", expiresAt: "2026-11-29T10:00:00Z", size: 2_500_000 });
    const link = screen.getByRole("link", { name: "Download your data (ZIP, 2.4 MB)" });
    expect(link.getAttribute("href")).toBe("/account/data/exports/e1/download");
    expect(screen.getByText(/until 10:00am on Sunday 29 November 2026 \(UK time\), 7 days from today/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Prepare a new copy" })).toBeTruthy();
  });

  it("expired, and failed: said plainly, with the button to ask again", async () => {
    await renderState({ ...requested, state: "EXPIRED", expiresAt: "2026-11-20T10:00:00Z" });
    expect(screen.getByText(/deleted on Friday 20 November 2026, 7 days after it was ready/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download your data" })).toBeTruthy();
    cleanup();
    await renderState({ ...requested, state: "FAILED" });
    expect(screen.getByText(/We could not prepare your data/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download your data" })).toBeTruthy();
  });
});

describe("the action", () => {
  const post = () => new Request("http://localhost/account/data", { method: "POST", body: new URLSearchParams({}) });

  it("asks the API for an export and comes back with the promise to e-mail", async () => {
    const { context, calls } = contextFor(null);
    const response = (await page.action({ request: post(), context } as never)) as Response;
    expect(calls).toEqual(["POST /me/data-exports"]);
    expect(response.headers.get("location")).toBe("/account/data");
    expect(await flashOf(response)).toMatchObject({ type: "success", message: "We are preparing your data. We will e-mail you when it is ready to download." });
  });

  it("one already being prepared: the API's words as an error", async () => {
    const message = "Your data is already being prepared. We will e-mail you when it is ready.";
    const { context } = contextFor(null, new ApiFailure(409, message));
    const response = (await page.action({ request: post(), context } as never)) as Response;
    expect(await flashOf(response)).toMatchObject({ type: "error", message });
  });
});

describe("the download", () => {
  const run = async (status: number) => {
    const context = new RouterContextProvider();
    const paths: string[] = [];
    context.set(apiContext, {
      request: async (path: string) => {
        paths.push(path);
        return new Response(status === 200 ? "PK" : JSON.stringify({ message: "Not found" }), {
          status,
          headers: { "content-type": status === 200 ? "application/zip" : "application/json" },
        });
      },
    } as never);
    const request = new Request("http://localhost/account/data/exports/e1/download");
    const fellThrough = new Response("not found page", { status: 404 });
    const answer = (await download.middleware[0]!({ request, url: new URL(request.url), params: { exportId: "e1" }, context } as never, (async () => fellThrough) as never)) as Response;
    return { answer, paths, fellThrough };
  };

  it("passes the ZIP on when the API answers it, and falls through to the not-found page when it does not", async () => {
    const ok = await run(200);
    expect(ok.paths).toEqual(["/me/data-exports/e1/content"]);
    expect(ok.answer.headers.get("content-type")).toBe("application/zip");
    expect(ok.answer.headers.get("cache-control")).toBe("private, no-store");
    const refused = await run(404);
    expect(refused.answer).toBe(refused.fellThrough);
  });
});
