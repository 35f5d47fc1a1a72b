import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { compressSnapshot, decompressSnapshot, snapshotHtml } from './page-snapshot.ts';

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

describe('snapshotHtml', () => {
  const baseOf = async (html: string) =>
    load(await snapshotHtml(html, 'https://example.com/blog/post.html?x=1'))('head > base')
      .toArray()
      .map((element) => element.attribs.href);

  it("gives the page's own address as its base, first in its head", async () => {
    expect(await baseOf('<p><img src="cover.png">')).toEqual([
      'https://example.com/blog/post.html?x=1',
    ]);
    const html = await snapshotHtml(
      '<!doctype html><html><head><title>T</title></head><body><a href="/about">About</a></body></html>',
      'https://example.com/post',
    );
    expect(html).toMatch(
      /^<!DOCTYPE html><html><head><base href="https:\/\/example\.com\/post"><title>/,
    );
    expect(html).toContain('<a href="/about">About</a>');
  });

  it('keeps a base the page gave, made absolute; one that is not http(s) is replaced', async () => {
    expect(await baseOf('<head><base href="../static/"></head>')).toEqual([
      'https://example.com/static/',
    ]);
    expect(await baseOf('<head><base href="javascript:alert(1)"><base href="/x/"></head>')).toEqual(
      ['https://example.com/blog/post.html?x=1'],
    );
  });
});
