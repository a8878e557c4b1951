import { z } from "zod";
import { chooseIdentityProvider } from "#common/identity-provider";
import type { S3Settings } from "./lib/s3-files";
import { usesStripeSandbox } from "./lib/stripe";

export const DEFAULT_APP_URL = "http://localhost:3000";
export const DEFAULT_MAIL_FROM = "Keyfree <no-reply@keyfree.example>";
export const DEFAULT_SUPPORT_EMAIL = "support@keyfree.example";
/** Where a complaint goes after our final response or 8 weeks (issue 40): the Financial Ombudsman Service by default (decision 0066). */
export const DEFAULT_OMBUDSMAN = {
  name: "the Financial Ombudsman Service",
  address: "Financial Ombudsman Service, Exchange Tower, London E14 9SR",
  website: "https://www.financial-ombudsman.org.uk",
} as const;

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
  /** Text messages through Twilio (issue 28, decision 0046); unset keeps them in the dev mailbox beside the e-mails. */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, "TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits").optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "TWILIO_AUTH_TOKEN must be at least 16 characters").optional(),
  /** The sender: a number in E.164 form (+447700900000) or an alphanumeric sender id of up to 11 characters. */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{7,14}|[A-Za-z0-9 ]{1,11})$/, "TWILIO_FROM must be a number like +447700900000 or a sender id of up to 11 letters and digits")
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, "TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hexadecimal digits").optional(),
  // Intercom's identity verification secret: the API signs each user's id with it (intercomUserHash).
  INTERCOM_IDENTITY_SECRET: z.string().min(16, "INTERCOM_IDENTITY_SECRET must be at least 16 characters").optional(),
  /** Where messages from the contact page go (issue 26). */
  SUPPORT_EMAIL: z.email({ error: "SUPPORT_EMAIL must be an e-mail address" }).default(DEFAULT_SUPPORT_EMAIL),
  OMBUDSMAN_NAME: z.string().trim().min(1).default(DEFAULT_OMBUDSMAN.name),
  OMBUDSMAN_ADDRESS: z.string().trim().min(1).default(DEFAULT_OMBUDSMAN.address),
  OMBUDSMAN_WEBSITE: z.url({ error: "OMBUDSMAN_WEBSITE must be a web address" }).default(DEFAULT_OMBUDSMAN.website),
  /** How often the clock's jobs run (deadlines, plan offers, outbox); 0 turns them off. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(30),
  API_TRUST_FORWARDED_FOR: z.enum(["true", "false"]).default("false"),
  /** Postcode search: the built-in fixture book (offline default) or Ideal Postcodes (docs/decisions/0014). */
  ADDRESS_LOOKUP_PROVIDER: z.enum(["fixture", "ideal-postcodes"]).default("fixture"),
  IDEAL_POSTCODES_API_KEY: z.string().min(1).optional(),
  IDEAL_POSTCODES_URL: z.url({ protocol: /^https?$/, error: "IDEAL_POSTCODES_URL must be an http(s):// URL" }).optional(),
  ADDRESS_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(5000),
  /** Documents in this S3 bucket (unset: on local disk under DATA_DIR). Credentials: the AWS SDK's own (AWS_ACCESS_KEY_ID...). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens")
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "S3_REGION must be a region name such as eu-west-2")
    .optional(),
  /** An S3-compatible server (MinIO, Ceph, s3rver...); unset: AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s):// URL" }).optional(),
  /** Bucket in the path, not the host name: the default with S3_ENDPOINT, off for AWS. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
});

export type Ombudsman = { name: string; address: string; website: string };

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
  /** Text messages go out through Twilio with these; undefined keeps them in the dev mailbox. */
  twilio: TwilioSettings | undefined;
  /** The support team's address: messages from the contact page are e-mailed to it (issue 26). */
  supportEmail: string;
  /** The ombudsman a complaint can be referred to (issue 40, decision 0066): name, postal address, web page. */
  ombudsman: Ombudsman;
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
  /** Documents in this S3 bucket; undefined: on local disk under dataDir/files. No credentials here (the SDK finds them). */
  s3?: S3Settings;
  /**
   * Intercom's identity verification secret (INTERCOM_IDENTITY_SECRET): the User's
   * intercomUserHash is the HMAC-SHA256 of their id with it, made here and never in the browser,
   * so no one can open the chat as another tenant. Undefined: the hash is null.
   */
  intercomIdentitySecret?: string;
};

/**
 * Where Twilio posts a text message's status callbacks (issue 38, decision 0060): a path of the web
 * server (APP_URL), which passes it to the API's route of the same path. Twilio signs the full URL.
 */
export const SMS_STATUS_CALLBACK_PATH = "/webhooks/twilio/status";

/** Twilio's account, token, and the sender: a number or sender id, or a messaging service (decision 0046). */
export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** A number in E.164 form or an alphanumeric sender id; or a messaging service instead. */
  from?: string;
  messagingServiceSid?: string;
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
  const s3 = readS3Settings(e, source);
  const twilio = readTwilioSettings(e);
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
    twilio,
    intercomIdentitySecret: e.INTERCOM_IDENTITY_SECRET,
    supportEmail: e.SUPPORT_EMAIL,
    ombudsman: { name: e.OMBUDSMAN_NAME, address: e.OMBUDSMAN_ADDRESS, website: e.OMBUDSMAN_WEBSITE },
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    identityProvider: idp.kind === "none" ? undefined : { issuer: idp.issuer, clientId: idp.clientId },
    trustForwardedFor: e.API_TRUST_FORWARDED_FOR === "true",
    addressLookup:
      e.ADDRESS_LOOKUP_PROVIDER === "ideal-postcodes"
        ? { provider: "ideal-postcodes", apiKey: e.IDEAL_POSTCODES_API_KEY!, baseUrl: e.IDEAL_POSTCODES_URL, timeoutMs: e.ADDRESS_LOOKUP_TIMEOUT_MS }
        : { provider: "fixture" },
    s3,
  };
}

/**
 * Whether this start uses any stand-in, so a composition root loads stand-ins/index.ts at all:
 * outside production always (the mailbox, the demo, the identity provider...); in production
 * only for the offline postcode book (ADDRESS_LOOKUP_PROVIDER=fixture, allowed today) or a demo on
 * the offline Stripe (STRIPE_SANDBOX=on, no keys).
 * A production start with real keys for every provider loads none (tests/crash/production-modules.test.ts).
 */
export function standInsInUse(config: Pick<ApiConfig, "isProduction" | "addressLookup">, env: Record<string, string | undefined> = process.env): boolean {
  return !config.isProduction || !config.addressLookup || config.addressLookup.provider === "fixture" || usesStripeSandbox(env);
}

/**
 * TWILIO_ACCOUNT_SID turns text messages on; it needs its token and one sender. Half a setting is
 * a mistake said at start, not text messages silently kept in the outbox.
 */
function readTwilioSettings(e: z.output<typeof ApiEnv>): TwilioSettings | undefined {
  const given = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM, e.TWILIO_MESSAGING_SERVICE_SID].some((v) => v !== undefined);
  if (!given) return undefined;
  const problems: string[] = [];
  if (!e.TWILIO_ACCOUNT_SID) problems.push("TWILIO_ACCOUNT_SID is required with the other TWILIO_ variables");
  if (!e.TWILIO_AUTH_TOKEN) problems.push("TWILIO_AUTH_TOKEN is required with TWILIO_ACCOUNT_SID");
  if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) problems.push("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required with TWILIO_ACCOUNT_SID");
  if (problems.length > 0) throw new Error(`Invalid environment for the tenant API: ${problems.join("; ")}`);
  return {
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    ...(e.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID } : { from: e.TWILIO_FROM! }),
  };
}

/** S3_BUCKET turns object storage on; its companions without it, or half a key pair, are mistakes said at start. */
function readS3Settings(e: z.infer<typeof ApiEnv>, source: NodeJS.ProcessEnv): S3Settings | undefined {
  const fail = (problem: string) => {
    throw new Error(`Invalid environment for the tenant API: ${problem}`);
  };
  if (!e.S3_BUCKET) {
    const stray = (["S3_REGION", "S3_ENDPOINT", "S3_FORCE_PATH_STYLE"] as const).filter((name) => e[name] !== undefined);
    if (stray.length > 0) fail(`${stray.join(", ")} set without S3_BUCKET (documents would stay on local disk): set S3_BUCKET too, or unset them`);
    return undefined;
  }
  if (!e.S3_REGION) fail("S3_REGION is required when S3_BUCKET is set (e.g. eu-west-2; for an S3-compatible server, the region it expects, often us-east-1)");
  if (Boolean(source.AWS_ACCESS_KEY_ID) !== Boolean(source.AWS_SECRET_ACCESS_KEY)) {
    fail("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK's default chain: a profile, an instance or container role)");
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : e.S3_ENDPOINT !== undefined,
  };
}
