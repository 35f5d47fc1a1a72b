import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarksIoEndpoints } from '../../../contract/bookmarks-io.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
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
    const created = await t.call(tagEndpoints.create, {
      token: user.token,
      body: { name: '  Coffee ' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Coffee', post_count: 0 });
    const before = await tagCount();
    const duplicate = await t.call(tagEndpoints.create, {
      token: user.token,
      body: { name: 'COFFEE' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.fields?.name).toBeDefined();
    expect(await tagCount()).toBe(before);
    // Another user may have the same name.
    expect(
      (await t.call(tagEndpoints.create, { token: other.token, body: { name: 'coffee' } })).status,
    ).toBe(201);
  });

  it('renames and keeps posts linked', async () => {
    const tea = (await t.call(tagEndpoints.create, { token: user.token, body: { name: 'Tea' } }))
      .body.data;
    const post = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content: 'x', tag_names: ['tea'] },
    });
    const renamed = await t.call(tagEndpoints.update, {
      token: user.token,
      params: { id: tea.id },
      body: { name: 'Green tea' },
    });
    expect(renamed.body.data).toEqual({ id: tea.id, name: 'Green tea', post_count: 1 });
    // Only the case changes: allowed.
    expect(
      (
        await t.call(tagEndpoints.update, {
          token: user.token,
          params: { id: tea.id },
          body: { name: 'green TEA' },
        })
      ).status,
    ).toBe(200);
    const seen = await t.call(postEndpoints.get, {
      token: user.token,
      params: { id: post.body.data.id },
      query: { withTags: true },
    });
    expect(seen.body.data.tags).toEqual([{ id: tea.id, name: 'green TEA' }]);
  });

  it('merges a tag renamed to the name of another (ignoring case) into that one', async () => {
    const owner = await t.createUser();
    const post = (tag_names: string[]) =>
      t.call(postEndpoints.create, { token: owner.token, body: { content: 'p', tag_names } });
    const onlyOld = (await post(['Colour'])).body.data;
    const both = (await post(['Colour', 'color'])).body.data;
    const onlyNew = (await post(['color'])).body.data;
    const tagId = (name: string) =>
      both.tags?.find((tag) => tag.name === name)?.id ?? expect.unreachable(`no tag ${name}`);
    const [renamedId, survivorId] = [tagId('Colour'), tagId('color')];
    const linksBefore = await t.db.selectFrom('post_tags').select('post_id').execute();

    const merged = await t.call(tagEndpoints.update, {
      token: owner.token,
      params: { id: renamedId },
      body: { name: ' COLOR ' },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body.data).toEqual({ id: survivorId, name: 'color', post_count: 3 });

    const tags = await t.call(tagEndpoints.list, { token: owner.token });
    expect(tags.body.data).toEqual([{ id: survivorId, name: 'color', post_count: 3 }]);
    expect(
      (await t.call(tagEndpoints.get, { token: owner.token, params: { id: renamedId } })).status,
    ).toBe(404);
    for (const { id } of [onlyOld, both, onlyNew]) {
      const seen = await t.call(postEndpoints.get, {
        token: owner.token,
        params: { id },
        query: { withTags: true },
      });
      expect(seen.body.data.tags).toEqual([{ id: survivorId, name: 'color' }]);
    }
    // The post that had both keeps one link: one link fewer than before, none left to the old tag.
    const links = await t.db.selectFrom('post_tags').select(['post_id', 'tag_id']).execute();
    expect(links).toHaveLength(linksBefore.length - 1);
    expect(links.filter((link) => link.tag_id === renamedId)).toEqual([]);
    const found = await t.call(postEndpoints.list, {
      token: owner.token,
      query: { filter: 'tag:color' },
    });
    expect(found.body.data).toHaveLength(3);
  });

  it('counts the live posts of each tag', async () => {
    const owner = await t.createUser();
    const post = async (tag_names: string[]) =>
      (
        await t.call(postEndpoints.create, {
          token: owner.token,
          body: { content: 'p', tag_names },
        })
      ).body.data;
    const first = await post(['Alpha', 'Beta']);
    const second = await post(['Alpha']);
    await t.call(tagEndpoints.create, { token: owner.token, body: { name: 'Gamma' } });
    const counts = async () =>
      Object.fromEntries(
        (await t.call(tagEndpoints.list, { token: owner.token })).body.data.map((tag) => [
          tag.name,
          tag.post_count,
        ]),
      );
    expect(await counts()).toEqual({ Alpha: 2, Beta: 1, Gamma: 0 });
    expect(
      (await t.call(postEndpoints.delete, { token: owner.token, params: { id: second.id } }))
        .status,
    ).toBe(204);
    expect(await counts()).toEqual({ Alpha: 1, Beta: 1, Gamma: 0 });
    const alpha = first.tags!.find((tag) => tag.name === 'Alpha')!;
    const one = await t.call(tagEndpoints.get, { token: owner.token, params: { id: alpha.id } });
    expect(one.body.data).toEqual({ id: alpha.id, name: 'Alpha', post_count: 1 });
    await t.call(postEndpoints.update, {
      token: owner.token,
      params: { id: second.id },
      body: { is_archived: false },
    });
    expect(await counts()).toEqual({ Alpha: 2, Beta: 1, Gamma: 0 });
  });

  it('deletes a tag and unlinks it from its posts, which stay', async () => {
    const post = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content: 'keep me', tag_names: ['Doomed', 'Kept'] },
    });
    const doomed = post.body.data.tags!.find((tag) => tag.name === 'Doomed')!;
    expect(
      (await t.call(tagEndpoints.delete, { token: user.token, params: { id: doomed.id } })).status,
    ).toBe(204);
    const seen = await t.call(postEndpoints.get, {
      token: user.token,
      params: { id: post.body.data.id },
      query: { withTags: true },
    });
    expect(seen.body.data.tags?.map((tag) => tag.name)).toEqual(['Kept']);
    expect(
      (await t.call(tagEndpoints.get, { token: user.token, params: { id: doomed.id } })).status,
    ).toBe(404);
  });

  it('lists the posts of a tag, and hides other users’ tags (404)', async () => {
    const a = await t.call(postEndpoints.create, {
      token: user.token,
      body: { content: 'a', tag_names: ['Pick'] },
    });
    await t.call(postEndpoints.create, { token: user.token, body: { content: 'b' } });
    const tagId = a.body.data.tags![0]!.id;
    const tagged = await t.call(postEndpoints.list, {
      token: user.token,
      query: { tag_id: tagId, withTags: true },
    });
    expect(tagged.body.data.map((p) => p.content)).toEqual(['a']);
    const token = other.token;
    const params = { id: tagId };
    for (const [label, call] of [
      ['get', () => t.call(tagEndpoints.get, { token, params })],
      ['rename', () => t.call(tagEndpoints.update, { token, params, body: { name: 'Stolen' } })],
      ['delete', () => t.call(tagEndpoints.delete, { token, params })],
      ['list its posts', () => t.call(postEndpoints.list, { token, query: { tag_id: tagId } })],
    ] as const) {
      expect((await call()).status, label).toBe(404);
    }
  });

  it('refuses a comma in a tag name wherever one is accepted (exports join tags with commas)', async () => {
    const owner = await t.createUser();
    const tag = (await t.call(tagEndpoints.create, { token: owner.token, body: { name: 'Plain' } }))
      .body.data;
    const post = (
      await t.call(postEndpoints.create, {
        token: owner.token,
        body: { content: 'p', tag_names: ['kept'] },
      })
    ).body.data;
    const token = owner.token;
    const attempts = [
      [
        'create a tag',
        () => t.call(tagEndpoints.create, { token, body: { name: 'Smith, John' } }),
        'name',
      ],
      [
        'rename a tag',
        () => t.call(tagEndpoints.update, { token, params: { id: tag.id }, body: { name: 'a,b' } }),
        'name',
      ],
      [
        'create a post',
        () =>
          t.call(postEndpoints.create, {
            token,
            body: { content: 'q', tag_names: ['fine', 'not,fine'] },
          }),
        'tag_names.1',
      ],
      [
        'edit a post',
        () =>
          t.call(postEndpoints.update, {
            token,
            params: { id: post.id },
            body: { tag_names: [','] },
          }),
        'tag_names.0',
      ],
    ] as const;
    for (const [label, call, field] of attempts) {
      const res = await call();
      expect(res.status, label).toBe(400);
      expect(res.error?.code).toBe('VALIDATION');
      expect(res.error?.fields?.[field], label).toEqual(['A tag name cannot contain a comma.']);
    }
    const tags = await t.call(tagEndpoints.list, { token: owner.token });
    expect(tags.body.data.map((tag) => tag.name)).toEqual(['kept', 'Plain']);
    const seen = await t.call(postEndpoints.get, {
      token: owner.token,
      params: { id: post.id },
      query: { withTags: true },
    });
    expect(seen.body.data.tags?.map((tag) => tag.name)).toEqual(['kept']);
    expect((await t.call(postEndpoints.list, { token: owner.token })).body.data).toHaveLength(1);
  });

  it('restores a tag name with a comma from an older backup with a semicolon in its place', async () => {
    const source = await t.createUser();
    await t.call(postEndpoints.create, {
      token: source.token,
      body: { content: 'tagged', tag_names: ['Smith'] },
    });
    const backup = JSON.parse(
      (await t.call(bookmarksIoEndpoints.backup, { token: source.token })).text,
    );
    backup.tags[0].name = 'Smith, John';
    const fresh = await t.createUser();
    const res = await t.call(bookmarksIoEndpoints.restore, {
      token: fresh.token,
      file: { name: 'backup.json', bytes: Buffer.from(JSON.stringify(backup)) },
    });
    expect(res.status, res.text).toBe(201);
    const tags = await t.call(tagEndpoints.list, { token: fresh.token });
    expect(tags.body.data).toEqual([
      { id: expect.any(Number), name: 'Smith; John', post_count: 1 },
    ]);
  });

  it('400 for an empty or too long name', async () => {
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      expect(
        (await t.call(tagEndpoints.create, { token: user.token, body: { name } })).status,
      ).toBe(400);
    }
  });
});
