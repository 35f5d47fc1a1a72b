import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressSnapshot, decompressSnapshot } from './page-snapshot.ts';

describe('compressSnapshot', () => {
  const page = Buffer.from(`<!doctype html><p>${'Lorem ipsum dolor sit amet. '.repeat(500)}</p>`);

  it('gzips the page, which comes back byte for byte', async () => {
    const snapshot = await compressSnapshot(page, { rawBytes: page.byteLength });
    if (!Buffer.isBuffer(snapshot)) throw new Error(snapshot.reason);
    expect(snapshot.byteLength).toBeLessThan(page.byteLength / 10);
    expect(gunzipSync(snapshot).equals(page)).toBe(true);
    expect((await decompressSnapshot(snapshot)).equals(page)).toBe(true);
  });

  it('fails with too_large over the raw cap', async () => {
    expect(await compressSnapshot(page, { rawBytes: page.byteLength - 1 })).toEqual({
      kind: 'failure',
      reason: 'too_large',
      limitBytes: page.byteLength - 1,
    });
  });
});

describe('decompressSnapshot', () => {
  it('throws on something that is not gzip', async () => {
    await expect(decompressSnapshot(Buffer.from('not gzip'))).rejects.toThrow();
  });
});
