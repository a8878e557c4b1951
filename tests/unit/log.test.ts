import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, REDACTED } from "../../server/lib/log";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "debug", destination }) };
}

describe("log (pino)", () => {
  it("writes one JSON line per event with time, level and msg", () => {
    const { lines, logger } = capture();
    logger.info({ path: "/auth/login", status: 200, ms: 3 }, "web request");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "info", msg: "web request", path: "/auth/login", status: 200, ms: 3 });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it("redacts authorization headers, cookies, passwords, tokens and card fields at any depth", () => {
    const { lines, logger } = capture();
    logger.warn(
      {
        headers: { Authorization: "Bearer abc.def", cookie: "__session=s3cr3t", "set-cookie": "a=b", "content-type": "text/html" },
        password: "Keyfree-demo-1",
        body: { email: "t@example.com", newPassword: "hunter22", csrf: "csrf-value" },
        accessToken: "tok_1",
        refresh_token: "tok_2",
        client_secret: "pi_123_secret_456",
        card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123", brand: "visa", last4: "4242" },
        items: [{ token: "tok_3", id: "x" }],
      },
      "request",
    );
    const text = lines.join("\n");
    for (const secret of ["abc.def", "s3cr3t", "a=b", "Keyfree-demo-1", "hunter22", "csrf-value", "tok_1", "tok_2", "tok_3", "pi_123_secret_456", "4242424242424242", "2034", '"123"']) {
      expect(text).not.toContain(secret);
    }
    const line = JSON.parse(lines[0]!);
    expect(line.headers).toEqual({ Authorization: REDACTED, cookie: REDACTED, "set-cookie": REDACTED, "content-type": "text/html" });
    expect(line.password).toBe(REDACTED);
    // An e-mail address is personal data (issue 41): replaced too.
    expect(line.body).toEqual({ email: REDACTED, newPassword: REDACTED, csrf: REDACTED });
    expect(line.card).toEqual({ number: REDACTED, exp_month: REDACTED, exp_year: REDACTED, cvc: REDACTED, brand: "visa", last4: "4242" });
    expect(line.items).toEqual([{ token: REDACTED, id: "x" }]);
  });

  it("keeps below-threshold events out", () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ level: "warn", destination });
    logger.info({}, "not written");
    logger.error({}, "written");
    expect(lines.join("")).toContain("written");
    expect(lines.join("")).not.toContain("not written");
  });
});
