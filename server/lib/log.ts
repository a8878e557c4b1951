/**
 * One JSON line per event, through pino. Secrets never reach the log (issue 23, scope 6), in one
 * pass over what is logged (`redactSecrets`):
 *
 * - by key: any field, at any depth, named like an authorisation header, a cookie, a password, a
 *   token (so a token hash too), a secret or a card field is written as "[Redacted]" (REDACTED_KEY);
 * - by value: in every string (the message too), a bearer token, a `name=value` pair whose name
 *   says password, token, secret or session (a cookie header, a query string), a card number (13
 *   to 19 digits passing the Luhn check), a SHA-256 hex digest (a token hash) and a string shaped
 *   like our secret tokens (43 base64url characters) and an e-mail address are replaced (SECRET_IN_TEXT);
 * - errors, wherever they sit: serialised as `{ type, message, stack, ...fields, cause }`, with a
 *   failed query's parameters taken out (Drizzle's "params: …" in the message and the stack, the
 *   `params` of Drizzle's, PGlite's and pg's errors, a database error's row values).
 *
 * Still: never pass secrets on purpose. Log a caught error as `{ err: error }` (describeError):
 * its stack goes in `err.stack`, never printed as text. Info and debug go to stdout, warnings and
 * errors to stderr. LOG_LEVEL sets the threshold (debug, info, warn, error, silent); tests are
 * silent unless it is set.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import { requestLogFields } from "./tracing";

type Level = "debug" | "info" | "warn" | "error" | "silent";
const LEVELS: readonly Level[] = ["debug", "info", "warn", "error", "silent"];

export const REDACTED = "[Redacted]";

/**
 * Keys whose values are secret, compared without case, '-' or '_': authorisation and cookie
 * headers, passwords, tokens (access, refresh, CSRF, ops, a token's hash; idempotency is not
 * one), secrets (client_secret, API keys) and card fields (number, expiry, security code).
 */
const REDACTED_KEY =
  /^(authorization|proxyauthorization|cookie|setcookie|csrf|apikey|pan|number|cardnumber|cvc|cvc2|cvv|cvv2|securitycode|exp|expiry|expirydate|expmonth|expyear)$|password|token|secret/;

function isSecretKey(key: string): boolean {
  return REDACTED_KEY.test(key.toLowerCase().replace(/[-_]/g, ""));
}

/**
 * Secrets inside text, one alternative each (one regular expression, one pass per string, in
 * time linear in its length: the name of a pair is matched inside lookaheads, which JavaScript
 * never backtracks into, so a long hostile string cannot make it quadratic):
 * 1. `Bearer <token>`;
 * 2. `<name>=<value>` where the name holds password, token, secret or session (cookies, query strings, form bodies);
 * 3. a card number: 13 to 19 digits, run together or in groups of 4 (Amex: 4-6-5), checked by Luhn below;
 * 4. a SHA-256 hex digest (how token hashes are stored);
 * 5. 43 base64url characters: the shape of newSecretToken() (checked below for a digit and a letter);
 * 6. an e-mail address, '@' or URL-encoded (personal data, issue 41): its local part at most 64 characters, so the scan stays linear.
 */
const SECRET_IN_TEXT =
  /(\bBearer\s+)[\w.~+/=-]+|(?<![\w.-])(?=([\w.-]*?(?:password|token|secret|session)))\2(?=([\w.-]*))\3=[^\s&;,"'<>]+|(?<![\w-])(\d{4}(?:[ -]\d{4}){3}(?:[ -]?\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{5}|\d{13,19})(?![\w-])|(?<![\w-])([0-9a-f]{64}|[0-9A-F]{64})(?![\w-])|(?<![\w-])([A-Za-z0-9_-]{43})(?![\w-])|(?<![\w.+%-])([\w.+%-]{1,64}(?:@|%40)[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+)/gi;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `text` with the secrets SECRET_IN_TEXT finds replaced by "[Redacted]". */
export function redactText(text: string): string {
  return text.replace(SECRET_IN_TEXT, (match, bearer?: string, nameStart?: string, nameRest?: string, card?: string, hash?: string, token?: string, email?: string) => {
    if (bearer) return `${bearer}${REDACTED}`;
    if (nameStart !== undefined) return `${nameStart}${nameRest ?? ""}=${REDACTED}`;
    if (card) {
      const digits = card.replace(/\D/g, "");
      return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) ? REDACTED : match;
    }
    if (hash || email) return REDACTED;
    if (token) return /\d/.test(token) && /[A-Za-z]/.test(token) ? REDACTED : match;
    return match;
  });
}

/** An error's fields that hold a query's values (Drizzle, PGlite, pg): never written. */
const QUERY_VALUE_FIELDS = new Set(["params", "parameters", "queryOptions"]);

/** PGlite's and pg's database errors: a five-character SQLSTATE code and a severity. */
function isDatabaseError(error: Error): boolean {
  const e = error as { code?: unknown; severity?: unknown };
  return typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === "string";
}

/** An error's message without the values of the query that failed. */
function safeMessage(error: Error): string {
  let message = typeof error.message === "string" ? error.message : String(error.message);
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <the values, joined by commas>".
  const params = message.indexOf("\nparams: ");
  if (params >= 0) message = `${message.slice(0, params)}\nparams: ${REDACTED}`;
  // PostgreSQL quotes the value it refused at the end: 'invalid input syntax for type uuid: "…"'.
  if (isDatabaseError(error)) message = message.replace(/: ".*"$/s, `: "${REDACTED}"`);
  return redactText(message);
}

/** The safe message of anything thrown (an error's, without query values and secrets). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? safeMessage(error) : redactText(String(error));
}

/** An error as a log field: type, message, stack, its own fields and its cause, without secrets. */
function serializeError(error: Error, depth: number): Record<string, unknown> {
  const message = safeMessage(error);
  const database = isDatabaseError(error);
  // PGlite's DatabaseError class is minified ("O"): name it.
  const type = database ? "DatabaseError" : error.constructor?.name || error.name || "Error";
  const out: Record<string, unknown> = { type, message };
  if (typeof error.stack === "string") {
    // The stack starts with "<name>: <message>": the message there is the unsafe one.
    const frames = error.stack.search(/\n\s+at /);
    const head = frames >= 0 ? error.stack.slice(0, frames) : error.stack;
    const safeHead = head.includes(error.message) ? head.replace(error.message, message) : `${error.name}: ${message}`;
    out.stack = redactText(safeHead) + (frames >= 0 ? redactText(error.stack.slice(frames)) : "");
  }
  for (const key of Object.keys(error)) {
    if (key === "message" || key === "stack" || key === "cause" || QUERY_VALUE_FIELDS.has(key)) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (database && key === "detail" && value) {
      // "Key (token_hash)=(…) already exists", "Failing row contains (…)": the row's values.
      out.detail = String(value).replace(/\(.*\)/s, `(${REDACTED})`);
    } else if (database && key === "where" && typeof value === "string") {
      // "unnamed portal parameter $1 = '…'": a parameter's value.
      out.where = redactText(value.replace(/(parameter \$\d+ = )'(?:[^']|'')*'/g, `$1${REDACTED}`));
    } else {
      out[key] = isSecretKey(key) && value !== null ? REDACTED : redactSecrets(value, depth + 1);
    }
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 8) out.cause = redactSecrets(cause, depth + 1);
  return out;
}

/**
 * A copy of `value` fit for the log: secret fields "[Redacted]", secrets in strings replaced,
 * errors serialised without query values (objects, arrays, errors and headers, 8 levels deep).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  // Deeper than anything we log on purpose: not written, rather than written unchecked.
  if (depth > 8) return "[Too deep]";
  if (value instanceof Error) return serializeError(value, depth);
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value instanceof Headers) return redactSecrets(Object.fromEntries(value.entries()), depth);
  if (value instanceof URL) return redactText(value.href);
  // A date (or anything else that says how it is written as JSON) is written that way.
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  // Plain objects, and any other object's own fields (JSON.stringify would write those).
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = isSecretKey(key) && field !== undefined && field !== null ? REDACTED : redactSecrets(field, depth + 1);
  }
  return out;
}

function configuredLevel(): Level {
  const configured = (process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info")).toLowerCase() as Level;
  return LEVELS.includes(configured) ? configured : "info";
}

/** A pino logger with Keyfree's line format and redaction; `destination` for tests, else stdout/stderr. */
export function createLogger(options: { level?: Level; destination?: DestinationStream } = {}): Logger {
  const destination =
    options.destination ??
    pino.multistream(
      [
        { level: "debug", stream: pino.destination({ fd: 1, sync: true }) },
        { level: "warn", stream: pino.destination({ fd: 2, sync: true }) },
      ],
      { dedupe: true },
    );
  return pino(
    {
      level: options.level ?? configuredLevel(),
      base: { pid: process.pid },
      // Every line written during a request: its request id, and its trace id when tracing is on (issue 41).
      mixin: requestLogFields,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactSecrets(object) as Record<string, unknown>,
      },
      // The log formatter above has already made `err` a plain object; an Error logged any other way is made one here.
      serializers: { err: (value: unknown) => (value instanceof Error ? serializeError(value, 0) : value) },
      hooks: {
        // The message is redacted too, and an error logged on its own (logger.error(err)) gets its safe message.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          const error = first instanceof Error ? first : isErrorHolder(first) ? first.err : undefined;
          const fields = first instanceof Error ? { err: first } : first;
          const messages = rest.map((arg) => (typeof arg === "string" ? redactText(arg) : arg));
          if (typeof fields === "string") return method.apply(this, [redactText(fields), ...messages] as Parameters<typeof method>);
          if (error && messages.length === 0) messages.push(safeMessage(error));
          return method.apply(this, [fields, ...messages] as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

function isErrorHolder(value: unknown): value is { err: Error } {
  return typeof value === "object" && value !== null && (value as { err?: unknown }).err instanceof Error;
}

export const logger = createLogger();

type Fields = Record<string, unknown>;

/** `msg` with `fields`, through `target` (the process's logger unless a test gives its own). */
export function logFunctions(target: Logger) {
  return {
    debug: (msg: string, fields?: Fields) => target.debug(fields ?? {}, msg),
    info: (msg: string, fields?: Fields) => target.info(fields ?? {}, msg),
    warn: (msg: string, fields?: Fields) => target.warn(fields ?? {}, msg),
    error: (msg: string, fields?: Fields) => target.error(fields ?? {}, msg),
  };
}

export const log = logFunctions(logger);

/**
 * The fields for a caught error: `{ err }`, which the logger writes as
 * `{ type, message, stack, ...its fields, cause }` with query values and secrets taken out.
 */
export function describeError(error: unknown): { err: unknown } {
  return { err: error instanceof Error ? error : { type: typeof error, message: String(error) } };
}

/**
 * An uncaught exception or an unhandled rejection: one JSON line at error (its stack in
 * `err.stack`, not Node's plain-text print-out), then the process stops with code 1, as Node
 * would have stopped it. Written even when LOG_LEVEL is silent (as Node would have printed it).
 * For the servers' entry points.
 */
export function logUncaughtErrors(logTo: Logger = logger): void {
  const KEY = Symbol.for("keyfree.uncaught-errors-logged");
  const registry = process as unknown as Record<symbol, boolean | undefined>;
  if (registry[KEY]) return;
  registry[KEY] = true;
  const target = logTo.isLevelEnabled("error") ? logTo : createLogger({ level: "error" });
  process.on("uncaughtException", (error, origin) => {
    target.error({ ...describeError(error), origin }, origin === "unhandledRejection" ? "unhandled rejection" : "uncaught exception");
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    target.error(describeError(reason), "unhandled rejection");
    process.exit(1);
  });
}
