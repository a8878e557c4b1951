// @vitest-environment jsdom
/**
 * Your support needs and someone to help (issue 36, scope 5; decision 0050): the forms' messages,
 * what each post asks of the API, the flash after it, and the helper's link page in each state.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HELPER_LINK_MESSAGES, SUPPORT_HELPER_MESSAGES, SUPPORT_NEEDS_MESSAGES } from "#common/support-needs";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { flash } = await import("../../app/lib/session.server");
const needsPage = await import("../../app/routes/account/support-needs");
const helperPage = await import("../../app/routes/account/support-helper");
const confirmPage = await import("../../app/routes/helper/confirm");

afterEach(cleanup);

type Call = { method: string; path: string; body?: unknown; query?: unknown };
type Answers = Partial<Record<string, unknown>>;

const NOTHING = { needs: null, helper: null, emailOnly: false };
const HELPER = {
  name: "Ray Adviser",
  email: "ray@example.test",
  relationship: "ADVISER",
  status: "CONFIRMED",
  addedAt: "2026-11-20T10:00:00.000Z",
  confirmedAt: "2026-11-21T10:00:00.000Z",
  linkExpiresAt: null,
};

/** A stub API: each `METHOD path` answers from `answers`, or throws the ApiFailure given there. */
function contextFor(answers: Answers) {
  const calls: Call[] = [];
  const context = new RouterContextProvider();
  const answer = (method: string) => async (path: string, options: { body?: unknown; params?: { query?: unknown } } = {}) => {
    calls.push({ method, path, ...(options.body !== undefined ? { body: options.body } : {}), ...(options.params?.query ? { query: options.params.query } : {}) });
    const found = answers[`${method} ${path}`];
    if (found instanceof ApiFailure) throw found;
    return found;
  };
  context.set(apiContext, { GET: answer("GET"), PUT: answer("PUT"), POST: answer("POST"), DELETE: answer("DELETE") } as never);
  return { context, calls };
}

const post = (path: string, fields: Array<[string, string]>) => new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });

async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
  const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
  return toast as { message: string; type: string } | undefined;
}

type Reply = { init: { status: number }; data: { result: { error: Record<string, string[]>; initialValue?: Record<string, unknown> } } };

function renderNeeds(loaderData: unknown) {
  const Stub = createRoutesStub([
    { path: "/account/support-needs", Component: needsPage.default as never, loader: () => loaderData, action: () => null, HydrateFallback: () => null },
  ]);
  return render(<Stub initialEntries={["/account/support-needs"]} />);
}

describe("/account/support-needs: the page", () => {
  it("with nothing recorded: the boxes unticked, consent unticked, and a link to add someone to help", async () => {
    const { context } = contextFor({ "GET /me/support-needs": NOTHING });
    renderNeeds(await needsPage.loader({ context } as never));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your support needs");
    expect(screen.queryByRole("button", { name: "Remove my support needs" })).toBeNull();
    const boxes = screen.getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes.every((b) => !b.checked)).toBe(true);
    expect(screen.getByRole("checkbox", { name: "I agree to Keyfree recording this information to help support me" })).toBeTruthy();
    expect(screen.getByText(/Only our team that supports tenants can see it/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add someone to help you" }).getAttribute("href")).toBe("/account/support-needs/helper");
  });

  it("with needs recorded and a confirmed helper: what was told, the ways to remove each, consent to tick again", async () => {
    const { context } = contextFor({
      "GET /me/support-needs": {
        needs: { codes: ["MORE_TIME", "EMAIL_ONLY"], details: "Mornings are hard", consentedAt: "2026-11-22T10:00:00.000Z", updatedAt: "2026-11-22T10:00:00.000Z" },
        helper: HELPER,
        emailOnly: true,
      },
    });
    renderNeeds(await needsPage.loader({ context } as never));
    await screen.findByRole("heading", { level: 2, name: "What you have told us" });
    expect(screen.getAllByText("More time to answer us or to do what we ask").length).toBe(2);
    expect(screen.getByText(/We will not send you text messages while this is recorded/)).toBeTruthy();
    expect(screen.getByText(/You agreed to us recording this on 22nd Nov 2026/)).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "More time to answer us or to do what we ask" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: /Large print/i }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("checkbox", { name: /I agree to Keyfree recording/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("textbox", { name: /Anything else/ }) as HTMLTextAreaElement).value).toBe("Mornings are hard");
    expect(screen.getByRole("button", { name: "Remove my support needs" })).toBeTruthy();
    expect(screen.getByText(/gets a copy of the emails we send you/).textContent).toContain("Ray Adviser (A money or debt adviser, ray@example.test)");
    expect(screen.getByRole("button", { name: "Stop sending copies to Ray Adviser" })).toBeTruthy();
  });

  it("a helper waiting to confirm: when the link stops working, and removing them", async () => {
    const { context } = contextFor({
      "GET /me/support-needs": { ...NOTHING, helper: { ...HELPER, status: "PENDING", confirmedAt: null, linkExpiresAt: "2026-11-29T10:00:00.000Z" } },
    });
    renderNeeds(await needsPage.loader({ context } as never));
    expect((await screen.findByText(/a link to confirm that they want to help/)).textContent).toContain("The link works until 29th Nov 2026.");
    expect(screen.getByRole("button", { name: "Remove Ray Adviser" })).toBeTruthy();
  });
});

describe("/account/support-needs: saving", () => {
  const path = "/account/support-needs";

  it("without consent: a 400 with the consent message, what was ticked kept, and nothing sent to the API", async () => {
    const { context, calls } = contextFor({});
    const reply = (await needsPage.action({ request: post(path, [["intent", "save"], ["needs", "MORE_TIME"], ["details", "Hi"]]), context } as never)) as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error.consent).toEqual([SUPPORT_NEEDS_MESSAGES.consent]);
    expect(reply.data.result.initialValue).toMatchObject({ needs: "MORE_TIME", details: "Hi" });
    expect(calls).toEqual([]);
  });

  it("with consent but nothing chosen or written: the nothing-chosen message on the boxes", async () => {
    const { context, calls } = contextFor({});
    const reply = (await needsPage.action({ request: post(path, [["intent", "save"], ["consent", "on"], ["details", "   "]]), context } as never)) as Reply;
    expect(reply.data.result.error.needs).toEqual([SUPPORT_NEEDS_MESSAGES.nothingChosen]);
    expect(calls).toEqual([]);
  });

  it("too long a text: its message", async () => {
    const { context } = contextFor({});
    const reply = (await needsPage.action({ request: post(path, [["intent", "save"], ["consent", "on"], ["details", "x".repeat(2001)]]), context } as never)) as Reply;
    expect(reply.data.result.error.details).toEqual([SUPPORT_NEEDS_MESSAGES.detailsTooLong]);
  });

  it.each([
    [[["needs", "EMAIL_ONLY"]], { consent: true, needs: ["EMAIL_ONLY"], details: null }],
    [[["needs", "MORE_TIME"], ["needs", "LIFE_EVENT"], ["details", " Bereaved "]], { consent: true, needs: ["MORE_TIME", "LIFE_EVENT"], details: "Bereaved" }],
    [[["details", "Call after 2pm"]], { consent: true, needs: [], details: "Call after 2pm" }],
  ] as Array<[Array<[string, string]>, unknown]>)("with consent: PUT %j, then the page with a flash", async (fields, body) => {
    const { context, calls } = contextFor({ "PUT /me/support-needs": NOTHING });
    const response = (await needsPage.action({ request: post(path, [["intent", "save"], ["consent", "on"], ...fields]), context } as never)) as Response;
    expect(calls).toEqual([{ method: "PUT", path: "/me/support-needs", body }]);
    expect(response.headers.get("location")).toBe(path);
    expect(await flashOf(response)).toMatchObject({ type: "success", message: "Thank you. We have recorded your support needs." });
  });

  it("the API refusing: the form again with its message", async () => {
    const { context } = contextFor({ "PUT /me/support-needs": new ApiFailure(400, "needs: Choose from the list") });
    const reply = (await needsPage.action({ request: post(path, [["intent", "save"], ["consent", "on"], ["needs", "MORE_TIME"]]), context } as never)) as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error[""]).toEqual(["needs: Choose from the list"]);
  });

  it("'Remove my support needs': DELETE, and the page says it is deleted", async () => {
    const { context, calls } = contextFor({ "DELETE /me/support-needs": NOTHING });
    const response = (await needsPage.action({ request: post(path, [["intent", "withdraw"]]), context } as never)) as Response;
    expect(calls).toEqual([{ method: "DELETE", path: "/me/support-needs" }]);
    expect(await flashOf(response)).toMatchObject({ message: "We have deleted your support needs. You can tell us again at any time." });
  });

  it.each([
    [{ name: "Ray", told: true }, "Ray will not get any more copies of your emails, from now on. We have emailed them to tell them."],
    [{ name: "Ray", told: false }, "We have removed Ray. They will not get any copies of your emails."],
    [null, "Nobody gets copies of your emails."],
  ])("removing the helper (%j): DELETE and the flash", async (removed, message) => {
    const { context, calls } = contextFor({ "DELETE /me/support-helper": { removed } });
    const response = (await needsPage.action({ request: post(path, [["intent", "remove-helper"]]), context } as never)) as Response;
    expect(calls).toEqual([{ method: "DELETE", path: "/me/support-helper" }]);
    expect(await flashOf(response)).toMatchObject({ message });
  });

  it("a post naming no form of the page: the one 400 answer", async () => {
    const { context } = contextFor({});
    await expect(needsPage.action({ request: post(path, [["intent", "other"]]), context } as never)).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("/account/support-needs/helper", () => {
  const path = "/account/support-needs/helper";
  const fields: Array<[string, string]> = [["name", "Ray"], ["email", "ray@example.test"], ["relationship", "ADVISER"], ["agree", "on"]];

  it("sends a tenant who already has someone back to the page, to remove them first", async () => {
    const { context } = contextFor({ "GET /me/support-needs": { ...NOTHING, helper: HELPER } });
    await expect(helperPage.loader({ context } as never)).rejects.toMatchObject({ status: 302 });
    const expired = contextFor({ "GET /me/support-needs": { ...NOTHING, helper: { ...HELPER, status: "EXPIRED" } } });
    expect(await helperPage.loader({ context: expired.context } as never)).toBeNull();
  });

  it.each([
    ["name", [["name", ""]], SUPPORT_HELPER_MESSAGES.name],
    ["email", [["email", "ray"]], SUPPORT_HELPER_MESSAGES.emailShape],
    ["relationship", [["relationship", ""]], SUPPORT_HELPER_MESSAGES.relationship],
    ["agree", [["agree", ""]], SUPPORT_HELPER_MESSAGES.agree],
  ] as Array<[string, Array<[string, string]>, string]>)("a bad %s: its message, nothing sent", async (field, change, message) => {
    const { context, calls } = contextFor({});
    const posted = fields.filter(([name]) => !change.some(([c]) => c === name)).concat(change.filter(([, v]) => v !== ""));
    const reply = (await helperPage.action({ request: post(path, posted), context } as never)) as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error[field]).toEqual([message]);
    expect(calls).toEqual([]);
  });

  it("adds them and says the link is on its way", async () => {
    const { context, calls } = contextFor({ "POST /me/support-helper": NOTHING });
    const response = (await helperPage.action({ request: post(path, fields), context } as never)) as Response;
    expect(calls).toEqual([{ method: "POST", path: "/me/support-helper", body: { name: "Ray", email: "ray@example.test", relationship: "ADVISER", agree: true } }]);
    expect(response.headers.get("location")).toBe("/account/support-needs");
    expect(await flashOf(response)).toMatchObject({ message: "We have emailed Ray a link to confirm. They will get copies once they confirm." });
  });

  it("the API refusing the tenant's own address: on the e-mail field; someone already helping: on the form", async () => {
    const own = contextFor({ "POST /me/support-helper": new ApiFailure(400, SUPPORT_HELPER_MESSAGES.ownEmail) });
    const onField = (await helperPage.action({ request: post(path, fields), context: own.context } as never)) as Reply;
    expect(onField.data.result.error.email).toEqual([SUPPORT_HELPER_MESSAGES.ownEmail]);
    const taken = contextFor({ "POST /me/support-helper": new ApiFailure(409, SUPPORT_HELPER_MESSAGES.alreadyOne) });
    const onForm = (await helperPage.action({ request: post(path, fields), context: taken.context } as never)) as Reply;
    expect(onForm.init.status).toBe(400);
    expect(onForm.data.result.error[""]).toEqual([SUPPORT_HELPER_MESSAGES.alreadyOne]);
  });
});

describe("/helper/confirm: the helper's link", () => {
  const url = (query: string) => new URL(`http://localhost/helper/confirm${query}`);

  it("a usable link: whom they help, what they agree to, and the confirm button with the token", async () => {
    const { context, calls } = contextFor({
      "GET /support-helpers/confirmation": { state: "USABLE", message: null, tenantFirstName: "Lin", helperName: "Ray", linkExpiresAt: "2026-11-29T10:00:00.000Z" },
    });
    const data = await confirmPage.loader({ url: url("?token=tok_1"), context } as never);
    expect(calls).toEqual([{ method: "GET", path: "/support-helpers/confirmation", query: { token: "tok_1" } }]);
    const Stub = createRoutesStub([{ path: "/helper/confirm", Component: confirmPage.default as never, loader: () => data, action: () => null, HydrateFallback: () => null }]);
    const { container } = render(<Stub initialEntries={["/helper/confirm?token=tok_1"]} />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Help Lin with their Keyfree");
    expect(screen.getByText(/We never send you Lin’s password or sign-in emails/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Confirm that I will help Lin" })).toBeTruthy();
    expect((container.querySelector('input[name="token"]') as HTMLInputElement).value).toBe("tok_1");
    expect(screen.getByText(/This link works once, until 29th Nov 2026/)).toBeTruthy();
  });

  it.each([
    ["USED", HELPER_LINK_MESSAGES.used],
    ["EXPIRED", HELPER_LINK_MESSAGES.expired],
    ["INVALID", HELPER_LINK_MESSAGES.invalid],
  ])("a %s link: a plain message and no button", async (state, message) => {
    const { context } = contextFor({ "GET /support-helpers/confirmation": { state, message, tenantFirstName: null, helperName: null, linkExpiresAt: null } });
    const data = await confirmPage.loader({ url: url("?token=tok_2"), context } as never);
    const Stub = createRoutesStub([{ path: "/helper/confirm", Component: confirmPage.default as never, loader: () => data, action: () => null, HydrateFallback: () => null }]);
    render(<Stub initialEntries={["/helper/confirm?token=tok_2"]} />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This link cannot be used");
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("no token, or one with a control character: not valid, and the API is not asked", async () => {
    for (const query of ["", "?token=", "?token=a%00b"]) {
      const { context, calls } = contextFor({});
      expect(await confirmPage.loader({ url: url(query), context } as never)).toMatchObject({ state: "INVALID", message: HELPER_LINK_MESSAGES.invalid });
      expect(calls).toEqual([]);
    }
  });

  it("confirming: the API told, then the thank-you page; a refusal is a 400 with its reason; no token a 400", async () => {
    const ok = contextFor({ "POST /support-helpers/confirm": { tenantFirstName: "Lin" } });
    const response = (await confirmPage.action({ request: post("/helper/confirm", [["token", "tok_3"]]), context: ok.context } as never)) as Response;
    expect(ok.calls).toEqual([{ method: "POST", path: "/support-helpers/confirm", body: { token: "tok_3" } }]);
    expect(response.headers.get("location")).toBe("/helper/confirmed");

    const used = contextFor({ "POST /support-helpers/confirm": new ApiFailure(400, HELPER_LINK_MESSAGES.used) });
    const refused = (await confirmPage.action({ request: post("/helper/confirm", [["token", "tok_3"]]), context: used.context } as never)) as {
      init: { status: number };
      data: { problem: string };
    };
    expect(refused).toMatchObject({ init: { status: 400 }, data: { problem: HELPER_LINK_MESSAGES.used } });
    const none = (await confirmPage.action({ request: post("/helper/confirm", []), context: contextFor({}).context } as never)) as { init: { status: number } };
    expect(none.init.status).toBe(400);
  });
});
