import { useEffect } from "react";
import { Link, useLocation, useMatches, useNavigate, useRevalidator } from "react-router";
import { handlesHydrate } from "~/lib/page-delivery";
import { POLL_INTERVAL_MS, type PollingState } from "~/lib/polling";

/**
 * Checks again every 2 s until the loader says the wait is over (it redirects, or shows the
 * result) or 30 s have passed (`timedOut`: the page shows the spec's message and this renders
 * nothing). A page that sends no script refreshes itself (`<meta http-equiv="refresh">`, with
 * the start time in the URL); a hydrated page revalidates its loaders on an interval instead.
 * The loader computes `state` with pollingState(url).
 *
 * From the start it also offers 'Check again', a link to the same wait (its start time kept),
 * for a browser that ignores the refresh (w3m, or one with refreshes turned off), issue 24. So
 * it goes after the page's h1 and its status message: nothing to press before the h1.
 */
export function Polling({ state }: { state: PollingState }) {
  const hydrates = useRunsScript();
  if (state.timedOut) return null;
  return (
    <>
      {hydrates ? <Revalidate refreshUrl={state.refreshUrl} /> : <meta httpEquiv="refresh" content={`2;url=${state.refreshUrl}`} />}
      <p className="polling__again">
        <Link to={state.refreshUrl}>Check again</Link>
      </p>
    </>
  );
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

/**
 * Whether this page runs script: a matched route opts in for this state (`handle.hydrate`), or
 * the page already hydrated (a state reached in the browser from one that opted in, say
 * referencing's review after the upload zone). Read the same way on the server and while
 * hydrating, so the two renders agree.
 */
function useRunsScript(): boolean {
  const matches = useMatches();
  if (handlesHydrate(matches.map((m) => ({ handle: m.handle, loaderData: m.loaderData })))) return true;
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true";
}
