import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger, describeError, errorMessage, REDACTED, redactText } from "../../server/lib/log";

/** Issue 23, scope 6: secrets never reach the log, and an error is one JSON line with its stack in `err.stack`. */

function capture() {
  const text: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: "debug", destination });
  const lines = () =>
    text
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, any>);
  return { logger, lines, raw: () => text.join("") };
}

// Secrets of each kind, as they would be in a request, a row or a provider's answer.
const PASSWORD = "Correct-Horse-Battery-9";
const ACCESS_TOKEN = "Qm9vdHN0cmFwLXRva2VuLWZvci10ZXN0cy0wMTIzNDU2"; // 43 base64url characters, like newSecretToken()
const TOKEN_HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"; // a SHA-256 hex digest
const CARD = "4242424242424242";
const SESSION_COOKIE = "eyJhY2Nlc3NUb2tlbiI6InNlY3JldCJ9.c2lnbmF0dXJl";
const OFFER_TOKEN = "offer-link-token-5s7d";

const SECRETS = [PASSWORD, ACCESS_TOKEN, TOKEN_HASH, CARD, "4242 4242 4242 4242", SESSION_COOKIE, OFFER_TOKEN];

function expectNoSecret(raw: string) {
  for (const secret of SECRETS) expect(raw, `the log holds ${secret}`).not.toContain(secret);
}

/** What PGlite (and pg) attach to a refused query: its text and its parameters. */
function refusedQuery(params: unknown[]) {
  const cause = Object.assign(new Error('invalid input syntax for type uuid: "' + String(params[1]) + '"'), {
    name: "error",
    severity: "ERROR",
    code: "22P02",
    where: `unnamed portal parameter $2 = '${String(params[1])}'`,
    detail: `Key (token_hash)=(${TOKEN_HASH}) already exists.`,
    query: "select * from access_tokens where token_hash = $1 and user_id = $2",
    params,
  });
  return new DrizzleQueryError("select * from access_tokens where token_hash = $1 and user_id = $2", params, cause);
}

describe("log redaction (issue 23, scope 6)", () => {
  it("writes a caught error as one JSON line: type, message and the stack in err.stack", () => {
    const { logger, lines, raw } = capture();
    logger.error(describeError(new TypeError("Cannot read properties of undefined")), "api error");
    expect(raw().trim().split("\n")).toHaveLength(1);
    const [line] = lines();
    expect(line).toMatchObject({ level: "error", msg: "api error", err: { type: "TypeError", message: "Cannot read properties of undefined" } });
    expect(line!.err.stack).toMatch(/^TypeError: Cannot read properties of undefined\n\s+at /);
    expect(line).not.toHaveProperty("stack");
  });

  it("takes a failed query's parameters out of the message, the stack and the error's fields (Drizzle, PGlite, pg)", () => {
    const { logger, lines, raw } = capture();
    const error = refusedQuery([TOKEN_HASH, `${ACCESS_TOKEN}\u0000`, PASSWORD]);
    // The unsafe message is what Drizzle writes: the parameters after "params: ".
    expect(error.message).toContain(TOKEN_HASH);
    logger.error({ ...describeError(error), requestId: "r1" }, "api error");
    logger.error(error); // on its own: the line's msg is the error's message
    logger.warn({ failure: error, nested: { errors: [error] } }, "elsewhere");
    expectNoSecret(raw());
    const [first, alone, elsewhere] = lines();
    expect(first!.err.type).toBe("DrizzleQueryError");
    expect(first!.err.message).toBe(`Failed query: select * from access_tokens where token_hash = $1 and user_id = $2\nparams: ${REDACTED}`);
    expect(first!.err.stack).toContain(`params: ${REDACTED}\n    at `);
    expect(first!.err.query).toBe("select * from access_tokens where token_hash = $1 and user_id = $2");
    expect(first!.err).not.toHaveProperty("params");
    expect(first!.err.cause).toMatchObject({ type: "DatabaseError", code: "22P02", message: `invalid input syntax for type uuid: "${REDACTED}"` });
    expect(first!.err.cause).not.toHaveProperty("params");
    expect(first!.err.cause.where).toBe(`unnamed portal parameter $2 = ${REDACTED}`);
    expect(first!.err.cause.detail).toBe(`Key (${REDACTED}) already exists.`);
    expect(alone!.msg).toBe(first!.err.message);
    expect(elsewhere!.failure.type).toBe("DrizzleQueryError");
    expect(elsewhere!.nested.errors[0].type).toBe("DrizzleQueryError");
  });

  it("redacts passwords, tokens, token hashes, cookies and card fields by key, at any depth", () => {
    const { logger, lines, raw } = capture();
    logger.info(
      {
        body: { email: "t@example.com", password: PASSWORD, accessToken: ACCESS_TOKEN },
        row: { id: "u1", tokenHash: TOKEN_HASH, token_hash: TOKEN_HASH, passwordHash: "scrypt$1$abc" },
        headers: new Headers({ cookie: `keyfree_session=${SESSION_COOKIE}`, authorization: `Bearer ${ACCESS_TOKEN}` }),
        card: { number: CARD, last4: "4242" },
        // An instance of a class (a row, a provider's object) and a deep one are checked as well.
        instance: new (class Row {
          id = "r1";
          password = PASSWORD;
        })(),
        deep: { a: { b: { c: { d: { e: { f: { g: { h: { i: { accessToken: ACCESS_TOKEN } } } } } } } } } },
      },
      "request",
    );
    expectNoSecret(raw());
    expect(raw()).not.toContain("scrypt$1$abc");
    const [line] = lines();
    expect(line!.row).toEqual({ id: "u1", tokenHash: REDACTED, token_hash: REDACTED, passwordHash: REDACTED });
    expect(line!.card).toEqual({ number: REDACTED, last4: "4242" });
    // An e-mail address is personal data: replaced wherever it is written (issue 41).
    expect(line!.body.email).toBe(REDACTED);
    expect(line!.instance).toEqual({ id: "r1", password: REDACTED });
  });

  it("redacts secrets inside text: bearer tokens, cookies, query strings, card numbers, token hashes, and the message too", () => {
    const { logger, lines, raw } = capture();
    logger.error(
      {
        sent: `GET /customer\nAuthorization: Bearer ${ACCESS_TOKEN}\nCookie: theme=dark; keyfree_session=${SESSION_COOKIE}`,
        link: `https://app.example/keyfree-offer/o1?token=${OFFER_TOKEN}&response=CONFIRMED`,
        form: `email=t%40example.com&password=${PASSWORD}`,
        note: `card ${CARD}, or 4242 4242 4242 4242 typed with spaces`,
        lookedUp: `no row for ${TOKEN_HASH}`,
        err: new Error(`provider said: card ${CARD} declined for Bearer ${ACCESS_TOKEN}`),
      },
      `login failed for password=${PASSWORD}`,
    );
    expectNoSecret(raw());
    const [line] = lines();
    expect(line!.sent).toBe(`GET /customer\nAuthorization: Bearer ${REDACTED}\nCookie: theme=dark; keyfree_session=${REDACTED}`);
    expect(line!.link).toBe(`https://app.example/keyfree-offer/o1?token=${REDACTED}&response=CONFIRMED`);
    expect(line!.msg).toBe(`login failed for password=${REDACTED}`);
    // An e-mail address, URL-encoded in a form too, is personal data (issue 41).
    expect(line!.form).toBe(`email=${REDACTED}&password=${REDACTED}`);
    expect(line!.err.message).toBe(`provider said: card ${REDACTED} declined for Bearer ${REDACTED}`);
  });

  it("keeps what is no secret: ids, amounts, digit runs that fail the Luhn check, UUIDs", () => {
    expect(redactText("order 4242424242424241 of £150.00, claim 3f2c1e9a-6b7d-4c1e-9a2b-1c2d3e4f5a6b, 20261122")).toBe(
      "order 4242424242424241 of £150.00, claim 3f2c1e9a-6b7d-4c1e-9a2b-1c2d3e4f5a6b, 20261122",
    );
    expect(redactText("amex 3782 822463 10005")).toBe(`amex ${REDACTED}`);
  });

  it("takes time linear in a string's length: a hostile 200,000-character value (a fuzzed path) cannot stall the server", () => {
    // A quadratic pattern took 33 s on 100,000 letters; linear, these take milliseconds.
    const hostile = ["a".repeat(200_000), "token".repeat(40_000), "1".repeat(200_000), `Bearer${" ".repeat(200_000)}`, "a-".repeat(100_000)];
    const started = performance.now();
    for (const text of hostile) expect(redactText(text)).toHaveLength(text.length);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("gives the safe message of anything thrown, for a row's lastError", () => {
    expect(errorMessage(refusedQuery([TOKEN_HASH, "x"]))).not.toContain(TOKEN_HASH);
    expect(errorMessage(`thrown text with Bearer ${ACCESS_TOKEN}`)).toBe(`thrown text with Bearer ${REDACTED}`);
  });

  it.each([
    ["an uncaught exception", "setTimeout(() => { throw new Error(`late, Bearer ${TOKEN}`); }, 1);", "uncaught exception"],
    ["an unhandled rejection", "void Promise.reject(new Error(`refused, Bearer ${TOKEN}`));", "unhandled rejection"],
  ])("%s: one JSON line on stderr (stack in err.stack, secrets out), then exit 1, even with the log silent", (_what, code, msg) => {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", `const { logUncaughtErrors } = await import("./server/lib/log.ts"); const TOKEN = "${ACCESS_TOKEN}"; logUncaughtErrors(); ${code}`],
      { env: { ...process.env, LOG_LEVEL: "silent" }, encoding: "utf8", timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "error", msg, err: { type: "Error" } });
    expect(line.err.stack).toMatch(/^Error: .*\n\s+at /);
    expectNoSecret(run.stderr);
  });
});
