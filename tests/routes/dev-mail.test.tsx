// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../server/db/schema";
import { queueEmail } from "../../server/lib/mail";
import { queueSms } from "../../server/lib/sms";
import { createTestApi, OPS_TOKEN, type TestApi } from "../helpers/api";

// The web reaches the API through the router context's client; here that client's host is a
// test API over a fresh database.
const env = vi.hoisted(() => ({ webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"] } }));
vi.mock("../../app/lib/env.server", () => env);
const { apiContext, createApi } = await import("../../app/lib/api.server");

const { default: DevMailbox, loader: mailboxLoader } = await import("../../app/routes/dev/mail");
const { default: DevMailMessage, loader: messageLoader } = await import("../../app/routes/dev/mail-message");
const { linkifyText } = await import("../../app/routes/dev/+lib/linkify");

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => {
  env.webConfig.isProduction = false;
  process.env.OPS_TOKEN = OPS_TOKEN;
});
afterEach(cleanup);

function args(url: string, params: Record<string, string> = {}) {
  const request = new Request(url);
  const context = new RouterContextProvider();
  context.set(apiContext, createApi({ baseUrl: "http://api.test", fetch: (r) => Promise.resolve(t.api.fetch(r)) }, { request, url: new URL(url) }));
  return { request, params, context } as never;
}

async function queue(to: string, subject: string, text: string) {
  t.clock.advance(60_000);
  return queueEmail(t.db, { to, subject, text, template: "RESET_PASSWORD" }, t.clock.now());
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
  return "no error";
}

function renderPage(path: string, pattern: string, Component: unknown, loaderData: unknown) {
  const Stub = createRoutesStub([{ path: pattern, Component: Component as never, loader: () => loaderData, HydrateFallback: () => null }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("linkifyText", () => {
  it.each([
    ["no links here", [{ kind: "text", value: "no links here" }]],
    [
      "Open http://localhost:3000/auth/reset-password?token=a-b_c&email=x%40y.test to continue.",
      [
        { kind: "text", value: "Open " },
        { kind: "link", value: "http://localhost:3000/auth/reset-password?token=a-b_c&email=x%40y.test" },
        { kind: "text", value: " to continue." },
      ],
    ],
    ["See https://example.test/a.", [{ kind: "text", value: "See " }, { kind: "link", value: "https://example.test/a" }, { kind: "text", value: "." }]],
    ["javascript:alert(1) and <a href=x>", [{ kind: "text", value: "javascript:alert(1) and <a href=x>" }]],
    ['"http://a.test/<script>"', [{ kind: "text", value: '"' }, { kind: "link", value: "http://a.test/" }, { kind: "text", value: '<script>"' }]],
  ])("%j", (text, parts) => {
    expect(linkifyText(text)).toEqual(parts);
  });
});

describe("/dev/mail", () => {
  it("lists the outbox newest first with recipient, subject and time, in a captioned table", async () => {
    await queue("older@example.test", "Older e-mail", "one");
    const newerId = await queue("newer@example.test", "Reset your Keyfree password", "two");
    const data = await mailboxLoader(args("http://localhost/dev/mail"));
    expect(data.available).toBe(true);
    expect(data.emails.slice(0, 2).map((e) => e.subject)).toEqual(["Reset your Keyfree password", "Older e-mail"]);
    expect(data.emails[0]).toMatchObject({ id: newerId, to: "newer@example.test", status: "Not sent" });
    // The test clock stands at 22 Nov 2026, 10:0x UTC: the same time in London in November.
    expect(data.emails[0]!.time).toMatch(/^22 Nov 2026, 10:\d\d$/);

    renderPage("/dev/mail", "/dev/mail", DevMailbox, data);
    expect(await screen.findAllByRole("heading", { level: 1 })).toHaveLength(1);
    const table = screen.getByRole("table", { name: "E-mails, newest first" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByRole("cell", { name: "newer@example.test" })).toBeTruthy();
    const link = within(rows[1]!).getByRole("link", { name: "Reset your Keyfree password" });
    expect(link.getAttribute("href")).toBe(`/dev/mail/${newerId}`);
    expect(screen.getByRole("search", { name: "Filter messages by recipient" })).toBeTruthy();
  });

  it("shows only one recipient's e-mails with ?to=", async () => {
    await queue("only.me@example.test", "Just for me", "x");
    const data = await mailboxLoader(args("http://localhost/dev/mail?to=ONLY.ME%40example.test"));
    expect(data.emails.map((e) => e.to)).toEqual(["only.me@example.test"]);
    renderPage("/dev/mail?to=only.me%40example.test", "/dev/mail", DevMailbox, data);
    expect(await screen.findByRole("table", { name: "E-mails to ONLY.ME@example.test, newest first" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Show all messages" }).getAttribute("href")).toBe("/dev/mail");
  });

  it("shows the text messages beside the e-mails: to, the message with its link, time and delivery; ?to= by the tenant's e-mail address", async () => {
    const tenant = await t.quickTenant({ email: "texted@example.test", firstName: "Tex" });
    const other = await t.quickTenant({ email: "other-texted@example.test" });
    await t.db.update(users).set({ mobileNumber: "07700900999" }).where(eq(users.id, tenant.userId));
    t.clock.advance(60_000);
    await queueSms(t.db, { to: "07700900888", text: "Keyfree: Hi Oth, someone else's", template: "CHECKOUT_YOUR_TURN", userId: other.userId }, t.clock.now());
    const text = "Keyfree: Hi Tex, it's your turn to finish your Keyfree: http://localhost:3000/checkout/o1/c1";
    await queueSms(t.db, { to: "07700900999", text, template: "CHECKOUT_YOUR_TURN", userId: tenant.userId }, t.clock.now());
    await queue("texted@example.test", "It is your turn to finish your Keyfree", "x");

    const data = await mailboxLoader(args("http://localhost/dev/mail?to=texted%40example.test"));
    expect(data.texts).toHaveLength(1);
    expect(data.texts[0]).toMatchObject({ to: "07700900999", status: "Not sent" });
    expect(data.texts[0]!.time).toMatch(/^22 Nov 2026, \d\d:\d\d$/);

    renderPage("/dev/mail?to=texted%40example.test", "/dev/mail", DevMailbox, data);
    expect(await screen.findByRole("table", { name: "E-mails to texted@example.test, newest first" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Text messages" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Text messages to texted@example.test, newest first" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["To", "Message", "Time", "Delivery"]);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole("cell", { name: "07700900999" })).toBeTruthy();
    expect(rows[1]!.textContent).toContain("Hi Tex, it's your turn");
    expect(within(rows[1]!).getByRole("link", { name: "http://localhost:3000/checkout/o1/c1" }).getAttribute("href")).toBe("http://localhost:3000/checkout/o1/c1");
    expect(table.closest("section")!.getAttribute("aria-labelledby")).toBe(table.querySelector("caption")!.id);
  });

  it("says when a tenant has no text messages", async () => {
    await queue("emailed.only@example.test", "Only an e-mail", "x");
    const data = await mailboxLoader(args("http://localhost/dev/mail?to=emailed.only%40example.test"));
    expect(data.texts).toEqual([]);
    renderPage("/dev/mail?to=emailed.only%40example.test", "/dev/mail", DevMailbox, data);
    expect(await screen.findByText("No text messages to emailed.only@example.test yet.")).toBeTruthy();
  });

  it("says why when the ops routes cannot be reached", async () => {
    delete process.env.OPS_TOKEN;
    const data = await mailboxLoader(args("http://localhost/dev/mail"));
    expect(data).toMatchObject({ available: false, emails: [] });
    renderPage("/dev/mail", "/dev/mail", DevMailbox, data);
    expect((await screen.findByRole("status")).textContent).toContain("OPS_TOKEN");
  });

  it("does not exist in production", async () => {
    env.webConfig.isProduction = true;
    expect(await statusOf(mailboxLoader(args("http://localhost/dev/mail")))).toBe(404);
  });
});

describe("/dev/mail/:emailId", () => {
  it("shows the message as text with its links clickable, and nothing in it becomes markup", async () => {
    const id = await queue(
      "reader@example.test",
      "Reset your Keyfree password",
      "Hello <b>Reader</b>,\n\nhttp://localhost:3000/auth/reset-password?token=abc&email=reader%40example.test\n\n<script>window.hacked = true</script> javascript:alert(1)",
    );
    const data = await messageLoader(args(`http://localhost/dev/mail/${id}`, { emailId: id }));
    renderPage(`/dev/mail/${id}`, "/dev/mail/:emailId", DevMailMessage, data);

    expect(await screen.findByRole("heading", { level: 1, name: "Reset your Keyfree password" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const link = screen.getByRole("link", { name: "http://localhost:3000/auth/reset-password?token=abc&email=reader%40example.test" });
    expect(link.getAttribute("href")).toBe("http://localhost:3000/auth/reset-password?token=abc&email=reader%40example.test");
    expect(screen.getByRole("link", { name: "Back to the mailbox" }).getAttribute("href")).toBe("/dev/mail");
    expect(document.querySelector("script")).toBeNull();
    expect(document.querySelector("b")).toBeNull();
    expect([...document.querySelectorAll("a")].some((a) => a.getAttribute("href")?.startsWith("javascript:"))).toBe(false);
    expect(document.body.textContent).toContain("<script>window.hacked = true</script>");
    expect(screen.getByText("reader@example.test")).toBeTruthy();
  });

  it("shows an attachment's name, and its text in a details element", async () => {
    t.clock.advance(60_000);
    const id = await queueEmail(
      t.db,
      {
        to: "live@example.test",
        subject: "Your Payment Plan is Live!",
        text: "Your Payment Plan is Live!",
        template: "PAYMENT_PLAN_LIVE",
        attachments: [{ filename: "payment-plan-schedule.ics", contentType: "text/calendar; charset=utf-8", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
      },
      t.clock.now(),
    );
    const data = await messageLoader(args(`http://localhost/dev/mail/${id}`, { emailId: id }));
    renderPage(`/dev/mail/${id}`, "/dev/mail/:emailId", DevMailMessage, data);
    expect(await screen.findByRole("heading", { level: 2, name: "Attachments" })).toBeTruthy();
    const summary = screen.getByText("payment-plan-schedule.ics (text/calendar; charset=utf-8)");
    expect(summary.tagName).toBe("SUMMARY");
    expect(summary.closest("details")?.textContent).toContain("BEGIN:VCALENDAR");
  });

  it("answers 404 for an unknown id, and in production", async () => {
    expect(await statusOf(messageLoader(args("http://localhost/dev/mail/nope", { emailId: "nope" })))).toBe(404);
    const id = await queue("prod@example.test", "Hidden", "x");
    env.webConfig.isProduction = true;
    expect(await statusOf(messageLoader(args(`http://localhost/dev/mail/${id}`, { emailId: id })))).toBe(404);
  });
});
