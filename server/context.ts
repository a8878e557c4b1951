import type { ApiConfig } from "./config";
import type { Database } from "./db";
import type { customers } from "./db/schema";
import type { AddressLookup } from "./integrations/address-lookup";
import type { Clock } from "./lib/clock";
import type { FileStore } from "./lib/files";
import type { SmsStandIn } from "./lib/sms-delivery";
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
  /**
   * The offline postcode book (ADDRESS_LOOKUP_PROVIDER=fixture, the default): a stand-in, given by
   * the composition root (stand-ins/addresses/); unused with a real provider.
   */
  fixtureAddresses?: AddressLookup;
  /** The text-message stand-in (stand-ins/text-messages/): sends the texts when no TWILIO_* keys are set; never in production. */
  smsStandIn?: SmsStandIn;
  /** Jobs the composition root adds to the clock's run (server/jobs/sweeper.ts): the stand-ins' own housekeeping. */
  clockJobs?: readonly ClockJob[];
};

/** A job the clock runs after its own, on the machine's time: answers how many rows it changed. */
export type ClockJob = { name: string; run: (deps: Pick<Deps, "db">, machineNow: Date) => Promise<number> };

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
