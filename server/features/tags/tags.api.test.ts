import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, type TestApp, type TestUser } from '../../test/test-app.ts';

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
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Coffee', post_count: 0 });
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

  it('renames and keeps posts linked', async () => {
    const tea = (await t.request('POST', '/api/tags', { token: user.token, body: { name: 'Tea' } }))
      .body.data;
    const post = await t.request('POST', '/api/posts', {
      token: user.token,
      body: { content: 'x', tag_names: ['tea'] },
    });
    const renamed = await t.request('PATCH', `/api/tags/${tea.id}`, {
      token: user.token,
      body: { name: 'Green tea' },
    });
    expect(renamed.body.data).toEqual({ id: tea.id, name: 'Green tea', post_count: 1 });
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

  it('merges a tag renamed to the name of another (ignoring case) into that one', async () => {
    const owner = await t.createUser();
    const post = (tag_names: string[]) =>
      t.request('POST', '/api/posts', { token: owner.token, body: { content: 'p', tag_names } });
    const onlyOld = (await post(['Colour'])).body.data;
    const both = (await post(['Colour', 'color'])).body.data;
    const onlyNew = (await post(['color'])).body.data;
    const tagId = (name: string) =>
      both.tags.find((tag: { name: string }) => tag.name === name).id as number;
    const [renamedId, survivorId] = [tagId('Colour'), tagId('color')];
    const linksBefore = await t.db.selectFrom('post_tags').select('post_id').execute();

    const merged = await t.request('PATCH', `/api/tags/${renamedId}`, {
      token: owner.token,
      body: { name: ' COLOR ' },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body.data).toEqual({ id: survivorId, name: 'color', post_count: 3 });

    const tags = await t.request('GET', '/api/tags', { token: owner.token });
    expect(tags.body.data).toEqual([{ id: survivorId, name: 'color', post_count: 3 }]);
    expect((await t.request('GET', `/api/tags/${renamedId}`, { token: owner.token })).status).toBe(
      404,
    );
    for (const { id } of [onlyOld, both, onlyNew]) {
      const seen = await t.request('GET', `/api/posts/${id}?withTags=true`, { token: owner.token });
      expect(seen.body.data.tags).toEqual([{ id: survivorId, name: 'color' }]);
    }
    // The post that had both keeps one link: one link fewer than before, none left to the old tag.
    const links = await t.db.selectFrom('post_tags').select(['post_id', 'tag_id']).execute();
    expect(links).toHaveLength(linksBefore.length - 1);
    expect(links.filter((link) => link.tag_id === renamedId)).toEqual([]);
    const found = await t.request('GET', '/api/posts?filter=tag:color', { token: owner.token });
    expect(found.body.data).toHaveLength(3);
  });

  it('counts the live posts of each tag', async () => {
    const owner = await t.createUser();
    const post = async (tag_names: string[]) =>
      (
        await t.request('POST', '/api/posts', {
          token: owner.token,
          body: { content: 'p', tag_names },
        })
      ).body.data as { id: number; tags: { id: number; name: string }[] };
    const first = await post(['Alpha', 'Beta']);
    const second = await post(['Alpha']);
    await t.request('POST', '/api/tags', { token: owner.token, body: { name: 'Gamma' } });
    const counts = async () =>
      Object.fromEntries(
        (await t.request('GET', '/api/tags', { token: owner.token })).body.data.map(
          (tag: { name: string; post_count: number }) => [tag.name, tag.post_count],
        ),
      );
    expect(await counts()).toEqual({ Alpha: 2, Beta: 1, Gamma: 0 });
    expect(
      (await t.request('DELETE', `/api/posts/${second.id}`, { token: owner.token })).status,
    ).toBe(204);
    expect(await counts()).toEqual({ Alpha: 1, Beta: 1, Gamma: 0 });
    const alpha = first.tags.find((tag) => tag.name === 'Alpha')!;
    const one = await t.request('GET', `/api/tags/${alpha.id}`, { token: owner.token });
    expect(one.body.data).toEqual({ id: alpha.id, name: 'Alpha', post_count: 1 });
    await t.request('PATCH', `/api/posts/${second.id}`, {
      token: owner.token,
      body: { is_archived: false },
    });
    expect(await counts()).toEqual({ Alpha: 2, Beta: 1, Gamma: 0 });
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

  it('refuses a comma in a tag name wherever one is accepted (exports join tags with commas)', async () => {
    const owner = await t.createUser();
    const tag = (
      await t.request('POST', '/api/tags', { token: owner.token, body: { name: 'Plain' } })
    ).body.data;
    const post = (
      await t.request('POST', '/api/posts', {
        token: owner.token,
        body: { content: 'p', tag_names: ['kept'] },
      })
    ).body.data;
    const attempts = [
      ['POST', '/api/tags', { name: 'Smith, John' }, 'name'],
      ['PATCH', `/api/tags/${tag.id}`, { name: 'a,b' }, 'name'],
      ['POST', '/api/posts', { content: 'q', tag_names: ['fine', 'not,fine'] }, 'tag_names.1'],
      ['PATCH', `/api/posts/${post.id}`, { tag_names: [','] }, 'tag_names.0'],
    ] as const;
    for (const [method, url, body, field] of attempts) {
      const res = await t.request(method, url, { token: owner.token, body });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[field], `${method} ${url}`).toEqual([
        'A tag name cannot contain a comma.',
      ]);
    }
    const tags = await t.request('GET', '/api/tags', { token: owner.token });
    expect(tags.body.data.map((tag: { name: string }) => tag.name)).toEqual(['kept', 'Plain']);
    const seen = await t.request('GET', `/api/posts/${post.id}?withTags=true`, {
      token: owner.token,
    });
    expect(seen.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['kept']);
    expect((await t.request('GET', '/api/posts', { token: owner.token })).body.data).toHaveLength(
      1,
    );
  });

  it('restores a tag name with a comma from an older backup with a semicolon in its place', async () => {
    const source = await t.createUser();
    await t.request('POST', '/api/posts', {
      token: source.token,
      body: { content: 'tagged', tag_names: ['Smith'] },
    });
    const backup = JSON.parse(
      (await t.request('GET', '/api/backups', { token: source.token })).text,
    );
    backup.tags[0].name = 'Smith, John';
    const fresh = await t.createUser();
    const res = await t.request('POST', '/api/backups', {
      token: fresh.token,
      ...multipartFile('backup.json', Buffer.from(JSON.stringify(backup))),
    });
    expect(res.status, res.text).toBe(201);
    const tags = await t.request('GET', '/api/tags', { token: fresh.token });
    expect(tags.body.data).toEqual([
      { id: expect.any(Number), name: 'Smith; John', post_count: 1 },
    ]);
  });

  it('400 for an empty or too long name', async () => {
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      expect(
        (await t.request('POST', '/api/tags', { token: user.token, body: { name } })).status,
      ).toBe(400);
    }
  });
});
