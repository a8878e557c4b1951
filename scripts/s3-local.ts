/**
 * A local S3-compatible server (s3rver, from the npm registry) with one bucket, for the tests of
 * the S3 path and the two-instance run. Not for production: no real authentication (it takes
 * the access key S3RVER, secret S3RVER), objects are plain files in a folder.
 *
 *   tsx scripts/s3-local.ts [--port 4569] [--dir .data/s3] [--bucket keyfree-documents]
 *
 * The same from the environment: S3_LOCAL_PORT, S3_LOCAL_DIR, S3_BUCKET (arguments win). Port 0
 * takes a free port. It makes the folder and the bucket (keeping what is already there), listens
 * on 127.0.0.1, then prints one line to stdout and nothing more:
 *
 *   s3-local ready endpoint=http://127.0.0.1:4569 bucket=keyfree-documents dir=/abs/path
 *
 * and stops on SIGTERM or SIGINT (exit 0). Point the app at it with
 *   S3_BUCKET=<bucket> S3_REGION=us-east-1 S3_ENDPOINT=<endpoint>
 *   AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER
 * (S3_ENDPOINT turns path-style addressing on).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import S3rver from "s3rver";

const { values } = parseArgs({
  options: { port: { type: "string" }, dir: { type: "string" }, bucket: { type: "string" } },
  strict: true,
});

const port = Number(values.port ?? process.env.S3_LOCAL_PORT ?? 4569);
const dir = path.resolve(values.dir ?? process.env.S3_LOCAL_DIR ?? ".data/s3");
const bucket = values.bucket ?? process.env.S3_BUCKET ?? "keyfree-documents";

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`s3-local: the port must be a whole number from 0 to 65535, not "${values.port ?? process.env.S3_LOCAL_PORT}"`);
  process.exit(2);
}
if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
  console.error(`s3-local: "${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  process.exit(2);
}

mkdirSync(dir, { recursive: true });
const server = new S3rver({ port, address: "127.0.0.1", directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
const address = await server.run();
console.log(`s3-local ready endpoint=http://127.0.0.1:${address.port} bucket=${bucket} dir=${dir}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // Open keep-alive connections could hold close() up: never more than two seconds.
  setTimeout(() => process.exit(0), 2_000).unref();
  await server.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
