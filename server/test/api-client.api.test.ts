import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEndpoints } from '../../contract/files.ts';
import { postEndpoints } from '../../contract/posts.ts';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';

let t: TestApp;
let ada: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.createUser();
});
afterAll(() => t.close());

describe('t.call', () => {
  it('sends params, query and body as the contract says, and types the success body', async () => {
    const created = await t.call(postEndpoints.create, {
      token: ada.token,
      body: { content: 'hello', tag_names: ['a'] },
    });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;
    const res = await t.call(postEndpoints.get, {
      token: ada.token,
      params: { id },
      query: { withTags: true },
    });
    expect(res.body.data.tags?.map((tag) => tag.name)).toEqual(['a']);
    expect(res.error).toBeUndefined();
  });

  it('gives the error envelope for a failure, and refuses to read a success body then', async () => {
    const res = await t.call(postEndpoints.create, { token: ada.token, body: { content: ' ' } });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('VALIDATION');
    expect(res.error?.fields?.content).toEqual(['Content is required.']);
    expect(() => res.body).toThrow(/^POST \/api\/posts answered 400, not 201: \{"error"/);
  });

  it('sends the file of an upload endpoint as multipart', async () => {
    const res = await t.call(fileEndpoints.upload, {
      token: ada.token,
      file: { name: 'notes.txt', bytes: Buffer.from('not an image'), contentType: 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('types the input from the contract: what tsc refuses, the server refuses too', async () => {
    const refused = [
      // @ts-expect-error a declared path parameter is required
      await t.call(postEndpoints.get, { token: ada.token }),
      // @ts-expect-error a required body field is required
      await t.call(postEndpoints.create, { token: ada.token, body: {} }),
      // @ts-expect-error an upload needs its file
      await t.call(fileEndpoints.upload, { token: ada.token }),
    ];
    expect(refused.map((res) => res.status)).toEqual([400, 400, 415]);
  });
});
