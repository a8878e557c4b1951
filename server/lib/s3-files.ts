import { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { blobAsNodeStream, checkKey, webStreamOf, type FileStore, type StoredFile } from "./files";
import { describeError, log } from "./log";

/** Where documents go when S3_BUCKET is set (server/config.ts reads and checks these). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, s3rver, Ceph...); unset: AWS's own endpoint for the region. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: what most S3-compatible servers want. */
  forcePathStyle: boolean;
  /**
   * Given only by tests and scripts/s3-local.ts. The server leaves this unset: the SDK's default
   * chain then finds them (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, an instance or
   * container role), so no credential passes through our config or our logs.
   */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Tries of a streamed put (an upload's file) before its failure is the upload's. */
const STREAMED_PUT_ATTEMPTS = 3;

/** A dropped or refused connection, a time-out, a throttle or a 5xx: another try may succeed. A 4xx will not. */
function worthRetrying(error: unknown) {
  if (!(error instanceof S3ServiceException)) return true;
  const status = error.$metadata.httpStatusCode ?? 500;
  return status >= 500 || status === 429 || status === 408;
}

/** How long /readyz's bucket check may take before it counts as no answer. */
const CHECK_TIMEOUT_MS = 2_000;

let sdkNoticeHandled = false;

/**
 * The SDK prints a multi-line NodeVersionSupportWarning once in every process on Node 20 (its
 * releases after early January 2027 will need Node 22). It has one supported switch, the
 * environment variable read by @aws-sdk/core's emitWarningIfUnsupportedVersion when a client is
 * made. We set it unless the operator has (=false shows the SDK's warning again) and say it
 * once, in one structured line.
 */
function handleSdkNodeVersionNotice() {
  if (sdkNoticeHandled) return;
  sdkNoticeHandled = true;
  if (process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED !== undefined) return;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22) log.info("the AWS SDK asks for Node 22 in its releases from January 2027; its start-up warning is off", { node: process.version });
}

/**
 * Documents in an S3 bucket (or an S3-compatible server's), through AWS's own SDK. Both ways
 * stream: a put sends the upload's scratch file as it reads it, with its known length; a get
 * answers the object's body as a stream read as the download is sent. The bucket stays private:
 * downloads go through the API's tenant check, never a public or presigned link (decision 0040).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    handleSdkNodeVersionNotice();
    this.bucket = settings.bucket;
    // The SDK's default checksums (CRC32 sent as an aws-chunked trailer on a streamed body) are
    // AWS's own; several S3-compatible servers store that framing as the object's bytes (s3rver
    // does: a 5,000,000-byte upload came back 5,000,728 bytes long). With an endpoint we send and
    // check checksums only where an operation requires them, unless the SDK's own variables
    // (AWS_REQUEST_CHECKSUM_CALCULATION, AWS_RESPONSE_CHECKSUM_VALIDATION) say otherwise.
    const compatible = settings.endpoint !== undefined;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      ...(compatible && process.env.AWS_REQUEST_CHECKSUM_CALCULATION === undefined ? { requestChecksumCalculation: "WHEN_REQUIRED" as const } : {}),
      ...(compatible && process.env.AWS_RESPONSE_CHECKSUM_VALIDATION === undefined ? { responseChecksumValidation: "WHEN_REQUIRED" as const } : {}),
      // A download holds its connection while a tenant's phone reads it: room for many at once,
      // so puts and /readyz's check do not queue behind them (the SDK's default is 50).
      requestHandler: {
        connectionTimeout: 5_000,
        requestTimeout: 30_000,
        throwOnRequestTimeout: true,
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
      // The SDK's notes (a failed streamed put, which it does not retry; sockets all in use) as
      // our log lines. Its error() reports each failed command, which our callers handle (a
      // missing key is an answer, not a fault) and log where it matters: not repeated here.
      logger: {
        debug: () => {},
        info: () => {},
        warn: (...parts: unknown[]) => {
          const detail = parts.filter((part) => typeof part === "string").join(" ");
          if (detail) log.warn("aws sdk", { detail });
        },
        error: () => {},
      },
    });
  }

  /**
   * Replaces any object under the key (S3's put is whole-object, so a second put of a key is
   * harmless). Bytes are retried by the SDK; a Blob is sent as a stream, which the SDK does not
   * retry, so we do: a dropped connection or a 5xx sends the file again from its start.
   */
  async put(key: string, body: Uint8Array | Blob) {
    checkKey(key);
    if (!(body instanceof Blob)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.byteLength }));
      return;
    }
    for (let attempt = 1; ; attempt++) {
      const source = blobAsNodeStream(body);
      try {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: source, ContentLength: body.size }));
        return;
      } catch (error) {
        if (attempt >= STREAMED_PUT_ATTEMPTS || !worthRetrying(error)) throw error;
        log.warn("S3 put failed, sending it again", { key, attempt, ...describeError(error) });
        await delay(100 * 4 ** (attempt - 1));
      } finally {
        // A put that failed half-way leaves its read of the file open otherwise.
        source.destroy();
      }
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    checkKey(key);
    let output;
    try {
      output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      // Only a missing object is "none": a missing bucket is the server's fault, not the tenant's 404.
      if (error instanceof S3ServiceException && error.name !== "NoSuchBucket" && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) {
        return null;
      }
      throw error;
    }
    const body = output.Body;
    if (!(body instanceof Readable)) {
      (body as { destroy?: () => void } | undefined)?.destroy?.();
      throw new Error(`S3 get ${key}: the SDK answered a body that is not a Node stream`);
    }
    if (output.ContentLength === undefined) {
      body.destroy();
      throw new Error(`S3 get ${key}: no Content-Length in the answer`);
    }
    return { body: webStreamOf(body), size: output.ContentLength };
  }

  /** S3 answers a delete of a missing key as done. */
  async delete(key: string) {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** One HeadBucket: the bucket exists and these credentials may use it. */
  async check() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === 404) throw new Error(`S3 bucket "${this.bucket}" does not exist`, { cause: error });
      if (status === 403) throw new Error(`S3 bucket "${this.bucket}": access denied (check the credentials and the bucket's policy)`, { cause: error });
      if (status === 301) throw new Error(`S3 bucket "${this.bucket}" is in another region than S3_REGION`, { cause: error });
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`S3 bucket "${this.bucket}" did not answer (${reason})`, { cause: error });
    }
  }

  /** Closes the client's connections (tests, scripts). */
  close() {
    this.client.destroy();
  }
}
