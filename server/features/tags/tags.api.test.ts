import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let user: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser();
  other = await t.createUser();
});
afterAll(() => t.close());

const tagCount = async () => (await t.db.selectFrom('tags').select('id').execute()).length;

describe('tags', () => {
  it('creates trimmed names and refuses duplicates ignoring case with 409', async () => {
    const created = await t.request('POST', '/api/tags', {
      token: user.token,
      body: { name: '  Coffee ' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Coffee' });
    const before = await tagCount();
    const duplicate = await t.request('POST', '/api/tags', {
      token: user.token,
      body: { name: 'COFFEE' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.fields.name).toBeDefined();
    expect(await tagCount()).toBe(before);
    // Another user may have the same name.
    expect(
      (await t.request('POST', '/api/tags', { token: other.token, body: { name: 'coffee' } }))
        .status,
    ).toBe(201);
  });

  it('renames, refusing a name another tag has, and keeps posts linked', async () => {
    const tea = (await t.request('POST', '/api/tags', { token: user.token, body: { name: 'Tea' } }))
      .body.data;
    await t.request('POST', '/api/tags', { token: user.token, body: { name: 'Water' } });
    const post = await t.request('POST', '/api/posts', {
      token: user.token,
      body: { content: 'x', tag_names: ['tea'] },
    });
    expect(
      (
        await t.request('PATCH', `/api/tags/${tea.id}`, {
          token: user.token,
          body: { name: 'water' },
        })
      ).status,
    ).toBe(409);
    const renamed = await t.request('PATCH', `/api/tags/${tea.id}`, {
      token: user.token,
      body: { name: 'Green tea' },
    });
    expect(renamed.body.data).toEqual({ id: tea.id, name: 'Green tea' });
    // Only the case changes: allowed.
    expect(
      (
        await t.request('PATCH', `/api/tags/${tea.id}`, {
          token: user.token,
          body: { name: 'green TEA' },
        })
      ).status,
    ).toBe(200);
    const seen = await t.request('GET', `/api/posts/${post.body.data.id}?withTags=true`, {
      token: user.token,
    });
    expect(seen.body.data.tags).toEqual([{ id: tea.id, name: 'green TEA' }]);
  });

  it('deletes a tag and unlinks it from its posts, which stay', async () => {
    const post = await t.request('POST', '/api/posts', {
      token: user.token,
      body: { content: 'keep me', tag_names: ['Doomed', 'Kept'] },
    });
    const doomed = post.body.data.tags.find((tag: { name: string }) => tag.name === 'Doomed');
    expect(
      (await t.request('DELETE', `/api/tags/${doomed.id}`, { token: user.token })).status,
    ).toBe(204);
    const seen = await t.request('GET', `/api/posts/${post.body.data.id}?withTags=true`, {
      token: user.token,
    });
    expect(seen.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Kept']);
    expect((await t.request('GET', `/api/tags/${doomed.id}`, { token: user.token })).status).toBe(
      404,
    );
  });

  it('lists the posts of a tag, and hides other users’ tags (404)', async () => {
    const a = await t.request('POST', '/api/posts', {
      token: user.token,
      body: { content: 'a', tag_names: ['Pick'] },
    });
    await t.request('POST', '/api/posts', { token: user.token, body: { content: 'b' } });
    const tagId = a.body.data.tags[0].id;
    const tagged = await t.request('GET', `/api/posts?tag_id=${tagId}&withTags=true`, {
      token: user.token,
    });
    expect(tagged.body.data.map((p: { content: string }) => p.content)).toEqual(['a']);
    for (const [method, url, body] of [
      ['GET', `/api/tags/${tagId}`, undefined],
      ['PATCH', `/api/tags/${tagId}`, { name: 'Stolen' }],
      ['DELETE', `/api/tags/${tagId}`, undefined],
      ['GET', `/api/posts?tag_id=${tagId}`, undefined],
    ] as const) {
      expect(
        (await t.request(method, url, { token: other.token, body })).status,
        `${method} ${url}`,
      ).toBe(404);
    }
  });

  it('400 for an empty or too long name', async () => {
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      expect(
        (await t.request('POST', '/api/tags', { token: user.token, body: { name } })).status,
      ).toBe(400);
    }
  });
});
