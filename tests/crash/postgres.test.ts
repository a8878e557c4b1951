import { describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "./harness";
import { crashSuite } from "./money-paths";

/**
 * The crash tests on PostgreSQL (DATABASE_URL): a database of each test's own beside
 * TEST_DATABASE_URL's (`.ci/run` always sets it; skipped without it).
 */
describe.runIf(Boolean(TEST_DATABASE_URL))("PostgreSQL", () => {
  crashSuite("postgres");
});

it.runIf(process.env.CI === "true")("runs in CI, where .ci/run gives it a PostgreSQL (never skipped there)", () => {
  expect(TEST_DATABASE_URL).toMatch(/^postgres(ql)?:\/\//);
});
