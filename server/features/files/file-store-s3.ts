import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ConfigError, type S3Settings } from '../../config.ts';
import { assertFileName, type FileArea, type FileStore } from './file-store.ts';

/** How long connecting to the store may take before a request fails, in milliseconds. */
const CONNECT_TIMEOUT_MS = 10_000;

/** How long `probe` (every health check, and the start) waits for the bucket, retries included. */
const PROBE_TIMEOUT_MS = 10_000;

/** What the SDK's errors carry: the service's error name and the HTTP status, when it answered. */
interface S3Failure {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3Failure).$metadata?.httpStatusCode;

/** The object (or the bucket) does not exist: S3 says NoSuchKey, or 404 to a HEAD request. */
const missing = (error: unknown) =>
  (error as S3Failure).name === 'NoSuchKey' || statusOf(error) === 404;

/**
 * The setting to look at when the bucket cannot be used: an answer of 404 means no such bucket,
 * 401/403 keys the store refuses, no answer at all an endpoint that cannot be reached.
 */
function settingToBlame(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'S3_BUCKET';
  if (status === 401 || status === 403) return 'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY';
  return 'S3_ENDPOINT';
}

/** `NotFound (HTTP 404)`, or the network error's message when nothing answered. */
function describeFailure(error: unknown): string {
  const { name, message } = error as S3Failure;
  const status = statusOf(error);
  return status === undefined ? `${name}: ${message}` : `${name} (HTTP ${status})`;
}

/**
 * Files as objects `<area>/<name>` of one bucket of an S3-compatible store (`FILE_STORE=s3`,
 * docs/OPERATIONS.md#files): every process given the same bucket serves every file. A PutObject
 * replaces an object whole, so readers see the old file or the new one. Loaded only when that
 * store is chosen (`createFileStore`), so that other starts do not load the AWS SDK.
 * @throws ConfigError naming the setting to look at when the bucket cannot be used (HeadBucket),
 * which stops the start as a bad setting does.
 */
export async function createS3FileStore(settings: S3Settings): Promise<FileStore> {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the ones the
    // SDK otherwise adds to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  function keyOf(area: FileArea, name: string): string {
    assertFileName(name);
    return `${area}/${name}`;
  }

  const store: FileStore = {
    async write(area, name, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(area, name), Body: bytes }));
    },
    async read(area, name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(area, name) }));
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async modifiedAt(area, name) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(area, name) }));
        return head.LastModified;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(area, name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(area, name) }));
      } catch (error) {
        // S3 answers 204 for an object it does not have; some compatible servers 404.
        if (!missing(error)) throw error;
      }
    },
    async list(area) {
      const Prefix = `${area}/`;
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        // Delimiter: objects in "folders" below the area are not files of the store.
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, Delimiter: '/', ContinuationToken }),
        );
        for (const { Key } of page.Contents ?? []) {
          if (Key !== undefined) names.push(Key.slice(Prefix.length));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
      return names;
    },
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
    },
  };

  try {
    await store.probe();
  } catch (error) {
    const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
    throw new ConfigError(
      `Invalid configuration:\n  ${settingToBlame(error)}: the bucket ${Bucket} at ${where} cannot be used: ${describeFailure(error)}`,
    );
  }
  return store;
}
