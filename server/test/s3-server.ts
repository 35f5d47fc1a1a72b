import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config.ts';

/** A local S3-compatible server for tests, and the settings that reach its one bucket. */
export interface TestS3Server {
  settings: S3Settings;
  /** Stops the server and removes what it kept. */
  close(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 at a free port, keeping its objects in a temporary directory, with
 * the bucket `nestmark` and the keys it accepts (S3RVER/S3RVER). Paged listings do not work with
 * it on Node 20: s3rver makes continuation tokens with DES, which OpenSSL 3 no longer offers, so
 * a test lists fewer than 1,000 objects at a time.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'nestmark-s3-'));
  const bucket = 'nestmark';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
