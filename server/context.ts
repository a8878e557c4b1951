import type { ApiConfig } from "./config";
import type { Database } from "./db";
import type { customers } from "./db/schema";
import type { Clock } from "./lib/clock";
import type { FileStore } from "./lib/files";
import type { StripeClient } from "./lib/stripe";

/** A Breathing Space row not yet ended, as the token lookup reads it (server/lib/auth.ts). */
export type OpenBreathingSpace = { type: string; startDate: string; treatmentEndedOn: string | null };

/** What every route handler can reach. */
export type Deps = {
  db: Database;
  config: ApiConfig;
  clock: Clock;
  files: FileStore;
  /** Cards: Stripe, or the offline sandbox (server/lib/stripe.ts). */
  payments: StripeClient;
};

export type Auth = { userId: string; tokenId: string };

export type AppEnv = {
  Variables: {
    deps: Deps;
    auth: Auth;
    /** The signed-in tenant's customer, found with the token (null only for a user without one). */
    customer: typeof customers.$inferSelect | null;
    /** The tenant's newest Breathing Space not yet ended, found with the token (issue 36): lib/breathing-space-reads says if it is in force. */
    openBreathingSpace: OpenBreathingSpace | null;
    requestId: string;
  };
};
