import { z } from "zod";
import { chooseIdentityProvider } from "../common/identity-provider";

export const DEFAULT_APP_URL = "http://localhost:3000";
export const DEFAULT_MAIL_FROM = "Keyfree <no-reply@keyfree.example>";

/**
 * The tenant API's environment, read and validated once at start-up.
 * NODE_ENV unset means a developer's or demo machine ("development").
 */
const ApiEnv = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().default(".data"),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(8 * 60 * 60),
  API_PORT: z.coerce.number().int().positive().default(4000),
  OPS_TOKEN: z.string().min(16).optional(),
  /** Where tenants open the web app: links in e-mails start with it. */
  APP_URL: z.url({ protocol: /^https?$/, error: "APP_URL must be an http(s):// URL" }).default(DEFAULT_APP_URL),
  /** SMTP server for the outbox (smtp:// or smtps://, credentials in the URL); unset keeps e-mails in the dev mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  /** How often the clock's jobs run (deadlines, plan offers, outbox); 0 turns them off. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(30),
  API_TRUST_FORWARDED_FOR: z.enum(["true", "false"]).default("false"),
  /** Postcode search: the built-in fixture book (offline default) or Ideal Postcodes (docs/decisions/0014). */
  ADDRESS_LOOKUP_PROVIDER: z.enum(["fixture", "ideal-postcodes"]).default("fixture"),
  IDEAL_POSTCODES_API_KEY: z.string().min(1).optional(),
  IDEAL_POSTCODES_URL: z.url({ protocol: /^https?$/, error: "IDEAL_POSTCODES_URL must be an http(s):// URL" }).optional(),
  ADDRESS_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(5000),
});

export type ApiConfig = {
  env: "development" | "test" | "production";
  isProduction: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  accessTokenTtlSeconds: number;
  apiPort: number;
  /** Ops routes (playing the other parties) exist only outside production. */
  opsEnabled: boolean;
  opsToken: string | undefined;
  /** The web app's address, without a trailing slash (links in e-mails). */
  appUrl: string;
  /** Outbox e-mails go out through this SMTP server; undefined keeps them in the dev mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  sweepIntervalSeconds: number;
  /** The identity provider whose ID tokens sign tenants in (POST /auth/identity-login); undefined: none. */
  identityProvider: { issuer: string; clientId: string } | undefined;
  /**
   * A separately run API believes X-Forwarded-For (the browser's address, which the web app
   * sends) only when every caller is the web app (API_TRUST_FORWARDED_FOR=true); otherwise
   * anyone could name any address and escape the per-address throttles. In-process calls
   * always come from the web app.
   */
  trustForwardedFor: boolean;
  /** Where postcode search looks addresses up (undefined: the fixture book). */
  addressLookup?: AddressLookupConfig;
};

export type AddressLookupConfig =
  | { provider: "fixture" }
  | { provider: "ideal-postcodes"; apiKey: string; baseUrl: string | undefined; timeoutMs: number };

export function readApiConfig(source: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = ApiEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment for the tenant API: ${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const appUrl = e.APP_URL.replace(/\/+$/, "");
  const idp = chooseIdentityProvider(source, { isProduction, appUrl });
  if (e.ADDRESS_LOOKUP_PROVIDER === "ideal-postcodes" && !e.IDEAL_POSTCODES_API_KEY) {
    throw new Error("Invalid environment for the tenant API: IDEAL_POSTCODES_API_KEY is required when ADDRESS_LOOKUP_PROVIDER=ideal-postcodes");
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    apiPort: e.API_PORT,
    opsEnabled: !isProduction,
    opsToken: e.OPS_TOKEN,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    identityProvider: idp.kind === "none" ? undefined : { issuer: idp.issuer, clientId: idp.clientId },
    trustForwardedFor: e.API_TRUST_FORWARDED_FOR === "true",
    addressLookup:
      e.ADDRESS_LOOKUP_PROVIDER === "ideal-postcodes"
        ? { provider: "ideal-postcodes", apiKey: e.IDEAL_POSTCODES_API_KEY!, baseUrl: e.IDEAL_POSTCODES_URL, timeoutMs: e.ADDRESS_LOOKUP_TIMEOUT_MS }
        : { provider: "fixture" },
  };
}
