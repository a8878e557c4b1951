/**
 * After `react-router build`: writes a brotli (.br) and a gzip (.gz) copy next to each
 * compressible file in build/client, so web-server.ts sends them precompressed
 * (serveStatic's `precompressed`) instead of compressing on every request.
 * Small files (under 1 KB) and copies that would not be smaller are skipped.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest|ico)$/i;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
let before = 0;
let afterBrotli = 0;
for (const file of files(ROOT)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
  const source = readFileSync(file);
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
  count += 1;
  before += source.length;
  afterBrotli += Math.min(brotli.length, source.length);
}
console.log(
  `compressed ${count} files in ${path.relative(process.cwd(), ROOT) || "."}: ${(before / 1024).toFixed(1)} KB → ${(afterBrotli / 1024).toFixed(1)} KB (brotli)`,
);
