import { describe } from "vitest";
import { TEST_DATABASE_URL } from "./harness";
import { crashSuite } from "./money-paths";

/**
 * The crash tests on PostgreSQL (DATABASE_URL): a database of each test's own beside
 * TEST_DATABASE_URL's (`.ci/run` always sets it; skipped without it).
 */
describe.runIf(Boolean(TEST_DATABASE_URL))("PostgreSQL", () => {
  crashSuite("postgres");
});
