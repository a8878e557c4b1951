/**
 * The live chat (Intercom Messenger, issue 26 scope 2): what a page boots it with, and the small
 * inline script that does it. The settings are made on the server (app/lib/chat.server.ts, the
 * root loader); the script is written by the server's render only (`chatScript` is an empty
 * function in the browser's bundle, as JS_CLASS_SCRIPT is), so the card pages' JavaScript budget
 * pays for none of it.
 */

/** Intercom's `intercomSettings` as we send them (its names): a visitor has the first two only. */
export type IntercomSettings = {
  api_base: string;
  app_id: string;
  user_id?: string;
  email?: string;
  /** First and last name. */
  name?: string;
  /** A custom attribute: the user's type id (spec part 2 §6). */
  user_type_id?: string;
  /** Identity verification: the API's intercomUserHash (HMAC-SHA256 of the user id). */
  user_hash?: string;
};

/** One page's messenger: where its script is, what it boots with, and whether to shut down the last one first. */
export type ChatBoot = {
  /** INTERCOM_WIDGET_URL with the app id appended. */
  src: string;
  settings: IntercomSettings;
  /**
   * The messenger on this browser was last started for a signed-in tenant other than this page's
   * (they logged out, their session ended, someone else signed in): `Intercom('shutdown')` first,
   * which ends that conversation and clears Intercom's cookies, as Intercom says to on logout.
   */
  shutdown: boolean;
};

/**
 * The marker a "contact us" sentence leaves after its link (ChatOffer, app/components/chat-offer.tsx):
 * an empty element that the chat script fills with " or [chat with us]" once the messenger's script
 * has loaded. Nothing is there without JavaScript, in a text browser, or without the chat.
 */
export const CHAT_OFFER_ATTRIBUTE = "data-chat-offer";

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), and no line separators JavaScript could trip on. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The messenger's install (Intercom's "Basic JavaScript", with its documented calls queued in
 * order): `window.intercomSettings`, the `Intercom(...)` queue, `shutdown` where the last tenant
 * must be forgotten, `boot` with the settings, then the widget script, async. When the script has
 * loaded, each "contact us" sentence (`offers`; not on a page React hydrates, whose markup the
 * script must not change) gains " or chat with us", a button that opens the messenger.
 */
export function buildChatScript(boot: ChatBoot, offers: boolean): string {
  const reveal = offers
    ? `e.onload=function(){var o=d.querySelectorAll("[${CHAT_OFFER_ATTRIBUTE}]");for(var k=0;k<o.length;k++){\
var b=d.createElement("button");b.type="button";b.className="chat-offer__button";b.textContent="chat with us";\
b.onclick=function(){w.Intercom("show")};o[k].appendChild(d.createTextNode(" or "));o[k].appendChild(b)}};`
    : "";
  return `(function(w,d){var s=${scriptJson(boot.settings)};w.intercomSettings=s;\
var i=function(){i.c(arguments)};i.q=[];i.c=function(a){i.q.push(a)};w.Intercom=i;\
${boot.shutdown ? 'i("shutdown");' : ""}i("boot",s);\
var e=d.createElement("script");e.async=true;e.src=${scriptJson(boot.src)};${reveal}d.head.appendChild(e)})(window,document)`;
}

/** The server's render writes the script; the browser keeps what it was sent (and its bundle leaves this out). */
export const chatScript: (boot: ChatBoot, offers: boolean) => string = !import.meta.env.SSR ? () => "" : buildChatScript;
