import { expect, it } from "vitest";
import { CRASH_POINTS } from "../../server/lib/crash-points";
import { armedCrashPoints, crashSuite } from "./money-paths";

/** The crash tests on the embedded database (PGlite under DATA_DIR): tests/crash/money-paths.ts. */
crashSuite("pglite");

it("arms every crash point the server has, so a new money path cannot go untested", () => {
  expect([...armedCrashPoints()].sort()).toEqual([...CRASH_POINTS].sort());
});
