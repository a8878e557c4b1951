/** The loader hook of record-modules.mjs (it runs on the loader's thread). */
import { appendFileSync } from "node:fs";

const file = process.env.RECORD_MODULES_TO;

export async function load(url, context, nextLoad) {
  if (file) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
