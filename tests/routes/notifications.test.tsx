// @vitest-environment jsdom
/**
 * How we contact you (issue 28, scope 4): the page shows where e-mails and text messages go, and
 * its form turns text messages on or off through the API, with a flash; bad input is a 400 page.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { flash } = await import("../../app/lib/session.server");
const page = await import("../../app/routes/account/notifications");

afterEach(cleanup);

type Settings = { email: string; mobileNumber: string | null; smsNotices: boolean; textMessagesSent?: boolean; lastTextMessageUndelivered?: boolean };
type Call = { method: string; path: string; body?: unknown };

function contextFor(settings: Settings, fail?: InstanceType<typeof ApiFailure>) {
  const calls: Call[] = [];
  const context = new RouterContextProvider();
  context.set(apiContext, {
    GET: async (path: string) => {
      calls.push({ method: "GET", path });
      return settings;
    },
    PUT: async (path: string, options: { body: unknown }) => {
      calls.push({ method: "PUT", path, body: options.body });
      if (fail) throw fail;
      return settings;
    },
  } as never);
  return { context, calls };
}

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/notifications", { method: "POST", body: new URLSearchParams(fields) });

async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
  const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
  return toast as { message: string; type: string } | undefined;
}

function renderPage(loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/notifications",
      Component: page.default as never,
      loader: () => loaderData,
      action: () => actionData ?? null,
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={["/notifications"]} />);
}

describe("the loader", () => {
  it("reads the settings from the API and shapes the view", async () => {
    const { context, calls } = contextFor({ email: "ann@example.test", mobileNumber: "07700900111", smsNotices: false, textMessagesSent: false, lastTextMessageUndelivered: false });
    expect(await page.loader({ context } as never)).toEqual({ email: "ann@example.test", mobileNumber: "07700900111", choice: "no", lastTextUndelivered: false });
    expect(calls).toEqual([{ method: "GET", path: "/me/notice-settings" }]);
  });
});

describe("the page", () => {
  it("names the e-mail address and the mobile number, and checks the current choice", async () => {
    renderPage({ email: "ann@example.test", mobileNumber: "07700900111", choice: "yes", lastTextUndelivered: false });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("How we contact you");
    expect(screen.queryByText(/could not be delivered/)).toBeNull();
    expect(screen.getByText("ann@example.test")).toBeTruthy();
    expect(screen.getByText("07700900111")).toBeTruthy();
    expect(screen.getByText(/E-mails cannot be turned off/)).toBeTruthy();
    const yes = screen.getByRole("radio", { name: "Yes, send me text messages as well as e-mails" }) as HTMLInputElement;
    const no = screen.getByRole("radio", { name: "No, e-mail only" }) as HTMLInputElement;
    expect([yes.checked, no.checked]).toEqual([true, false]);
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
  });

  it("the last text message not delivered (issue 38): says so, with the number and what to do", async () => {
    const { context } = contextFor({ email: "ann@example.test", mobileNumber: "07700900990", smsNotices: true, lastTextMessageUndelivered: true });
    renderPage(await page.loader({ context } as never));
    const warning = (await screen.findByRole("heading", { name: "Your last text message could not be delivered" })).parentElement!;
    expect(warning.textContent).toContain("07700900990");
    expect(warning.textContent).toContain("About You");
    expect(warning.querySelector("a")!.getAttribute("href")).toBe("/contact?topic=keyfree");
  });

  it("without a mobile number, says so and where one is given", async () => {
    renderPage({ email: "bo@example.test", mobileNumber: null, choice: "no" });
    expect((await screen.findByText(/We do not have a mobile number for you/)).textContent).toContain("About You");
    expect((screen.getByRole("radio", { name: "No, e-mail only" }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("the action", () => {
  it.each([
    ["no", false, "Saved. We will not send you text messages. We will still e-mail you every notice."],
    ["yes", true, "Saved. We will send you text messages as well as e-mails."],
  ])("'%s' saves smsNotices %s and comes back with a flash", async (choice, smsNotices, message) => {
    const { context, calls } = contextFor({ email: "a@example.test", mobileNumber: null, smsNotices: true });
    const response = (await page.action({ request: post({ textMessages: choice }), context } as never)) as Response;
    expect(calls).toEqual([{ method: "PUT", path: "/me/notice-settings", body: { smsNotices } }]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/notifications");
    expect(await flashOf(response)).toMatchObject({ type: "success", message });
  });

  it.each([[{}], [{ textMessages: "" }], [{ textMessages: "maybe" }]])("refuses %j with a 400 and the question's message, calling nothing", async (fields) => {
    const { context, calls } = contextFor({ email: "a@example.test", mobileNumber: null, smsNotices: true });
    const reply = (await page.action({ request: post(fields), context } as never)) as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error.textMessages).toEqual(["Choose whether we send you text messages"]);
    expect(calls).toEqual([]);
  });

  it.each([
    [new ApiFailure(400, "smsNotices: Invalid input"), 400, "smsNotices: Invalid input"],
    [new ApiFailure(500, "boom"), 502, "Something went wrong. Please try again."],
  ])("the API refusing: the form again with its message (%#)", async (failure, status, message) => {
    const { context } = contextFor({ email: "a@example.test", mobileNumber: null, smsNotices: true }, failure);
    const reply = (await page.action({ request: post({ textMessages: "no" }), context } as never)) as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(reply.init.status).toBe(status);
    expect(reply.data.result.error[""]).toEqual([message]);
  });
});
