import { createHash } from "node:crypto";
import { createCookie } from "react-router";
import type { RawApi } from "./api.server";
import type { components } from "./api/schema";
import type { ChatBoot, IntercomSettings } from "./chat";
import { webConfig } from "./env.server";
import type { ThirdParty } from "./third-parties";
import { thirdPartyTools, type IntercomTool } from "./third-parties.server";

/**
 * The live chat's settings for one page (issue 26 scope 2, decision 0042): the messenger loads
 * only where INTERCOM_APP_ID is set and the tenant said yes to chat cookies; a signed-in tenant's
 * boots with who they are (from the API's `GET /me`, whose intercomUserHash the API makes: never
 * the browser, never this app), anyone else's as a visitor.
 *
 * Logging out (or a session that ends, or another tenant signing in) must shut the messenger down
 * before it starts again, or the next person at the browser sees the last one's conversations
 * (Intercom keeps them a week in its cookie). Which tenant the messenger was last started for is
 * kept in a cookie of ours (CHAT_USER_COOKIE, a hash of their id): the first page that boots it
 * for anyone else shuts it down first, then forgets them. No JavaScript state crosses the logout
 * redirect, and a session that simply expired is covered as well as the Logout button.
 */
export type ChatUser = Pick<components["schemas"]["User"], "id" | "email" | "firstName" | "lastName" | "userTypeId" | "intercomUserHash">;

/** Nine months, as Intercom's own longest cookie (intercom-id): our marker outlives every one of theirs. */
const NINE_MONTHS = 60 * 60 * 24 * 274;
export const CHAT_USER_COOKIE = webConfig.isProduction ? "__Host-keyfree_chat_user" : "keyfree_chat_user";
const chatUserCookie = createCookie(CHAT_USER_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  secure: webConfig.isProduction,
  path: "/",
  maxAge: NINE_MONTHS,
  secrets: webConfig.sessionSecrets,
});

/** What the marker holds: not the id itself, only enough to tell one tenant from another. */
export function chatUserMark(userId: string): string {
  return createHash("sha256").update(`keyfree-chat:${userId}`).digest("hex").slice(0, 32);
}

/** The boot settings and what to do with the marker (a new value to set, "" to clear it, undefined to leave it). */
export type ChatPlan = { boot: ChatBoot; mark: string | undefined };

/**
 * Pure: the messenger for this page, or null (not configured, not consented to, or the API could
 * not say who a signed-in tenant is: better no chat on this page than a chat as someone else).
 * `user` is the signed-in tenant (null: a visitor); `lastMark` the marker cookie's value.
 */
export function chatPlan(input: {
  intercom: IntercomTool | undefined;
  tools: readonly ThirdParty[];
  user: ChatUser | null;
  lastMark: string | null;
}): ChatPlan | null {
  const { intercom, tools, user, lastMark } = input;
  if (!intercom || !tools.includes("intercom")) return null;
  const settings: IntercomSettings = { api_base: intercom.apiBase, app_id: intercom.appId };
  if (user) {
    settings.user_id = user.id;
    settings.email = user.email;
    const name = [user.firstName, user.lastName].map((n) => n.trim()).filter(Boolean).join(" ");
    if (name) settings.name = name;
    settings.user_type_id = user.userTypeId;
    // Null only where the API has no INTERCOM_IDENTITY_SECRET (README): Intercom then takes the id unverified.
    if (user.intercomUserHash) settings.user_hash = user.intercomUserHash;
  }
  const mark = user ? chatUserMark(user.id) : null;
  const shutdown = lastMark !== null && lastMark !== mark;
  return {
    boot: { src: `${intercom.widgetUrl}${intercom.appId}`, settings, shutdown },
    mark: mark === lastMark ? undefined : (mark ?? ""),
  };
}

/** The marker as the browser sent it (null when absent or not ours). */
async function readChatUserMark(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes(CHAT_USER_COOKIE)) return null;
  const value: unknown = await chatUserCookie.parse(header).catch(() => null);
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * A request for a whole page (the browser's navigation), not the data of a page running script
 * (React Router's fetch, `Sec-Fetch-Dest: empty`): only a page loaded whole runs the chat script,
 * so only then is the API asked who the tenant is and the marker changed.
 */
function loadsWholePage(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") !== "empty";
}

/**
 * The root loader's part: the page's messenger (null for none) and the Set-Cookie for the marker,
 * if it changes. Asks the API `GET /me` only when the chat is on and the tenant is signed in:
 * one more API call (two small queries) on each such page.
 */
export async function chatForPage(
  request: Request,
  input: { api: RawApi; signedIn: boolean; tools: readonly ThirdParty[]; intercom?: IntercomTool | undefined },
): Promise<{ boot: ChatBoot | null; setCookie?: string }> {
  const intercom = "intercom" in input ? input.intercom : thirdPartyTools.intercom;
  if (!intercom || !input.tools.includes("intercom") || !loadsWholePage(request)) return { boot: null };
  let user: ChatUser | null = null;
  if (input.signedIn) {
    const me = await input.api.GET("/me");
    // 401: the session has ended, so this page is a visitor's; anything else: no chat on this page.
    if (me.data) user = me.data;
    else if (me.response.status !== 401) return { boot: null };
  }
  const plan = chatPlan({ intercom, tools: input.tools, user, lastMark: await readChatUserMark(request) });
  if (!plan) return { boot: null };
  if (plan.mark === undefined) return { boot: plan.boot };
  const setCookie = plan.mark ? await chatUserCookie.serialize(plan.mark) : await chatUserCookie.serialize("", { maxAge: 0 });
  return { boot: plan.boot, setCookie };
}
