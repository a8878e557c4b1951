import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../app/lib/csp.server";
import { cspSourcesFor, readThirdPartyTools, type CspSources } from "../../app/lib/third-parties.server";
import type { ThirdParty } from "../../app/lib/third-parties";

/**
 * Issue 26 (decision 0042): a page's CSP names exactly the outside services it uses, each with the
 * origins its makers list when it is the real service, or only the origin it is pointed at (a
 * stand-in, a proxy); a page using none names no third party at all.
 */
const STAND_IN = "http://127.0.0.1:3452";
const STAND_IN_ENV = {
  INTERCOM_APP_ID: "kfstandin1",
  INTERCOM_WIDGET_URL: `${STAND_IN}/__stand-ins/intercom/widget/`,
  INTERCOM_API_BASE: `${STAND_IN}/__stand-ins/intercom`,
  POSTHOG_KEY: "phc_e2e_standin_project_key",
  POSTHOG_HOST: `${STAND_IN}/__stand-ins/posthog`,
  TRUSTPILOT_BUSINESS_UNIT_ID: "5f0c1a2b3c4d5e6f7a8b9c0d",
  TRUSTPILOT_WIDGET_URL: `${STAND_IN}/__stand-ins/trustpilot/tp.widget.bootstrap.min.js`,
  TRUST_RATING_URL: "https://uk.trustpilot.com/review/keyfree.example",
};
const REAL_ENV = {
  INTERCOM_APP_ID: "abc123de",
  POSTHOG_KEY: "phc_real_project_key_123",
  TRUSTPILOT_BUSINESS_UNIT_ID: "5f0c1a2b3c4d5e6f7a8b9c0d",
  TRUST_RATING_URL: "https://uk.trustpilot.com/review/keyfree.example",
  STRIPE_PUBLISHABLE_KEY: "pk_live_123",
};
const ALL: ThirdParty[] = ["stripe", "intercom", "posthog", "trustpilot"];

/** Every source named, whatever the directive. */
const allSources = (sources: CspSources) => Object.values(sources).flat();
/** The directives of a policy string, by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split("; ").map((d) => {
      const [name, ...sources] = d.split(" ");
      return [name!, sources];
    }),
  );
}

describe("the outside tools' configuration", () => {
  it("no variable set: no tool, and Stripe's stand-in", () => {
    expect(readThirdPartyTools({})).toEqual({ realStripe: false, intercom: undefined, posthog: undefined, trustpilot: undefined });
    expect(readThirdPartyTools({ INTERCOM_APP_ID: "", POSTHOG_KEY: "", TRUSTPILOT_BUSINESS_UNIT_ID: "", STRIPE_PUBLISHABLE_KEY: "" })).toMatchObject({
      realStripe: false,
      trustpilot: undefined,
    });
  });

  it("Trustpilot: the default template and Trustpilot's bootstrap, the reviews page as its fallback link", () => {
    expect(readThirdPartyTools(REAL_ENV).trustpilot).toEqual({
      businessUnitId: "5f0c1a2b3c4d5e6f7a8b9c0d",
      templateId: "5419b6a8b0d04a076446a9ad",
      widgetUrl: "https://widget.trustpilot.com/bootstrap/v5/tp.widget.bootstrap.min.js",
      reviewsUrl: "https://uk.trustpilot.com/review/keyfree.example",
    });
  });

  it("refuses a Trustpilot business unit without TRUST_RATING_URL (the TrustBox's fallback link), and ids of the wrong shape", () => {
    expect(() => readThirdPartyTools({ TRUSTPILOT_BUSINESS_UNIT_ID: "5f0c1a2b3c4d5e6f7a8b9c0d" })).toThrow(/TRUST_RATING_URL/);
    expect(() => readThirdPartyTools({ ...REAL_ENV, TRUSTPILOT_BUSINESS_UNIT_ID: "not-an-id" })).toThrow(/TRUSTPILOT_BUSINESS_UNIT_ID/);
    expect(() => readThirdPartyTools({ ...REAL_ENV, TRUSTPILOT_WIDGET_URL: "javascript:alert(1)" })).toThrow(/TRUSTPILOT_WIDGET_URL/);
    // TRUST_RATING_URL alone is the plain link: no tool.
    expect(readThirdPartyTools({ TRUST_RATING_URL: "https://uk.trustpilot.com/review/keyfree.example" }).trustpilot).toBeUndefined();
  });
});

describe("cspSourcesFor: the origins a page's outside services add", () => {
  it("no tool used, or a tool used that is not configured: no source at all", () => {
    const none = readThirdPartyTools({});
    expect(cspSourcesFor([], none)).toEqual({});
    expect(cspSourcesFor(ALL, none)).toEqual({});
    expect(cspSourcesFor([], readThirdPartyTools(REAL_ENV))).toEqual({});
  });

  it("a tool at a stand-in: that origin only, in that tool's directives only", () => {
    const tools = readThirdPartyTools(STAND_IN_ENV);
    expect(cspSourcesFor(["trustpilot"], tools)).toEqual({ "script-src": [STAND_IN], "frame-src": [STAND_IN] });
    // The messenger stand-in styles itself with a style sheet from its own origin.
    expect(cspSourcesFor(["intercom"], tools)).toEqual({ "script-src": [STAND_IN], "style-src": [STAND_IN], "connect-src": [STAND_IN] });
    expect(cspSourcesFor(["posthog"], tools)).toEqual({ "script-src": [STAND_IN], "connect-src": [STAND_IN], "worker-src": ["blob:"] });
    // Stripe's stand-in is this site's own: nothing to add.
    expect(cspSourcesFor(["stripe"], tools)).toEqual({});
    for (const tool of ALL) {
      for (const source of allSources(cspSourcesFor([tool], tools))) expect(source === STAND_IN || source === "blob:", `${tool}: ${source}`).toBe(true);
    }
  });

  it("each tool at its own service: its makers' hosts, none of another tool's", () => {
    const tools = readThirdPartyTools(REAL_ENV);
    expect(cspSourcesFor(["trustpilot"], tools)).toEqual({ "script-src": ["https://widget.trustpilot.com"], "frame-src": ["https://widget.trustpilot.com"] });
    expect(cspSourcesFor(["posthog"], tools)).toEqual({
      "script-src": ["https://eu-assets.i.posthog.com"],
      "connect-src": ["https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"],
      "worker-src": ["blob:"],
    });
    const intercom = cspSourcesFor(["intercom"], tools);
    expect(intercom["script-src"]).toEqual(["https://app.intercom.io", "https://widget.intercom.io", "https://js.intercomcdn.com"]);
    expect(intercom["connect-src"]).toContain("https://api-iam.intercom.io");
    expect(intercom["connect-src"]).toContain("wss://nexus-websocket-a.intercom.io");
    const stripe = cspSourcesFor(["stripe"], tools);
    expect(stripe["script-src"]).toEqual(["https://js.stripe.com", "https://*.js.stripe.com"]);
    expect(stripe["frame-src"]).toContain("https://js.stripe.com");
    const hosts = (sources: CspSources) => allSources(sources).filter((s) => s.includes("://"));
    for (const [tool, domain] of [
      ["trustpilot", "trustpilot.com"],
      ["posthog", "posthog.com"],
      ["stripe", "stripe.com"],
    ] as const) {
      for (const host of hosts(cspSourcesFor([tool], tools))) expect(host, tool).toContain(domain);
    }
    expect(hosts(intercom).every((h) => /intercom|youtube\.com|vimeo\.com|wistia\.net/.test(h))).toBe(true);
  });

  it("Stripe only with a real publishable key (else the stand-in from this site)", () => {
    expect(cspSourcesFor(["stripe"], readThirdPartyTools({}))).toEqual({});
    expect(cspSourcesFor(["stripe"], readThirdPartyTools({ STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }))["script-src"]).toContain("https://js.stripe.com");
  });

  it("a PostHog host elsewhere (a proxy, the US cloud): its own origin, and PostHog's assets twin only for PostHog's hosts", () => {
    expect(cspSourcesFor(["posthog"], readThirdPartyTools({ POSTHOG_KEY: "phc_real_project_key_123", POSTHOG_HOST: "https://us.i.posthog.com/" }))).toEqual({
      "script-src": ["https://us-assets.i.posthog.com"],
      "connect-src": ["https://us.i.posthog.com", "https://us-assets.i.posthog.com"],
      "worker-src": ["blob:"],
    });
    expect(cspSourcesFor(["posthog"], readThirdPartyTools({ POSTHOG_KEY: "phc_real_project_key_123", POSTHOG_HOST: "https://e.keyfree.example/ingest" }))).toEqual({
      "script-src": ["https://e.keyfree.example"],
      "connect-src": ["https://e.keyfree.example"],
      "worker-src": ["blob:"],
    });
  });
});

describe("contentSecurityPolicy: one response's policy", () => {
  it("no outside service: this site only, scripts by nonce, no frames, and no third-party origin anywhere", () => {
    const policy = contentSecurityPolicy("n0nce");
    const d = directives(policy);
    expect(d["default-src"]).toEqual(["'self'"]);
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(d["frame-src"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy).not.toMatch(/https?:\/\//);
    expect(contentSecurityPolicy("n0nce", cspSourcesFor(ALL, readThirdPartyTools({})))).toBe(policy);
  });

  it("the stand-in Trustpilot: its origin in script-src and frame-src ('none' gone), nowhere else", () => {
    const d = directives(contentSecurityPolicy("n0nce", cspSourcesFor(["trustpilot"], readThirdPartyTools(STAND_IN_ENV))));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n0nce'", STAND_IN]);
    expect(d["frame-src"]).toEqual([STAND_IN]);
    for (const [name, sources] of Object.entries(d)) if (name !== "script-src" && name !== "frame-src") expect(sources, name).not.toContain(STAND_IN);
  });

  it("several tools: each source once, the base kept", () => {
    const d = directives(contentSecurityPolicy("n0nce", cspSourcesFor(["intercom", "posthog", "trustpilot"], readThirdPartyTools(STAND_IN_ENV))));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n0nce'", STAND_IN]);
    expect(d["connect-src"]).toEqual(["'self'", STAND_IN]);
    expect(d["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(d["img-src"]).toEqual(["'self'", "data:"]);
  });

  it("a new nonce each response: the policy carries the one given", () => {
    expect(contentSecurityPolicy("a1")).toContain("'nonce-a1'");
    expect(contentSecurityPolicy("a1")).not.toContain("'nonce-b2'");
  });
});
