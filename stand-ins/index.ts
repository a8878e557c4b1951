/**
 * The stand-ins' one door (docs/decisions/0053): what a composition root (web-server.ts,
 * dev-server.ts, server/main.ts, server/cli/*, scripts/, tests/, e2e/) loads, by dynamic
 * `import()` and only when `standInsInUse(config)` (server/runtime.ts) says this start uses a
 * stand-in. It answers what the runtime's options take (`RuntimeStandIns`, declared by the
 * product) and what the web server mounts itself (the identity provider, the tools' files).
 * Each stand-in is imported here only when the start uses it: a production start on the offline
 * postcode book loads this module and stand-ins/addresses/, nothing else.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiConfig } from "../server/config";
import type { Database } from "../server/db";
import type { RuntimeStandIns } from "../server/runtime";
import { usesStripeSandbox } from "../server/lib/stripe";

/** What the composition roots use themselves, outside production (the runtime takes the rest). */
export type RootStandIns = {
  /** The embedded development identity provider (no OIDC_* variables): /login's issuer, at EMBEDDED_IDP_PATH. */
  identityProvider: {
    /** Its client's secret, kept in the database so every instance agrees (the web app reads it as DEV_IDP_CLIENT_SECRET). */
    clientSecret(db: Database): Promise<string>;
    create(options: { issuer: string; clientId: string; clientSecret: string; redirectUri: string; appUrl: string; db?: Database }): Promise<{
      mountPath: string;
      handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
    }>;
  };
  /** The demo's sign-in, for the start-up banner and `npm run seed`. */
  demo: {
    password: string;
    tenants: readonly { email: string; situation: string }[];
    coTenants: readonly { email: string }[];
    offer: { id: string; token: string };
    inventory: { token: string };
  };
  /** The outside tools' browser files, served under /__stand-ins/<tool>/ (README "Help, chat, analytics and reviews"). */
  tools: {
    /** The folder of each tool's files, by the first segment of its path under /__stand-ins/. */
    folders: Readonly<Record<"intercom" | "posthog" | "trustpilot", string>>;
    /** PostHog's capture API: `key` is the project key, `store` keeps a batch through the API's ops route. */
    postHogCapture(key: string, store: (events: unknown[]) => Promise<Response>): (request: Request) => Promise<Response>;
    cors: Readonly<Record<string, string>>;
  };
};

export type StandIns = RuntimeStandIns & Partial<RootStandIns>;

/** The stand-ins this start uses (call it only when `standInsInUse(config)`). */
export async function loadStandIns(
  config: Pick<ApiConfig, "isProduction" | "addressLookup">,
  env: Record<string, string | undefined> = process.env,
): Promise<StandIns> {
  const standIns: StandIns = {};
  if (!config.addressLookup || config.addressLookup.provider === "fixture") {
    standIns.fixtureAddresses = (await import("./addresses")).fixtureAddresses;
  }
  // The offline Stripe (no Stripe keys), with the stand-ins' own tables (stand-ins/db/, decision
  // 0052): outside production, and in production only for a demo on it (STRIPE_SANDBOX=on).
  const sandbox = usesStripeSandbox(env);
  if (sandbox || !config.isProduction) standIns.migrate = (await import("./db/migrate")).migrateStandIns;
  if (sandbox) standIns.stripeSandbox = (await import("./stripe-sandbox")).createStripeSandbox;
  if (config.isProduction) return standIns;

  const [demo, tenants, identities, commands, mailbox, analyticsRoutes, capture, idpProvider, idpStore, textMessages] = await Promise.all([
    import("./scenarios/demo"),
    import("./scenarios/tenants"),
    import("./scenarios/dev-identities"),
    import("./scenarios/commands"),
    import("./mailbox/routes"),
    import("./analytics/routes"),
    import("./analytics/capture"),
    import("./identity-provider/provider"),
    import("./identity-provider/store"),
    import("./text-messages"),
  ]);
  standIns.seedDemo = demo.seedDemoIfEmpty;
  standIns.opsCommands = commands.scenarioCommands;
  standIns.opsRoutes = [mailbox.devMailRoutes, analyticsRoutes.analyticsOpsRoutes];
  standIns.clockJobs = [{ name: "devIdpRecordsDeleted", run: idpStore.deleteExpiredDevIdpRecords }];
  // The offline Twilio (the runtime uses it only without TWILIO_* keys): texts sent, status callbacks posted.
  standIns.smsStandIn = textMessages.createSmsStandIn;
  return {
    ...standIns,
    identityProvider: {
      clientSecret: async (db) => (await idpStore.devIdpSecrets(db)).clientSecret,
      create: (options) => idpProvider.createDevIdentityProvider({ ...options, identities: identities.devIdentities(), password: tenants.DEMO_PASSWORD }),
    },
    demo: {
      password: tenants.DEMO_PASSWORD,
      tenants: demo.DEMO_TENANTS,
      coTenants: demo.DEMO_CO_TENANTS,
      offer: demo.DEMO_OFFER,
      inventory: demo.DEMO_INVENTORY,
    },
    tools: {
      folders: { intercom: "stand-ins/intercom", posthog: "stand-ins/analytics/posthog", trustpilot: "stand-ins/trustpilot" },
      postHogCapture: (key, store) => capture.postHogStandIn(key, store as never),
      cors: capture.STAND_IN_CORS,
    },
  };
}
