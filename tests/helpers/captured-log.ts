import { Writable } from "node:stream";

type LogModule = typeof import("../../server/lib/log");

/**
 * server/lib/log.ts with its logger writing every line (debug and up) to `text`, for a test's
 * `vi.mock("../../server/lib/log", async (importOriginal) => (await import("../helpers/captured-log")).logWritingTo(await importOriginal(), captured.text))`.
 */
export function logWritingTo(real: LogModule, text: string[]): LogModule {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk));
      done();
    },
  });
  const logger = real.createLogger({ level: "debug", destination });
  return { ...real, logger, log: real.logFunctions(logger) };
}
