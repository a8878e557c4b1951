import path from "node:path";
import { createApi, type Api, type ApiStandIns } from "./app";
import { readApiConfig, type ApiConfig } from "./config";
import type { ClockJob, Deps } from "./context";
import { openDatabase, type DatabaseHandle } from "./db";
import { AdjustableClock, systemClock, type Clock } from "./lib/clock";
import { followClockOffset, loadClockOffset } from "./lib/clock-store";
import { LocalDiskFileStore, type FileStore } from "./lib/files";
import type { AddressLookup } from "./integrations/address-lookup";
import { S3FileStore } from "./lib/s3-files";
import type { StripeClient, StripeSandboxFactory } from "./lib/stripe";
import { log } from "./lib/log";
import { collectDatabaseFigures } from "./lib/metrics-collectors";
import type { SmsStandInFactory } from "./lib/sms-delivery";
import { startSweeper } from "./jobs/sweeper";
import { createPayments } from "./payments/wiring";

export type RuntimeOptions = {
  /** Run the clock's jobs (deadlines, plan offers, outbox) in this process: servers do, one-off commands do not. */
  startJobs?: boolean;
  /**
   * The offline stand-ins, when this start uses them (`standInsInUse`, server/config.ts): a composition root loads
   * them (stand-ins/index.ts, by dynamic import) and passes what it got. The product never imports one.
   */
  standIns?: RuntimeStandIns;
};

/**
 * What the stand-ins give the runtime (docs/decisions/0053). Declared by the product, so no
 * product module needs a type from stand-ins/.
 */
export type RuntimeStandIns = ApiStandIns & {
  /** Creates the stand-ins' own tables (stand-ins/db/: their own migrations folder and table), after the product's migrations. */
  migrate?: (database: DatabaseHandle) => Promise<void>;
  /** The offline Stripe, used when no Stripe keys are set (decision 0052). */
  stripeSandbox?: StripeSandboxFactory;
  /** Loads the demo data into an empty database (never in production); true when it did. */
  seedDemo?: (deps: Deps, api: Api) => Promise<boolean>;
  /** The offline postcode book, for ADDRESS_LOOKUP_PROVIDER=fixture (the default). */
  fixtureAddresses?: AddressLookup;
  /** Jobs added to the clock's run (the development identity provider's expired records). */
  clockJobs?: readonly ClockJob[];
  /** The offline Twilio (no TWILIO_* keys, never in production): sends the texts and their status callbacks (decision 0060). */
  smsStandIn?: SmsStandInFactory;
};

export type Runtime = {
  config: ApiConfig;
  database: DatabaseHandle;
  clock: Clock;
  api: Api;
  /** Cards: Stripe, or the offline sandbox (whose browser endpoints the web app serves). */
  payments: StripeClient;
  /** True when this start loaded the demo dataset into an empty database. */
  seeded: boolean;
};

const KEY = Symbol.for("keyfree.runtime");
type Holder = { [KEY]?: Promise<Runtime> };

/**
 * The one API instance of this process: database opened and migrated, demo data
 * seeded into an empty database outside production. Kept on globalThis so the web
 * build, the standalone server and dev reloads all share one embedded database.
 */
export function getRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const holder = globalThis as Holder;
  holder[KEY] ??= createRuntime(readApiConfig(), undefined, options).catch((error) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

export async function createRuntime(config: ApiConfig, clockOverride?: Clock, options: RuntimeOptions = {}): Promise<Runtime> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
  );
  await database.migrate();
  await options.standIns?.migrate?.(database);
  // Outside production the clock can be moved forward by the ops tools; the offset survives restarts.
  const clock = clockOverride ?? (config.isProduction ? systemClock : new AdjustableClock(await loadClockOffset(database.db)));
  // ...and follows a move made through another instance on the same database.
  const clockFollower = clock instanceof AdjustableClock && !clockOverride ? followClockOffset(database.db, clock) : undefined;
  let api: Api | undefined;
  const payments = createPayments({ db: database.db, clock, stripeSandbox: options.standIns?.stripeSandbox }, () => api);
  const { seedDemo, fixtureAddresses, clockJobs: standInJobs, migrate: _migrate, stripeSandbox: _stripeSandbox, smsStandIn: makeSmsStandIn, ...apiStandIns } =
    options.standIns ?? {};
  // Texts through the offline Twilio when no Twilio keys are set: its status callbacks reach this
  // API's own route, in-process, as Twilio's reach it through the web server.
  const smsStandIn = config.twilio
    ? undefined
    : makeSmsStandIn?.({
        appUrl: config.appUrl,
        deliver: async (path, init) => (api ? { status: (await api.request(path, init)).status } : { status: 503 }),
      });
  const clockJobs = smsStandIn ? [...(standInJobs ?? []), { name: "smsStatusCallbacks", run: smsStandIn.sendStatusCallbacks }] : standInJobs;
  const deps: Deps = { db: database.db, config, clock, files: createFileStore(config), payments, fixtureAddresses, clockJobs, smsStandIn };
  api = createApi(deps, apiStandIns);
  // Two instances starting together on an empty database: one loads the demo, the other then finds it.
  const seeded = config.isProduction || !seedDemo ? false : await database.exclusively(() => seedDemo(deps, api!));
  if (seeded) log.info("demo data loaded");
  const sweeper = options.startJobs && config.sweepIntervalSeconds > 0 ? startSweeper(deps, config.sweepIntervalSeconds * 1000) : undefined;
  // /metrics' outbox and webhook backlog (issue 41): read at scrape time where the jobs run.
  const stopFigures = options.startJobs ? collectDatabaseFigures({ ...deps, sandbox: payments.sandbox, textsSent: Boolean(smsStandIn) }) : undefined;
  const close = database.close;
  database.close = async () => {
    // A run of the jobs in progress finishes first (each job's steps are crash-safe anyway).
    await sweeper?.stop();
    stopFigures?.();
    clockFollower?.stop();
    // Stops the sandbox's webhook timers; what is queued stays in the database for the next start.
    payments.sandbox?.close();
    await close();
  };
  log.info("tenant API ready", { database: database.kind, documents: config.s3 ? `s3://${config.s3.bucket}` : "local disk" });
  return { config, database, clock, api, seeded, payments };
}

/** Documents in the S3 bucket when S3_BUCKET is set (several instances share it), else on this machine's disk. */
function createFileStore(config: ApiConfig): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalDiskFileStore(path.join(config.dataDir, "files"));
}
