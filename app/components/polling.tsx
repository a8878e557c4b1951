import { useEffect } from "react";
import { useLocation, useMatches, useNavigate, useRevalidator } from "react-router";
import { POLL_INTERVAL_MS, type PollingState } from "~/lib/polling";

/** Whether this page hydrates (a route declares `handle = { hydrate: true }`); other pages send no script. */
function usePageHydrates(): boolean {
  return useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === true);
}

/**
 * Checks again every 2 s until the loader says the wait is over (it redirects, or shows the
 * result) or 30 s have passed (`timedOut`: the page shows the spec's message and this renders
 * nothing). A page that sends no script refreshes itself (`<meta http-equiv="refresh">`, with
 * the start time in the URL); a hydrated page revalidates its loaders on an interval instead.
 * The loader computes `state` with pollingState(url).
 */
export function Polling({ state }: { state: PollingState }) {
  const hydrates = usePageHydrates();
  if (state.timedOut) return null;
  return hydrates ? <Revalidate refreshUrl={state.refreshUrl} /> : <meta httpEquiv="refresh" content={`2;url=${state.refreshUrl}`} />;
}

function Revalidate({ refreshUrl }: { refreshUrl: string }) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    const timer = setInterval(() => {
      // The start time goes into the URL first (so a reload keeps it); then the loaders just run again.
      if (here !== refreshUrl) void navigate(refreshUrl, { replace: true, preventScrollReset: true });
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [here, refreshUrl, revalidator, navigate]);
  return null;
}
