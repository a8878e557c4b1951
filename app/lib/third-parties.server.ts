import { z } from "zod";
import { CATEGORY_OF_TOOL, type ConsentCategory, type ThirdParty } from "./third-parties";

/**
 * Which outside tools this deployment has turned on (issue 26), read once from the environment,
 * and the CSP sources each needs. Every variable unset: no tool, no banner, and no page names a
 * third party (decision 0042). Each tool's *_URL variable points it somewhere else than the
 * service itself: outside production, at the offline stand-ins web-server.ts serves under
 * /__stand-ins/ (see README "Help, chat, analytics and reviews").
 */

const optional = (schema: z.ZodType) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s):// URL` });

const ToolsEnv = z.object({
  NODE_ENV: z.string().optional(),
  INTERCOM_APP_ID: optional(z.string().regex(/^[a-z0-9]{4,40}$/i, "INTERCOM_APP_ID must be Intercom's workspace id (letters and digits)")),
  /** The messenger script, the app id appended: Intercom's by default. */
  INTERCOM_WIDGET_URL: optional(httpUrl("INTERCOM_WIDGET_URL")),
  /** Where the messenger talks to: Intercom's US data centre by default (EU: https://api-iam.eu.intercom.io). */
  INTERCOM_API_BASE: optional(httpUrl("INTERCOM_API_BASE")),
  POSTHOG_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, "POSTHOG_KEY must be a PostHog project API key (phc_...)")),
  /** PostHog's ingestion host: the EU cloud by default. */
  POSTHOG_HOST: optional(httpUrl("POSTHOG_HOST")),
  TRUSTPILOT_BUSINESS_UNIT_ID: optional(z.string().regex(/^[a-f0-9]{24}$/, "TRUSTPILOT_BUSINESS_UNIT_ID must be 24 hexadecimal characters")),
  TRUSTPILOT_TEMPLATE_ID: optional(z.string().regex(/^[a-f0-9]{24}$/, "TRUSTPILOT_TEMPLATE_ID must be 24 hexadecimal characters")),
  /** TrustBox's bootstrap script: Trustpilot's by default. */
  TRUSTPILOT_WIDGET_URL: optional(httpUrl("TRUSTPILOT_WIDGET_URL")),
  /** The reviews page: the offer page's plain link, the TrustBox's fallback. */
  TRUST_RATING_URL: optional(httpUrl("TRUST_RATING_URL")),
});

export type IntercomTool = { appId: string; widgetUrl: string; apiBase: string };
export type PostHogTool = { key: string; host: string; assetsUrl: string };
/** `reviewsUrl`: the reviews page, the TrustBox's fallback link (required with the business unit id). */
export type TrustpilotTool = { businessUnitId: string; templateId: string; widgetUrl: string; reviewsUrl: string };

export type ThirdPartyTools = {
  intercom?: IntercomTool;
  posthog?: PostHogTool;
  trustpilot?: TrustpilotTool;
  /** Stripe.js from Stripe (STRIPE_PUBLISHABLE_KEY), not the offline stand-in from this site. */
  realStripe: boolean;
};

export const INTERCOM_WIDGET_URL = "https://widget.intercom.io/widget/";
export const INTERCOM_API_BASE = "https://api-iam.intercom.io";
export const POSTHOG_HOST = "https://eu.i.posthog.com";
export const TRUSTPILOT_WIDGET_URL = "https://widget.trustpilot.com/bootstrap/v5/tp.widget.bootstrap.min.js";
/** TrustBox "Micro Review Count": the rating and the number of reviews, one line high. */
export const TRUSTPILOT_TEMPLATE_ID = "5419b6a8b0d04a076446a9ad";

/** PostHog serves its scripts from the ingestion host's "-assets" twin (eu.i.posthog.com → eu-assets.i.posthog.com). */
function postHogAssets(host: string): string {
  const url = new URL(host);
  if (url.hostname.endsWith(".i.posthog.com")) url.hostname = url.hostname.replace(/\.i\.posthog\.com$/, "-assets.i.posthog.com");
  return url.origin + url.pathname.replace(/\/+$/, "");
}

export function readThirdPartyTools(source: NodeJS.ProcessEnv = process.env): ThirdPartyTools {
  const parsed = ToolsEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment for the web app's outside tools: ${problems}`);
  }
  const e = parsed.data as Record<string, string | undefined>;
  // Trustpilot's integration code is a box with a link to the reviews page in it, the link being
  // what a tenant without script or without consent gets: no TrustBox without that link.
  if (e.TRUSTPILOT_BUSINESS_UNIT_ID && !e.TRUST_RATING_URL) {
    throw new Error(
      "Invalid environment for the web app's outside tools: TRUST_RATING_URL (your Trustpilot reviews page, the TrustBox's fallback link) must be set with TRUSTPILOT_BUSINESS_UNIT_ID",
    );
  }
  const host = (e.POSTHOG_HOST ?? POSTHOG_HOST).replace(/\/+$/, "");
  return {
    realStripe: Boolean(source.STRIPE_PUBLISHABLE_KEY),
    intercom: e.INTERCOM_APP_ID
      ? { appId: e.INTERCOM_APP_ID, widgetUrl: e.INTERCOM_WIDGET_URL ?? INTERCOM_WIDGET_URL, apiBase: e.INTERCOM_API_BASE ?? INTERCOM_API_BASE }
      : undefined,
    posthog: e.POSTHOG_KEY ? { key: e.POSTHOG_KEY, host, assetsUrl: postHogAssets(host) } : undefined,
    trustpilot:
      e.TRUSTPILOT_BUSINESS_UNIT_ID && e.TRUST_RATING_URL
        ? {
            businessUnitId: e.TRUSTPILOT_BUSINESS_UNIT_ID,
            templateId: e.TRUSTPILOT_TEMPLATE_ID ?? TRUSTPILOT_TEMPLATE_ID,
            widgetUrl: e.TRUSTPILOT_WIDGET_URL ?? TRUSTPILOT_WIDGET_URL,
            reviewsUrl: e.TRUST_RATING_URL,
          }
        : undefined,
  };
}

export const thirdPartyTools = readThirdPartyTools();

/** The questions the banner and the Cookies page ask: one per configured tool's kind. */
export function consentCategories(tools: ThirdPartyTools = thirdPartyTools): ConsentCategory[] {
  const categories: ConsentCategory[] = [];
  if (tools.posthog) categories.push(CATEGORY_OF_TOOL.posthog);
  if (tools.intercom) categories.push(CATEGORY_OF_TOOL.intercom);
  if (tools.trustpilot) categories.push(CATEGORY_OF_TOOL.trustpilot);
  return categories;
}

export type CspDirective = "script-src" | "style-src" | "img-src" | "font-src" | "connect-src" | "frame-src" | "media-src" | "worker-src" | "form-action";
export type CspSources = Partial<Record<CspDirective, string[]>>;

const origin = (url: string) => new URL(url).origin;

/**
 * The sources a page that uses these tools adds to the base policy (web-server.ts). A tool at its
 * own service gets the hosts its makers list (Intercom's "Using Intercom with Content Security
 * Policy", Stripe's and PostHog's CSP notes); a tool pointed elsewhere (a stand-in, a proxy) gets
 * that origin only.
 */
export function cspSourcesFor(used: Iterable<ThirdParty>, tools: ThirdPartyTools = thirdPartyTools): CspSources {
  const out: Record<string, Set<string>> = {};
  const add = (directive: CspDirective, ...sources: string[]) => {
    const set = (out[directive] ??= new Set());
    for (const s of sources) set.add(s);
  };
  for (const tool of new Set(used)) {
    if (tool === "stripe" && tools.realStripe) {
      add("script-src", "https://js.stripe.com", "https://*.js.stripe.com");
      add("img-src", "https://*.stripe.com");
      add("connect-src", "https://api.stripe.com");
      add("frame-src", "https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com");
    }
    if (tool === "intercom" && tools.intercom) {
      const { widgetUrl, apiBase } = tools.intercom;
      if (widgetUrl === INTERCOM_WIDGET_URL) {
        add("script-src", "https://app.intercom.io", "https://widget.intercom.io", "https://js.intercomcdn.com");
        add("connect-src", "https://via.intercom.io", "https://api.intercom.io", "https://api-ping.intercom.io");
        add("connect-src", "https://nexus-websocket-a.intercom.io", "wss://nexus-websocket-a.intercom.io");
        add("connect-src", "https://nexus-websocket-b.intercom.io", "wss://nexus-websocket-b.intercom.io");
        add("connect-src", "https://nexus-europe-websocket.intercom.io", "wss://nexus-europe-websocket.intercom.io");
        add("connect-src", "https://uploads.intercomcdn.com", "https://uploads.intercomcdn.eu", "https://uploads.intercomusercontent.com");
        add("img-src", "blob:", "https://js.intercomcdn.com", "https://static.intercomassets.com", "https://downloads.intercomcdn.com");
        add("img-src", "https://uploads.intercomusercontent.com", "https://gifs.intercomcdn.com", "https://video-messages.intercomcdn.com");
        add("img-src", "https://messenger-apps.intercom.io", "https://*.intercom-attachments-1.com", "https://*.intercom-attachments.eu");
        add("font-src", "https://js.intercomcdn.com", "https://fonts.intercomcdn.com");
        add("media-src", "https://js.intercomcdn.com", "https://downloads.intercomcdn.com");
        add("frame-src", "https://intercom-sheets.com", "https://www.intercom-reporting.com", "https://www.youtube.com", "https://player.vimeo.com", "https://fast.wistia.net");
        add("form-action", "https://intercom.help", origin(apiBase));
        // The messenger styles itself with <style> elements it writes.
        add("style-src", "'unsafe-inline'");
      } else {
        add("script-src", origin(widgetUrl));
        add("connect-src", origin(widgetUrl));
        // The offline stand-in styles its launcher with a stylesheet of its own (stand-ins/intercom/).
        add("style-src", origin(widgetUrl));
      }
      add("connect-src", origin(apiBase));
    }
    if (tool === "posthog" && tools.posthog) {
      add("script-src", origin(tools.posthog.assetsUrl));
      add("connect-src", origin(tools.posthog.host), origin(tools.posthog.assetsUrl));
      // The session recorder compresses in a worker it makes from a blob.
      add("worker-src", "blob:");
    }
    if (tool === "trustpilot" && tools.trustpilot) {
      add("script-src", origin(tools.trustpilot.widgetUrl));
      // TrustBox draws the rating in an iframe from the widget's host.
      add("frame-src", origin(tools.trustpilot.widgetUrl));
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]])) as CspSources;
}
