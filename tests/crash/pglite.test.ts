import { crashSuite } from "./money-paths";

/** The crash tests on the embedded database (PGlite under DATA_DIR): tests/crash/money-paths.ts. */
crashSuite("pglite");
