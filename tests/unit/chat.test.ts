// @vitest-environment jsdom
import { createHmac } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { chatPlan, chatForPage, chatUserMark, CHAT_USER_COOKIE } = await import("../../app/lib/chat.server");
const { buildChatScript, scriptJson, CHAT_OFFER_ATTRIBUTE } = await import("../../app/lib/chat");
const { ChatOffer } = await import("../../app/components/chat-offer");
type ChatBoot = import("../../app/lib/chat").ChatBoot;
type ChatUser = import("../../app/lib/chat.server").ChatUser;

/**
 * The live chat (issue 26 scope 2): who the messenger boots as on a page, and the inline script
 * that boots it, run in a DOM as the browser would.
 */
const intercom = { appId: "kfstandin1", widgetUrl: "https://widget.example/widget/", apiBase: "https://api.example" };
const secret = "unit-intercom-identity-secret-0123";
const user: ChatUser = {
  id: "6f1c2b9e-2a4d-4c3b-9e8f-0a1b2c3d4e5f",
  email: "jordan@example.test",
  firstName: "Jordan",
  lastName: "Lee",
  userTypeId: "TENANT",
  intercomUserHash: createHmac("sha256", secret).update("6f1c2b9e-2a4d-4c3b-9e8f-0a1b2c3d4e5f").digest("hex"),
};
const visitorSettings = { api_base: "https://api.example", app_id: "kfstandin1" };

describe("chatPlan: who the messenger boots as", () => {
  it("loads nothing where Intercom is not configured, or the tenant has not said yes to chat", () => {
    expect(chatPlan({ intercom: undefined, tools: ["intercom"], user, lastMark: null })).toBeNull();
    expect(chatPlan({ intercom, tools: [], user, lastMark: null })).toBeNull();
    expect(chatPlan({ intercom, tools: ["posthog"], user: null, lastMark: null })).toBeNull();
  });

  it("boots a visitor with the app id and API base only", () => {
    const plan = chatPlan({ intercom, tools: ["intercom"], user: null, lastMark: null });
    expect(plan).toEqual({ boot: { src: "https://widget.example/widget/kfstandin1", settings: visitorSettings, shutdown: false }, mark: undefined });
  });

  it("boots a signed-in tenant with their id, e-mail, name, user type id (spec part 2 §6) and the API's identity hash", () => {
    const plan = chatPlan({ intercom, tools: ["intercom", "posthog"], user, lastMark: null })!;
    expect(plan.boot.settings).toEqual({
      ...visitorSettings,
      user_id: user.id,
      email: "jordan@example.test",
      name: "Jordan Lee",
      user_type_id: "TENANT",
      user_hash: user.intercomUserHash,
    });
    expect(plan.boot.shutdown).toBe(false);
    // The browser is marked as this tenant's, so the page after they leave shuts the messenger down.
    expect(plan.mark).toBe(chatUserMark(user.id));
    expect(plan.mark).not.toContain(user.id);
  });

  it("sends no user_hash where the API has no identity secret, and no empty name", () => {
    const plan = chatPlan({ intercom, tools: ["intercom"], user: { ...user, intercomUserHash: null, firstName: "Jordan", lastName: " " }, lastMark: null })!;
    expect(plan.boot.settings).not.toHaveProperty("user_hash");
    expect(plan.boot.settings.name).toBe("Jordan");
  });

  it("shuts down first when the messenger was last started for a tenant who has gone (logout, a session ended), then forgets them", () => {
    const afterLogout = chatPlan({ intercom, tools: ["intercom"], user: null, lastMark: chatUserMark(user.id) })!;
    expect(afterLogout.boot).toEqual({ src: "https://widget.example/widget/kfstandin1", settings: visitorSettings, shutdown: true });
    expect(afterLogout.mark).toBe("");
    const someoneElse = chatPlan({ intercom, tools: ["intercom"], user: { ...user, id: "another-user" }, lastMark: chatUserMark(user.id) })!;
    expect(someoneElse.boot.shutdown).toBe(true);
    expect(someoneElse.mark).toBe(chatUserMark("another-user"));
    const sameTenant = chatPlan({ intercom, tools: ["intercom"], user, lastMark: chatUserMark(user.id) })!;
    expect(sameTenant.boot.shutdown).toBe(false);
    expect(sameTenant.mark).toBeUndefined();
  });
});

describe("chatForPage: the root loader's part", () => {
  const meApi = (answer: { status: number; data?: ChatUser }) => {
    const GET = vi.fn(async () => ({ data: answer.data, error: answer.data ? undefined : { message: "no" }, response: new Response(null, { status: answer.status }) }));
    return { api: { GET } as unknown as import("../../app/lib/api.server").RawApi, GET };
  };
  const page = (headers: Record<string, string> = {}) => new Request("http://localhost/", { headers: { "Sec-Fetch-Dest": "document", ...headers } });

  it("asks the API who the tenant is only when the chat is on and they are signed in", async () => {
    const off = meApi({ status: 200, data: user });
    expect(await chatForPage(page(), { api: off.api, signedIn: true, tools: [], intercom })).toEqual({ boot: null });
    const visitor = meApi({ status: 200, data: user });
    expect((await chatForPage(page(), { api: visitor.api, signedIn: false, tools: ["intercom"], intercom })).boot?.settings).toEqual(visitorSettings);
    expect(off.GET).not.toHaveBeenCalled();
    expect(visitor.GET).not.toHaveBeenCalled();
    const signedIn = meApi({ status: 200, data: user });
    const result = await chatForPage(page(), { api: signedIn.api, signedIn: true, tools: ["intercom"], intercom });
    expect(signedIn.GET).toHaveBeenCalledWith("/me");
    expect(result.boot?.settings.user_hash).toBe(user.intercomUserHash);
    expect(result.setCookie).toMatch(new RegExp(`^${CHAT_USER_COOKIE}=.+; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax$`));
  });

  it("the marker set on a signed-in page makes the next visitor page shut down and clear it", async () => {
    const signedIn = meApi({ status: 200, data: user });
    const { setCookie } = await chatForPage(page(), { api: signedIn.api, signedIn: true, tools: ["intercom"], intercom });
    const cookie = setCookie!.split(";")[0]!;
    const next = await chatForPage(page({ Cookie: cookie }), { api: meApi({ status: 401 }).api, signedIn: false, tools: ["intercom"], intercom });
    expect(next.boot).toEqual({ src: "https://widget.example/widget/kfstandin1", settings: visitorSettings, shutdown: true });
    expect(next.setCookie).toMatch(new RegExp(`^${CHAT_USER_COOKIE}=; Max-Age=0;`));
    // A forged or foreign marker is no marker.
    const forged = await chatForPage(page({ Cookie: `${CHAT_USER_COOKIE}=${chatUserMark(user.id)}` }), {
      api: meApi({ status: 401 }).api,
      signedIn: false,
      tools: ["intercom"],
      intercom,
    });
    expect(forged.boot?.shutdown).toBe(false);
  });

  it("a session the API no longer knows (401) is a visitor's page; any other failure loads no chat rather than the wrong one", async () => {
    const ended = await chatForPage(page(), { api: meApi({ status: 401 }).api, signedIn: true, tools: ["intercom"], intercom });
    expect(ended.boot?.settings).toEqual(visitorSettings);
    expect(await chatForPage(page(), { api: meApi({ status: 503 }).api, signedIn: true, tools: ["intercom"], intercom })).toEqual({ boot: null });
  });

  it("the data of a page running script (Sec-Fetch-Dest: empty) asks nothing and changes no marker: only a whole page runs the chat script", async () => {
    const data = meApi({ status: 200, data: user });
    expect(await chatForPage(page({ "Sec-Fetch-Dest": "empty" }), { api: data.api, signedIn: true, tools: ["intercom"], intercom })).toEqual({ boot: null });
    expect(data.GET).not.toHaveBeenCalled();
  });
});

describe("the chat's inline script", () => {
  afterEach(() => {
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    delete (window as { Intercom?: unknown }).Intercom;
    delete (window as { intercomSettings?: unknown }).intercomSettings;
  });

  const hostile = "</script><script>alert(1)</script><!-- \u2028 & 'quotes\" \\";
  const boot = (over: Partial<ChatBoot> = {}): ChatBoot => ({
    src: "https://widget.example/widget/kfstandin1",
    settings: { ...visitorSettings, user_id: "u1", email: "a@example.test", name: hostile, user_type_id: "TENANT", user_hash: "abc" },
    shutdown: false,
    ...over,
  });
  type Queued = { q: IArguments[] } & ((...args: unknown[]) => void);
  const queue = () => ((window as unknown as { Intercom: Queued }).Intercom.q ?? []).map((args) => [...args]);

  it("cannot be closed or commented out by what a tenant typed in their name, and boots with that name exactly", () => {
    const script = buildChatScript(boot(), true);
    expect(script).not.toMatch(/<\/script|<!--|<script|\u2028/i);
    expect(scriptJson({ a: "</script>" })).toBe('{"a":"\\u003c/script\\u003e"}');
    new Function(script)();
    const settings = (window as unknown as { intercomSettings: { name: string } }).intercomSettings;
    expect(settings.name).toBe(hostile);
    expect(queue()).toEqual([["boot", settings]]);
    const widget = document.head.querySelector("script")!;
    expect(widget.src).toBe("https://widget.example/widget/kfstandin1");
    expect(widget.async).toBe(true);
  });

  it("queues the shutdown before the boot where the last tenant must be forgotten", () => {
    new Function(buildChatScript(boot({ settings: visitorSettings, shutdown: true }), true))();
    expect(queue()).toEqual([["shutdown"], ["boot", visitorSettings]]);
  });

  it("offers 'or chat with us' after each contact link once the messenger's script has loaded, which opens the chat", () => {
    document.body.innerHTML = renderToStaticMarkup(
      createElement("p", null, "Please ", createElement("a", { href: "/contact" }, "contact us"), createElement(ChatOffer), " if this issue persists."),
    );
    const paragraph = document.querySelector("p")!;
    // Server-rendered: nothing to see, nothing for a text browser.
    expect(paragraph.textContent).toBe("Please contact us if this issue persists.");
    expect(paragraph.querySelector(`[${CHAT_OFFER_ATTRIBUTE}]`)).not.toBeNull();
    new Function(buildChatScript(boot(), true))();
    expect(paragraph.textContent).toBe("Please contact us if this issue persists.");
    const widget = document.head.querySelector("script")!;
    widget.onload!(new Event("load"));
    expect(paragraph.textContent).toBe("Please contact us or chat with us if this issue persists.");
    const button = paragraph.querySelector("button")!;
    expect(button.type).toBe("button");
    button.click();
    expect(queue().map((call) => call[0])).toEqual(["boot", "show"]);
  });

  it("leaves a page React hydrates as it was sent (no offers: its markup is React's)", () => {
    document.body.innerHTML = renderToStaticMarkup(createElement("p", null, createElement("a", { href: "/contact" }, "contact us"), createElement(ChatOffer)));
    new Function(buildChatScript(boot(), false))();
    expect(document.head.querySelector("script")!.onload).toBeNull();
    expect(document.querySelector("p")!.textContent).toBe("contact us");
  });
});
