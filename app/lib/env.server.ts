import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { chooseIdentityProvider } from "#common/identity-provider";
import { SANDBOX_PUBLISHABLE_KEY } from "#common/stripe-sandbox";

const WebEnv = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  SESSION_SECRET: z.string().optional(),
  TENANT_API_URL: z.url().optional(),
  MAINTENANCE_MODE: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  /** The offer page's trust-rating link (part 2 §2: only when configured); unset, none is shown. */
  TRUST_RATING_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
});

export type WebConfig = {
  isProduction: boolean;
  /** Newest first: the first signs, all verify (rotation). */
  sessionSecrets: string[];
  tenantApiUrl: string | undefined;
  maintenanceMode: boolean;
  /** Stripe.js's key: Stripe's with STRIPE_PUBLISHABLE_KEY, else the offline sandbox's (and its stand-in Stripe.js). */
  stripePublishableKey: string;
  stripeStandIn: boolean;
  /** The reviews page the offer page links to, when configured (no third-party script either way). */
  trustRatingUrl: string | undefined;
  /** Where PDFs made once per version are kept (the claim record's, issue 39): a cache, each instance its own. */
  pdfCacheDir: string;
};

/**
 * Outside production a missing SESSION_SECRET is made once and kept under the data
 * folder, so sessions survive a restart without a secret ever being written in code.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function readWebConfig(source: NodeJS.ProcessEnv = process.env): WebConfig {
  const e = WebEnv.parse(source);
  const isProduction = e.NODE_ENV === "production";
  const given = (e.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (isProduction && given.length === 0) {
    throw new Error("SESSION_SECRET is required in production (a long random string; several, comma-separated, to rotate).");
  }
  if (given.some((s) => s.length < 32)) {
    throw new Error("SESSION_SECRET must be at least 32 characters long.");
  }
  // Identity-provider sign-in: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together or not at all.
  chooseIdentityProvider(source, { isProduction, appUrl: source.APP_URL ?? "http://localhost" });
  return {
    isProduction,
    sessionSecrets: given.length > 0 ? given : [localSessionSecret(e.DATA_DIR)],
    tenantApiUrl: e.TENANT_API_URL,
    maintenanceMode: ["1", "true", "on", "yes"].includes((e.MAINTENANCE_MODE ?? "").toLowerCase()),
    stripePublishableKey: source.STRIPE_PUBLISHABLE_KEY || SANDBOX_PUBLISHABLE_KEY,
    stripeStandIn: !source.STRIPE_PUBLISHABLE_KEY,
    trustRatingUrl: e.TRUST_RATING_URL,
    pdfCacheDir: path.join(e.DATA_DIR, "pdf-cache"),
  };
}

export const webConfig = readWebConfig();
