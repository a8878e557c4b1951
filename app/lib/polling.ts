/**
 * One way to wait until something is done (references, payments, instalments): the page
 * checks again every 2 s and gives up after 30 s (spec part 1 §9: polling every 2000 ms,
 * given up after 30 seconds). The start time lives in the URL (`?since=<ms>`), so the wait
 * works without JavaScript (a meta refresh), survives a reload and ends on time.
 */
export const POLL_INTERVAL_MS = 2000;
export const POLL_TIMEOUT_MS = 30_000;
export const POLL_PARAM = "since";

export type PollingState = {
  /** When the wait began (ms since the epoch). */
  since: number;
  /** 30 s have passed: stop and say so. */
  timedOut: boolean;
  /** The page again, with the start time (what the next check loads). */
  refreshUrl: string;
};

/** The wait's state from the page's URL; a missing, malformed or future start time starts it now. */
export function pollingState(url: URL, now = Date.now()): PollingState {
  const given = Number(url.searchParams.get(POLL_PARAM));
  const since = Number.isSafeInteger(given) && given > 0 && given <= now ? given : now;
  const next = new URL(url);
  next.searchParams.set(POLL_PARAM, String(since));
  return { since, timedOut: now - since >= POLL_TIMEOUT_MS, refreshUrl: next.pathname + next.search };
}

/** A path with the wait's start time added: where a page that starts a wait sends the tenant. */
export function pollingPath(path: string, since = Date.now()): string {
  const url = new URL(path, "http://x");
  url.searchParams.set(POLL_PARAM, String(since));
  return url.pathname + url.search;
}
