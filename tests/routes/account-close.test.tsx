// @vitest-environment jsdom
/**
 * Close your account (issue 40, decision 0068): the page before asking (what is open, linked;
 * what is deleted and kept, with the privacy notice's periods; the box and the button), after
 * asking (what still keeps it open, or that we close it within minutes), and the action (the
 * box not ticked: 400 with its message and nothing sent; ticked: POST /me/closure, then the page
 * with a flash; already asked: the API's words as an error flash).
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { flash } = await import("../../app/lib/session.server");
const page = await import("../../app/routes/account/close");
const { CLOSE_FLASH, CLOSE_MESSAGES } = await import("../../app/routes/account/+lib/close");

afterEach(cleanup);

type Closure = { status: string; requestedAt: string | null; stillOpen: unknown[] };
const CLAIM = { kind: "CLAIM", claimId: "c1", property: "1 High Street, Leeds LS1 1AA", paymentPlanId: null, amountPence: null };
const PLAN = { kind: "PAYMENT_PLAN", claimId: null, property: null, paymentPlanId: "p1", amountPence: 45_000 };

function contextFor(closure: Closure, fail?: InstanceType<typeof ApiFailure>) {
  const calls: string[] = [];
  const context = new RouterContextProvider();
  const answer = (method: string) => async (path: string) => {
    calls.push(`${method} ${path}`);
    if (method === "POST" && fail) throw fail;
    return closure;
  };
  context.set(apiContext, { GET: answer("GET"), POST: answer("POST") } as never);
  return { context, calls };
}

async function renderPage(closure: Closure) {
  const loaderData = await page.loader({ context: contextFor(closure).context } as never);
  const Stub = createRoutesStub([{ path: "/account/close", Component: page.default as never, loader: () => loaderData, action: () => null, HydrateFallback: () => null }]);
  render(<Stub initialEntries={["/account/close"]} />);
  await screen.findByRole("heading", { level: 1 });
}

const href = (name: string | RegExp) => screen.getByRole("link", { name }).getAttribute("href");

describe("the page", () => {
  it("before asking, with a claim and a plan open: each linked, what goes at once and what is kept, the box and the button", async () => {
    await renderPage({ status: "NONE", requestedAt: null, stillOpen: [CLAIM, PLAN] });
    expect(screen.getByRole("heading", { level: 1, name: "Close your account" })).toBeTruthy();
    expect(href("The claim on 1 High Street, Leeds LS1 1AA")).toBe("/claims/c1");
    expect(href("Your payment plan of £450.00")).toBe("/payment-plan/p1");
    expect(screen.getByText(/remove your password, end your sessions and remove your phone number straight away/)).toBeTruthy();
    expect(screen.getByText(/money records .*: 6 years after the end of the financial year they belong to/)).toBeTruthy();
    expect(href("How long we keep each kind of record, and why")).toBe("/privacy#how-long");
    expect(href("download your data")).toBe("/account/data");
    expect(screen.getByRole("checkbox", { name: /I understand that once my account is closed/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close your account" })).toBeTruthy();
  });

  it("before asking, nothing open: closed within minutes of the request", async () => {
    await renderPage({ status: "NONE", requestedAt: null, stillOpen: [] });
    expect(screen.getByText(/You have nothing open, so we close your account within a few minutes of your request/)).toBeTruthy();
  });

  it("asked, the claim still open: when, the e-mail, what keeps it open, and no form", async () => {
    await renderPage({ status: "REQUESTED", requestedAt: "2026-11-22T09:55:00Z", stillOpen: [CLAIM] });
    expect(screen.getByRole("heading", { level: 1, name: "You have asked us to close your account" })).toBeTruthy();
    expect(screen.getByText("You asked at 9:55am on Sunday 22 November 2026. We sent you an e-mail to confirm it.")).toBeTruthy();
    expect(href("The claim on 1 High Street, Leeds LS1 1AA")).toBe("/claims/c1");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("asked, nothing open: closed within minutes", async () => {
    await renderPage({ status: "REQUESTED", requestedAt: "2026-11-22T09:55:00Z", stillOpen: [] });
    expect(screen.getByText(/Nothing of yours is still open, so we close your account within a few minutes/)).toBeTruthy();
  });

  it("closed (never seen signed in): said plainly, nothing to do", async () => {
    await renderPage({ status: "CLOSED", requestedAt: "2026-11-22T09:55:00Z", stillOpen: [] });
    expect(screen.getByRole("heading", { level: 1, name: "Your account is closed" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("the action", () => {
  const post = (fields: Array<[string, string]>) => new Request("http://localhost/account/close", { method: "POST", body: new URLSearchParams(fields) });
  async function flashOf(response: Response) {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
    const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
    return toast as { message: string; type: string } | undefined;
  }

  it("the box not ticked: 400 with its message on the field, and nothing sent to the API", async () => {
    const { context, calls } = contextFor({ status: "NONE", requestedAt: null, stillOpen: [] });
    const reply = (await page.action({ request: post([]), context } as never)) as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error.confirm).toEqual([CLOSE_MESSAGES.confirm]);
    expect(calls).toEqual([]);
  });

  it("ticked: POST /me/closure, then back to the page with the flash", async () => {
    const { context, calls } = contextFor({ status: "REQUESTED", requestedAt: "2026-11-22T09:55:00Z", stillOpen: [] });
    const response = (await page.action({ request: post([["confirm", "on"]]), context } as never)) as Response;
    expect(calls).toEqual(["POST /me/closure"]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/account/close");
    expect(await flashOf(response)).toMatchObject({ type: "success", message: CLOSE_FLASH.requested });
  });

  it("already asked (409): the API's words as an error flash", async () => {
    const message = "You have already asked us to close your account";
    const { context } = contextFor({ status: "REQUESTED", requestedAt: null, stillOpen: [] }, new ApiFailure(409, message));
    const response = (await page.action({ request: post([["confirm", "on"]]), context } as never)) as Response;
    expect(await flashOf(response)).toMatchObject({ type: "error", message });
  });
});
