/**
 * Session recording (issue 26, scope 4): PostHog's browser library, loaded only on a page whose
 * tenant said yes to analytics (root.tsx's loader: `recorder`), and only where script runs. The
 * server counts page views and the journey's events (analytics.server.ts); in the browser PostHog
 * only records the session, with every input masked, all text masked (names, addresses and amounts
 * are on our pages), nothing captured automatically, and the tenant named by their user id alone.
 * The card fields are Stripe's iframes, which a recording never enters, and the card form's
 * container carries PostHog's `ph-no-capture` too.
 */
export type RecorderSettings = {
  /** The project key (public: PostHog's browser library is given it anyway). */
  key: string;
  /** Where the library sends (POSTHOG_HOST). */
  apiHost: string;
  /** The library itself: PostHog's array.js from its assets host (or the offline stand-in). */
  scriptUrl: string;
  /** The signed-in tenant's user id; null for a visitor (PostHog then makes its own id, after consent). */
  distinctId: string | null;
};

/** What PostHog's library is initialised with. */
export function recorderConfig(s: RecorderSettings) {
  return {
    api_host: s.apiHost,
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    disable_surveys: true,
    disable_session_recording: false,
    mask_all_text: true,
    mask_all_element_attributes: true,
    session_recording: { maskAllInputs: true, maskTextSelector: "*" },
    person_profiles: "identified_only",
    ...(s.distinctId ? { bootstrap: { distinctID: s.distinctId, isIdentifiedID: true } } : {}),
  };
}

/**
 * The page's inline script (rendered with its CSP nonce, on the server only): PostHog's snippet
 * queue (`posthog._i`, which the array.js build reads as it starts and initialises from), then
 * array.js added after it, so the settings are always there first. Our own few lines, not
 * PostHog's snippet: nothing else is queued, so no method stubs are needed. The script element is
 * marked data-third-party: a tool blocked by the tenant's browser is not the app's script failing
 * (js-class-script.ts).
 */
export function recorderInitScript(s: RecorderSettings): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `(function(w,d){var p=w.posthog=w.posthog||[];p._i=p._i||[];p._i.push([${json(s.key)},${json(recorderConfig(s))},"posthog"]);` +
    `var e=d.createElement("script");e.async=true;e.src=${json(s.scriptUrl)};e.setAttribute("data-third-party","");d.head.appendChild(e)})(window,document)`
  );
}
