/**
 * The little of s3rver (a devDependency, which ships no types and has no @types package here)
 * that scripts/s3-local.ts and the S3 tests use: a local S3-compatible server on a folder.
 */
declare module "s3rver" {
  type Options = {
    port?: number;
    address?: string;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: Options);
    /** Creates the configured buckets, then listens; resolves with the address it listens on. */
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
  }
}
