import { CHAT_OFFER_ATTRIBUTE } from "~/lib/chat";

/**
 * Right after a "contact us" link (issue 26): where the live chat is on and the page runs the
 * chat's script, that script makes this " or [chat with us]", a button that opens the chat
 * (app/lib/chat.ts). Otherwise it stays empty: no offer without JavaScript or without the chat,
 * and none a text browser would show and could not use.
 */
export function ChatOffer() {
  return <span {...{ [CHAT_OFFER_ATTRIBUTE]: "" }} />;
}
