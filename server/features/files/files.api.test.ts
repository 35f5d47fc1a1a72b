import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEndpoints, fileNameOf } from '../../../contract/files.ts';
import { createTestApp, multipartFile, type TestApp, type TestUser } from '../../test/test-app.ts';

const LIMIT = 64 * 1024;

let t: TestApp;
let ada: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: LIMIT } });
  ada = await t.createUser();
});
afterAll(() => t.close());

function upload(
  user: TestUser | undefined,
  fileName: string,
  bytes: Buffer,
  contentType = 'image/png',
) {
  return t.call(fileEndpoints.upload, {
    token: user?.token,
    file: { name: fileName, bytes, contentType },
  });
}

/** `GET /api/files/{name}` of a stored file's path (`/api/files/<name>`). */
function getFile(path: string) {
  return t.call(fileEndpoints.get, { params: { name: fileNameOf(path) } });
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff7700' } })
    .png()
    .toBuffer();
}

const storedFiles = () => t.store.list('files');
const fileRows = async () => (await t.db.selectFrom('files').selectAll().execute()).length;

describe('POST /api/files', () => {
  it('201 with the path of the stored image, served back with a safe content type', async () => {
    const res = await upload(ada, 'photo.png', await png(40, 30));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.path).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{16,}\.png$/);

    const served = await getFile(res.body.data.path);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-disposition']).toBeUndefined();
    const { width, height, format } = await sharp(served.bytes).metadata();
    expect({ width, height, format }).toEqual({ width: 40, height: 30, format: 'png' });

    const row = await t.db
      .selectFrom('files')
      .selectAll()
      .where('name', '=', fileNameOf(res.body.data.path))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'upload',
      user_id: ada.id,
      post_id: null,
      content_type: 'image/png',
    });
  });

  it('checks the content, not the name: a JPEG called .png is stored as JPEG, wide images shrink to 1600 px', async () => {
    const jpeg = await sharp({
      create: { width: 2000, height: 100, channels: 3, background: '#336699' },
    })
      .jpeg({ quality: 40 })
      .toBuffer();
    const res = await upload(ada, 'not-really.png', jpeg, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.data.path).toMatch(/\.jpg$/);
    const served = await getFile(res.body.data.path);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.bytes).metadata()).width).toBe(1600);
  });

  it('never serves SVG as SVG: it is rasterised to PNG, its script gone', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><script>alert(1)</script><rect width="20" height="20" fill="red"/></svg>',
    );
    const res = await upload(ada, 'icon.svg', svg, 'image/svg+xml');
    expect(res.status).toBe(201);
    expect(res.body.data.path).toMatch(/\.png$/);
    const served = await getFile(res.body.data.path);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.bytes.includes('script')).toBe(false);
  });

  it.each([
    ['text named like an image', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png'],
    ['an HTML page', 'page.html', Buffer.from('<!doctype html><title>x</title>'), 'text/html'],
    [
      'a truncated PNG',
      'broken.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'image/png',
    ],
    [
      'a PDF',
      'doc.pdf',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      'application/pdf',
    ],
  ])('415 for %s, and nothing is stored', async (_, name, bytes, type) => {
    const [before, rows] = [(await storedFiles()).length, await fileRows()];
    const res = await upload(ada, name, bytes, type);
    expect(res.status).toBe(415);
    expect(res.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await storedFiles()).length).toBe(before);
    expect(await fileRows()).toBe(rows);
  });

  it('413 above the upload limit (UPLOAD_MAX_MB), and nothing is stored', async () => {
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 300, height: 300, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(LIMIT);
    const [before, rows] = [(await storedFiles()).length, await fileRows()];
    const res = await upload(ada, 'big.png', noisy);
    expect(res.status).toBe(413);
    expect(res.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(res.error?.message).toContain('0.1 MB');
    expect((await storedFiles()).length).toBe(before);
    expect(await fileRows()).toBe(rows);
  });

  it('401 without a token, 415 without multipart, 400 without a file field', async () => {
    expect((await upload(undefined, 'a.png', await png(2, 2))).status).toBe(401);
    // JSON instead of multipart, and a hand-made multipart body with the file in another field.
    expect(
      (await t.request('POST', '/api/files', { token: ada.token, body: { file: 'x' } })).status,
    ).toBe(415);
    const wrongField = await t.request('POST', '/api/files', {
      token: ada.token,
      ...multipartFile('a.png', await png(2, 2), { field: 'image' }),
    });
    expect(wrongField.status).toBe(400);
  });
});

describe('GET /api/files/{name}', () => {
  it('404 for an unknown file, 400 for a name that is not a stored file name', async () => {
    const missing = await getFile('/api/files/AAAAAAAAAAAAAAAAAAAAAAAA.png');
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('NOT_FOUND');
    // The first is sent as `/api/files/..%2F..%2Fjwt-secret`.
    for (const name of [
      '../../jwt-secret',
      'nestmark.db',
      'x.svg',
      'AAAAAAAAAAAAAAAAAAAAAAAA.html',
    ]) {
      expect((await t.call(fileEndpoints.get, { params: { name } })).status, name).toBe(400);
    }
  });
});
