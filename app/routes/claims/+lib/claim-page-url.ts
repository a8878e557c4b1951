/**
 * The claim page's state, in its URL (docs/decisions/0018): which item is open and on which tab,
 * the introduction and the explainer in full, and `?mediationEnabled=true` (part 1 §2.5). Pure.
 */
import type { components } from "~/lib/api/schema";

type Claim = components["schemas"]["Claim"];

export type ClaimTab = "history" | "evidence";

export interface ClaimPageState {
  /** The item whose History and Evidence are shown ('Show more'), or null (every panel collapsed). */
  itemId: string | null;
  tab: ClaimTab;
  /** 'Read intro': the mediation introduction in full. */
  intro: boolean;
  /** 'Explaining your end of tenancy process'. */
  explainer: boolean;
}

export function claimPageState(url: URL): ClaimPageState {
  const q = url.searchParams;
  return {
    itemId: q.get("item") || null,
    tab: q.get("tab") === "evidence" ? "evidence" : "history",
    intro: q.has("intro"),
    explainer: q.has("explainer"),
  };
}

/**
 * The page's URL for a state: `?mediationEnabled=true` first when the claim has mediation (part
 * 1 §2.5), then the state; `anchor` is a fragment without '#'.
 */
export function claimPageHref(
  claim: Pick<Claim, "id" | "mediationEnabled">,
  state: Partial<ClaimPageState> = {},
  anchor?: string,
): string {
  const q = new URLSearchParams();
  if (claim.mediationEnabled) q.set("mediationEnabled", "true");
  if (state.itemId) {
    q.set("item", state.itemId);
    q.set("tab", state.tab ?? "history");
  }
  const flags = [state.intro ? "intro" : null, state.explainer ? "explainer" : null].filter(Boolean);
  const query = [q.toString(), ...flags].filter(Boolean).join("&");
  return `/claims/${encodeURIComponent(claim.id)}${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/** Part 1 §2.5: `mediationEnabled=true` is added to the URL when the claim has mediation and it is missing. */
export function mediationRedirect(claim: Pick<Claim, "mediationEnabled">, url: URL): string | null {
  if (!claim.mediationEnabled || url.searchParams.get("mediationEnabled") === "true") return null;
  // Flags without a value (?intro) stay as they were written.
  const rest = url.search
    .slice(1)
    .split("&")
    .filter((part) => part && !part.startsWith("mediationEnabled"));
  return `${url.pathname}?${["mediationEnabled=true", ...rest].join("&")}`;
}
