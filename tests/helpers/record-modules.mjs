/**
 * `node --import tsx --import ./tests/helpers/record-modules.mjs <entry>`: writes the URL of every
 * module the process loads, one a line, to the file RECORD_MODULES_TO names (the production
 * module-load test, tests/crash/production-modules.test.ts). Registered after tsx, so it sees each
 * module first, dynamic imports included.
 */
import { register } from "node:module";

register("./record-modules-hooks.mjs", import.meta.url);
