/**
 * One JSON line per event, through pino. Secrets never reach the log: any field, at any depth,
 * named like an authorisation header, a cookie, a password, a token, a secret or a card field
 * is written as "[Redacted]" (see REDACTED_KEY). Still: never pass them on purpose.
 * Info and debug go to stdout, warnings and errors to stderr. LOG_LEVEL sets the threshold
 * (debug, info, warn, error, silent); tests are silent unless it is set.
 */
import pino, { type DestinationStream, type Logger } from "pino";

type Level = "debug" | "info" | "warn" | "error" | "silent";
const LEVELS: readonly Level[] = ["debug", "info", "warn", "error", "silent"];

export const REDACTED = "[Redacted]";

/**
 * Keys whose values are secret, compared without case, '-' or '_': authorisation and cookie
 * headers, passwords, tokens (access, refresh, CSRF, ops, idempotency is not one), secrets
 * (client_secret, API keys) and card fields (number, expiry, security code).
 */
const REDACTED_KEY =
  /^(authorization|proxyauthorization|cookie|setcookie|csrf|apikey|pan|number|cardnumber|cvc|cvc2|cvv|cvv2|securitycode|exp|expiry|expirydate|expmonth|expyear)$|password|token|secret/;

function isSecretKey(key: string): boolean {
  return REDACTED_KEY.test(key.toLowerCase().replace(/[-_]/g, ""));
}

/** A copy of `value` with every secret field replaced by "[Redacted]" (plain objects and arrays, any depth). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value instanceof Headers) return redactSecrets(Object.fromEntries(value.entries()), depth);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
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
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactSecrets(object) as Record<string, unknown>,
      },
    },
    destination,
  );
}

export const logger = createLogger();

type Fields = Record<string, unknown>;

export const log = {
  debug: (msg: string, fields?: Fields) => logger.debug(fields ?? {}, msg),
  info: (msg: string, fields?: Fields) => logger.info(fields ?? {}, msg),
  warn: (msg: string, fields?: Fields) => logger.warn(fields ?? {}, msg),
  error: (msg: string, fields?: Fields) => logger.error(fields ?? {}, msg),
};

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
