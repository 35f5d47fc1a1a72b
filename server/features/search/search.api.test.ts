import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../test/bookmark-imports.ts';
import { corpusBookmarkFile } from '../../test/corpus.ts';
import type { NewPostRow } from '../../db/schema.ts';
import { postContentFields } from '../posts/post-content.ts';
import { insertPosts } from '../posts/post-bulk-insert.ts';
import type { EndpointInput } from '../../../contract/endpoint.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { searchDocument } from './search-document.ts';
import { foldCase } from './search-query.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ListQuery = EndpointInput<typeof postEndpoints.list>['query'];

/** The contents of the posts a search finds, in result order. */
async function search(user: TestUser, filter: string, extra: ListQuery = {}) {
  const res = await t.call(postEndpoints.list, {
    token: user.token,
    query: { filter, limit: 0, ...extra },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
const contents = async (user: TestUser, filter: string, extra: ListQuery = {}) =>
  (await search(user, filter, extra)).map((p) => p.content).sort();

describe('search matches substrings, case-insensitively, in every script', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.createUser();
    const as = createAs(t, user);
    await as.post({ content: '<p>Ordered from Amazon</p>' });
    await as.post({ content: '<p>Weekend in Zürich</p>' });
    await as.post({ content: '<p>東京タワー</p>' });
    await as.post({ content: '<p><strong>Bold</strong> move</p>' });
    await as.post({ content: 'https://docs.example.org/guide', title: 'Guide' });
    await as.post({
      content: 'note with a description',
      description: 'Quarterly REPORT',
    });
    await as.post({ content: 'tagged note', tag_names: ['Gardening'] });
  });

  it.each([
    ['zon', '<p>Ordered from Amazon</p>'],
    ['AMAZON', '<p>Ordered from Amazon</p>'],
    ['zürich', '<p>Weekend in Zürich</p>'],
    ['ZÜRICH', '<p>Weekend in Zürich</p>'],
    ['東京', '<p>東京タワー</p>'],
    ['example.org', 'https://docs.example.org/guide'],
    ['report', 'note with a description'],
    ['garden', 'tagged note'],
    ['bold', '<p><strong>Bold</strong> move</p>'],
  ])('%s finds its post', async (filter, expected) => {
    expect(await contents(user, filter)).toEqual([expected]);
  });

  it('finds a word, not a post that holds each of its trigrams apart (the index keeps no positions)', async () => {
    const as = createAs(t, user);
    await as.post({ content: '<p>the needle</p>', title: 'Haystack' });
    await as.post({ content: '<p>nee eed edl dle</p>', title: 'nee eed edl dle' });
    expect(await contents(user, 'needle')).toEqual(['<p>the needle</p>']);
    expect((await search(user, 'needle')).map((post) => post.title)).toEqual(['Haystack']);
  });

  it('does not match markup', async () => {
    expect(await contents(user, 'strong')).toEqual([]);
    expect(await contents(user, '<p>')).toEqual([]);
  });

  it('marks where it matched', async () => {
    const [found] = await search(user, 'zon');
    expect(found!.search).toEqual({
      field: 'text',
      snippet: 'Ordered from Amazon',
      ranges: [[16, 19]],
    });
  });

  it('ranks a match in the title first', async () => {
    const other = await t.createUser();
    const asOther = createAs(t, other);
    await asOther.post({ content: 'about kiwi fruit', title: 'Fruit' });
    await asOther.post({ content: 'something else', title: 'Kiwi' });
    expect((await search(other, 'kiwi')).map((p) => p.title)).toEqual(['Kiwi', 'Fruit']);
  });
});

describe('the query language', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.createUser();
    const as = createAs(t, user);
    await as.post({ content: 'rust async runtime', tag_names: ['lang'] });
    await as.post({
      content: 'rust borrow checker',
      tag_names: ['lang', 'Tea Time'],
    });
    await as.post({ content: 'https://rust-lang.org/' });
    await as.post({ content: 'hello world program' });
    await as.post({ content: 'world, hello' });
  });

  it('combines words with AND and excludes -words', async () => {
    expect(await contents(user, 'rust checker')).toEqual(['rust borrow checker']);
    expect(await contents(user, 'rust -async -checker')).toEqual(['https://rust-lang.org/']);
  });

  it('matches "exact phrases", tag:name and type:link|text', async () => {
    expect(await contents(user, '"hello world"')).toEqual(['hello world program']);
    expect(await contents(user, 'tag:LANG -async')).toEqual(['rust borrow checker']);
    expect(await contents(user, 'tag:"tea time"')).toEqual(['rust borrow checker']);
    expect(await contents(user, 'rust type:link')).toEqual(['https://rust-lang.org/']);
    expect(await contents(user, 'rust type:text')).toHaveLength(2);
  });

  it('treats unknown operators as text', async () => {
    expect(await contents(user, 'site:example')).toEqual([]);
  });
});

describe('search scope and visibility', () => {
  it('searches one collection, or it and everything below with withDescendants', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const top = (await as.collection({ name: 'Top' })).id;
    const below = (await as.collection({ name: 'Below', parent_id: top })).id;
    await as.post({ content: 'apple in top', collection_id: top });
    await as.post({ content: 'apple below', collection_id: below });
    await as.post({ content: 'apple elsewhere' });
    expect(await contents(user, 'apple', { collection_id: top })).toEqual(['apple in top']);
    expect(await contents(user, 'apple', { collection_id: top, withDescendants: true })).toEqual([
      'apple below',
      'apple in top',
    ]);
    expect(await contents(user, 'apple', { collection_id: 0 })).toEqual(['apple elsewhere']);
  });

  it('never returns another user’s posts, but does return a shared collection’s to its members', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const member = await t.createUser();
    const stranger = await t.createUser();
    const shared = (await asOwner.collection({ name: 'Shared' })).id;
    const child = (await asOwner.collection({ name: 'Child', parent_id: shared })).id;
    await asOwner.post({ content: 'secret walnut' });
    await asOwner.post({ content: 'shared walnut', collection_id: child });
    await t.call(shareEndpoints.createPrivate, {
      token: owner.token,
      body: { collection_id: shared, user_id: member.id },
    });
    expect(await contents(member, 'walnut')).toEqual(['shared walnut']);
    expect(await contents(stranger, 'walnut')).toEqual([]);
    const foreign = await t.call(postEndpoints.list, {
      token: stranger.token,
      query: { filter: 'walnut', collection_id: shared },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('a page of results is the same however it is found', () => {
  // 3,000 posts, oldest first, each word placed so that a different way of finding a page
  // serves it (see searchPosts): 'common' fills a page from the newest posts, 'medium' needs
  // the longer walk; on SQLite 'sparse' (only in old posts) is looked up by id, 'scattered' (too
  // many for that, none recent) walks the text index; on PostgreSQL 'scattered' comes from the
  // walk that goes on without a hit among the newest posts, 'sparse' (beyond it) from the index;
  // 'headline' and 'banner' are title words, few and many. The expectation is worked out here
  // from the same rules, without the database. 'odd-one' is in ten old posts, fewer than a page:
  // on PostgreSQL the index, asked before walking on, shows them all; 'common-medium' is in
  // none, though its two halves are in many posts (the trigram index leaves the hyphen out).
  // 'recent' is in the newest 1,000 posts but every 16th: on SQLite, with '-recent' the first
  // title matches in result order hold less than a page, so the rest of 'banner' are looked up
  // by id, while 'post' (in every title, too many for that) walks on through the index.
  const COUNT = 3000;
  const wordsOf = (i: number) => [
    i % 3 === 0 ? 'common' : '',
    i % 60 === 0 ? 'medium' : '',
    i < 400 && i % 2 === 0 ? 'sparse' : '',
    i < 1600 && i % 5 === 0 ? 'scattered' : '',
    i < 400 && i % 40 === 5 ? 'odd-one' : '',
    i >= 2000 && i % 16 !== 0 ? 'recent' : '',
  ];
  const titleOf = (i: number) =>
    [`Post ${i}`, i % 11 === 0 ? 'headline' : '', i % 4 === 0 ? 'banner' : ''].join(' ');
  let user: TestUser;
  const ids: number[] = [];

  beforeAll(async () => {
    user = await t.createUser();
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows: NewPostRow[] = [];
    for (let i = 0; i < COUNT; i++) {
      const fields = postContentFields(`<p>${wordsOf(i).join(' ')} filler</p>`, titleOf(i));
      const at = new Date(start + i * 1000).toISOString();
      rows.push({
        ...fields,
        ...searchDocument({ ...fields, description: null, tagNames: [] }),
        user_id: user.id,
        collection_id: null,
        description: null,
        color: null,
        image_path: null,
        order: i + 1,
        binned_at: null,
        created_at: at,
        updated_at: at,
      });
    }
    ids.push(...(await insertPosts(t.db, rows)));
  });

  /** Post numbers matching every `include` and no `exclude` word: title matches first, newest first. */
  function expected(include: string[], exclude: string[] = [], count = 20) {
    const text = (i: number) => `${titleOf(i)} ${wordsOf(i).join(' ')}`.toLowerCase();
    const all = [...Array(COUNT).keys()]
      .reverse()
      .filter((i) => include.every((w) => text(i).includes(w)))
      .filter((i) => !exclude.some((w) => text(i).includes(w)));
    const inTitle = (i: number) => include.every((w) => titleOf(i).toLowerCase().includes(w));
    return [...all.filter(inTitle), ...all.filter((i) => !inTitle(i))].slice(0, count);
  }

  it.each([
    ['common', ['common']],
    ['medium', ['medium']],
    ['sparse', ['sparse']],
    ['scattered', ['scattered']],
    ['headline', ['headline']],
    ['banner', ['banner']],
    ['common scattered', ['common', 'scattered']],
    ['banner sparse', ['banner', 'sparse']],
    ['odd-one', ['odd-one']],
    ['common-medium', ['common-medium']],
  ])('%s', async (filter, include) => {
    const res = await t.call(postEndpoints.list, {
      token: user.token,
      query: { filter, limit: 20 },
    });
    expect(res.status, res.text).toBe(200);
    const page = res.body.data.map((p) => p.id);
    expect(page).toEqual(expected(include).map((i) => ids[i]));
  });

  it('with an excluded word', async () => {
    const res = await t.call(postEndpoints.list, {
      token: user.token,
      query: { filter: 'common -medium', limit: 20 },
    });
    const page = res.body.data.map((p) => p.id);
    expect(page).toEqual(expected(['common'], ['medium']).map((i) => ids[i]));
    // Found by asking the index first on PostgreSQL, where the excluded word is checked too.
    const few = await t.call(postEndpoints.list, {
      token: user.token,
      query: { filter: 'odd-one -common', limit: 20 },
    });
    expect(few.body.data.map((p) => p.id)).toEqual(
      expected(['odd-one'], ['common']).map((i) => ids[i]),
    );
    expect(expected(['odd-one'], ['common'])).toHaveLength(7);
  });

  it.each([
    ['common', ['common'], []],
    ['medium', ['medium'], []],
    ['sparse', ['sparse'], []],
    ['scattered', ['scattered'], []],
    ['headline', ['headline'], []],
    ['banner sparse', ['banner', 'sparse'], []],
    ['odd-one', ['odd-one'], []],
    ['banner -recent', ['banner'], ['recent']],
    ['post -recent', ['post'], ['recent']],
  ])('%s: the next pages continue after after_id', async (filter, include, exclude) => {
    const pages: number[] = [];
    let after: number | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await t.call(postEndpoints.list, {
        token: user.token,
        query: { filter, limit: 20, after_id: after },
      });
      expect(res.status, res.text).toBe(200);
      const found = res.body.data.map((p) => p.id);
      pages.push(...found);
      if (found.length === 0) break;
      after = found.at(-1);
    }
    expect(pages).toEqual(expected(include, exclude, 60).map((i) => ids[i]));
  });
});

describe('search results page by after_id like lists', () => {
  let user: TestUser;
  let box: number;

  beforeAll(async () => {
    user = await t.createUser();
    const as = createAs(t, user);
    box = (await as.collection({ name: 'Box' })).id;
    // The test clock stands still: every post has the same creation time, so results tie in
    // date, and the title matches tie in rank, as do the others.
    for (let i = 0; i < 5; i++) {
      await as.post({
        content: `<p>plain ${i}</p>`,
        title: `Kiwi ${i}`,
        collection_id: box,
      });
      await as.post({ content: `<p>a kiwi inside ${i}</p>`, collection_id: box });
      await as.post({ content: `<p>no fruit ${i}</p>`, collection_id: box });
    }
  });

  /** Every page of `limit` results, each following the last post of the one before. */
  async function allPages(filter: string, limit: number, extra: ListQuery = {}) {
    const pages: number[][] = [];
    let after: number | undefined;
    for (;;) {
      const res = await t.call(postEndpoints.list, {
        token: user.token,
        query: { filter, limit, after_id: after, ...extra },
      });
      expect(res.status, res.text).toBe(200);
      const page = res.body.data.map((p) => p.id);
      if (page.length === 0) return pages;
      pages.push(page);
      after = page.at(-1);
    }
  }

  it.each([
    ['everything the user may read (ties in date)', ''],
    ['one collection (by its order)', 'collection'],
  ])('returns each result exactly once, in order: %s', async (_, where) => {
    const extra = where === 'collection' ? { collection_id: box } : {};
    const whole = (await search(user, 'kiwi', extra)).map((p) => p.id);
    expect(whole).toHaveLength(10);

    for (const limit of [1, 3, 4]) {
      const pages = await allPages('kiwi', limit, extra);
      expect(pages.flat()).toEqual(whole);
      expect(pages.every((page) => page.length <= limit)).toBe(true);
    }
  });

  it('400 for an after_id that is not among the results, nothing else', async () => {
    const unrelated = await createAs(t, user).post({ content: 'unrelated words' });
    const res = await t.call(postEndpoints.list, {
      token: user.token,
      query: { filter: 'kiwi', after_id: unrelated.id },
    });
    expect(res.status).toBe(400);
    expect(res.error?.fields?.after_id).toBeDefined();
    const missing = await t.call(postEndpoints.list, {
      token: user.token,
      query: { filter: 'kiwi', after_id: 999999 },
    });
    expect(missing.status).toBe(400);
  });
});

describe('search in the recycle bin', () => {
  it('with is_archived=true finds the caller’s deleted posts only, last deleted first', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const other = await t.createUser();
    const first = await as.post({ content: 'binned mango one' });
    const second = await as.post({ content: 'binned mango two' });
    await as.post({ content: 'live mango' });
    const foreign = await createAs(t, other).post({ content: 'binned mango elsewhere' });
    for (const [owner, id] of [
      [user, first.id],
      [user, second.id],
      [other, foreign.id],
    ] as const) {
      t.clock.advance(1000);
      const res = await t.call(postEndpoints.delete, { token: owner.token, params: { id } });
      expect(res.status).toBe(204);
    }

    const found = await search(user, 'mango', { is_archived: true });
    expect(found.map((p) => p.content)).toEqual(['binned mango two', 'binned mango one']);
    expect(await contents(user, 'mango')).toEqual(['live mango']);
    const next = await search(user, 'mango', { is_archived: true, after_id: second.id });
    expect(next.map((p) => p.content)).toEqual(['binned mango one']);
  });

  it('403 for a public share token', async () => {
    const owner = await t.createUser();
    const asOwner = createAs(t, owner);
    const shared = (await asOwner.collection({ name: 'Public' })).id;
    await asOwner.post({ content: 'shared mango', collection_id: shared });
    const share = await t.call(shareEndpoints.createPublic, {
      token: owner.token,
      body: { collection_id: shared },
    });
    expect(share.status, share.text).toBe(201);
    const res = await t.call(postEndpoints.list, {
      token: share.body.data.token,
      query: { filter: 'mango', is_archived: true },
    });
    expect(res.status).toBe(403);
  });
});

describe('the index follows every change', () => {
  it('after update, delete, restore and transfer', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    const other = (await as.collection({ name: 'Other' })).id;
    const { id } = await as.post({ content: 'first draft' });
    const patch = (body: EndpointInput<typeof postEndpoints.update>['body']) =>
      t.call(postEndpoints.update, { token: user.token, params: { id }, body });

    await patch({ content: 'second version' });
    expect(await contents(user, 'draft')).toEqual([]);
    expect(await contents(user, 'second')).toEqual(['second version']);

    await patch({ tag_names: ['Harbour'] });
    expect(await contents(user, 'harbour')).toEqual(['second version']);

    await t.call(postEndpoints.delete, { token: user.token, params: { id } });
    expect(await contents(user, 'second')).toEqual([]);
    await patch({ is_archived: false });
    expect(await contents(user, 'second')).toEqual(['second version']);

    await patch({ collection_id: other });
    expect(await contents(user, 'second', { collection_id: other })).toEqual(['second version']);
    expect(await contents(user, 'second', { collection_id: 0 })).toEqual([]);
  });

  it('after a tag rename and delete', async () => {
    const user = await t.createUser();
    await createAs(t, user).post({ content: 'plain', tag_names: ['Oldname'] });
    const tags = await t.call(tagEndpoints.list, { token: user.token });
    const tagId = tags.body.data[0]!.id;
    await t.call(tagEndpoints.update, {
      token: user.token,
      params: { id: tagId },
      body: { name: 'Newname' },
    });
    expect(await contents(user, 'oldname')).toEqual([]);
    expect(await contents(user, 'newname')).toEqual(['plain']);
    await t.call(tagEndpoints.delete, { token: user.token, params: { id: tagId } });
    expect(await contents(user, 'newname')).toEqual([]);
  });

  it('after an import', async () => {
    const user = await t.createUser();
    await importFile(
      t,
      user,
      'b.html',
      readFileSync(corpusBookmarkFile('markio/nested_bookmarks.html')),
    );
    // "Yahoo!" is the title of http://www.yahoo.com/ in the file; its <DD> says "most visited".
    expect(await contents(user, 'yahoo')).toEqual(['http://www.yahoo.com/']);
    expect(await contents(user, 'most visited')).toEqual(['http://www.yahoo.com/']);
  });
});

describe('bad search input', () => {
  it('400 for a filter longer than 500 characters', async () => {
    const user = await t.createUser();
    expect(
      (await t.call(postEndpoints.list, { token: user.token, query: { filter: 'x'.repeat(501) } }))
        .status,
    ).toBe(400);
  });

  it('treats LIKE wildcards as text', async () => {
    const user = await t.createUser();
    const as = createAs(t, user);
    await as.post({ content: '100% sure' });
    await as.post({ content: 'snake_case name' });
    await as.post({ content: 'nothing special' });
    expect(await contents(user, '%')).toEqual(['100% sure']);
    expect(await contents(user, '_')).toEqual(['snake_case name']);
  });
});

describe('search finds the text of page copies (PRODUCT.md#page-copies)', () => {
  let user: TestUser;
  let as: ReturnType<typeof createAs>;

  /** Gives `postId` a saved page copy holding `text`, as the page-copy worker saves it. */
  async function givePageCopy(postId: number, text: string, owner = user) {
    await t.db
      .insertInto('page_copies')
      .values({
        post_id: postId,
        user_id: owner.id,
        status: 'saved',
        requested_at: '2026-11-26T10:00:00.000Z',
        copied_at: '2026-11-26T10:00:01.000Z',
        kind: 'article',
        text_gz: gzipSync(text),
        search_text: foldCase(text),
      })
      .execute();
  }
  const titles = async (filter: string, who = user, extra: ListQuery = {}) =>
    (await search(who, filter, extra)).map((post) => post.title);

  beforeAll(async () => {
    user = await t.createUser();
    as = createAs(t, user);
    // Created oldest first: the page-only match is the newest, and still comes last.
    const inTitle = await as.post({ content: 'https://a.example/', title: 'Quokka facts' });
    await givePageCopy(inTitle.id, 'A page that also says quokka.');
    await as.post({ content: '<p>I saw a quokka</p>', title: 'Trip notes' });
    const inPage = await as.post({ content: 'https://b.example/', title: 'Island guide' });
    await givePageCopy(
      inPage.id,
      `${'Rottnest Island lies off the coast. '.repeat(5)}Its famous Quokka smiles for visitors.`,
    );
    const elsewhere = await as.post({ content: 'https://c.example/', title: 'Other' });
    await givePageCopy(elsewhere.id, 'Nothing about that animal here, only wallabies.');
  });

  it('ranks title matches, then the rest of the post, then page text, and shows the passage', async () => {
    const found = await search(user, 'quokka');
    expect(found.map((post) => post.title)).toEqual(['Quokka facts', 'Trip notes', 'Island guide']);
    const page = found[2]!.search!;
    expect(page.field).toBe('page');
    expect(page.snippet.startsWith('…')).toBe(true);
    expect(page.snippet).toContain('Its famous Quokka smiles');
    expect(page.ranges).toHaveLength(1);
    const [from, to] = page.ranges[0]!;
    expect(page.snippet.slice(from, to)).toBe('Quokka');
  });

  it('in:page looks only in page text, -in:page everywhere else', async () => {
    // One tier: newest first.
    expect(await titles('quokka in:page')).toEqual(['Island guide', 'Quokka facts']);
    const onlyPage = await search(user, 'quokka in:page');
    expect(onlyPage.map((post) => post.search?.field)).toEqual(['page', 'page']);
    expect(await titles('quokka -in:page')).toEqual(['Quokka facts', 'Trip notes']);
    expect(await titles('wallabies -in:page')).toEqual([]);
    expect(await titles('wallabies')).toEqual(['Other']);
  });

  it('needs every word in the page text, and leaves out a page that holds an excluded word', async () => {
    expect(await titles('rottnest smiles')).toEqual(['Island guide']);
    expect(await titles('rottnest wallabies')).toEqual([]);
    expect(await titles('quokka -coast')).toEqual(['Quokka facts', 'Trip notes']);
  });

  it('pages through the tiers by after_id, each result once', async () => {
    const whole = (await search(user, 'quokka')).map((post) => post.id);
    const seen: number[] = [];
    let after: number | undefined;
    for (;;) {
      const res = await t.call(postEndpoints.list, {
        token: user.token,
        query: { filter: 'quokka', limit: 1, after_id: after },
      });
      expect(res.status, res.text).toBe(200);
      if (res.body.data.length === 0) break;
      seen.push(res.body.data[0]!.id);
      after = seen.at(-1);
    }
    expect(seen).toEqual(whole);
  });

  it('finds page text of shared posts for members, never for anyone else', async () => {
    const member = await t.createUser();
    const stranger = await t.createUser();
    const shared = (await as.collection({ name: 'Shared pages' })).id;
    const post = await as.post({ content: 'https://d.example/', collection_id: shared });
    await givePageCopy(post.id, 'The numbat eats termites.');
    await t.call(shareEndpoints.createPrivate, {
      token: user.token,
      body: { collection_id: shared, user_id: member.id },
    });
    expect((await search(member, 'numbat')).map((found) => found.id)).toEqual([post.id]);
    expect(await search(stranger, 'numbat')).toEqual([]);
    expect(await search(stranger, 'numbat in:page')).toEqual([]);
  });

  it('serves many page matches in order, walking the newest posts or through the index', async () => {
    // 'platypus' is in the newest posts' pages: a walk through them fills each page. 'echidna'
    // is in the older ones only, more than a search looks up by id (FEW_HITS): on SQLite the
    // index serves them sorted (PostgreSQL walks further first). 'wombat' is in five old pages
    // only, fewer than a page: looked up by id (on PostgreSQL before walking further).
    const owner = await t.createUser();
    const start = Date.parse('2026-02-01T00:00:00Z');
    const rows: NewPostRow[] = [];
    for (let i = 0; i < 640; i++) {
      const fields = postContentFields(`https://e.example/${i}`, `Link ${i}`);
      const at = new Date(start + i * 1000).toISOString();
      rows.push({
        ...fields,
        ...searchDocument({ ...fields, description: null, tagNames: [] }),
        user_id: owner.id,
        collection_id: null,
        description: null,
        color: null,
        image_path: null,
        order: i + 1,
        binned_at: null,
        created_at: at,
        updated_at: at,
      });
    }
    const ids = await insertPosts(t.db, rows);
    for (const [i, id] of ids.entries()) {
      const words = i < 320 ? `Echidna number ${i}` : `Platypus number ${i}`;
      await givePageCopy(id, i < 5 ? `${words}, and a wombat-like one` : words, owner);
    }
    const wombats = ids.slice(0, 5).reverse();
    const page = async (filter: string) =>
      (await search(owner, filter, { limit: 20 })).map((post) => post.id);
    expect(await page('wombat-like')).toEqual(wombats);
    expect(await page('wombat-like in:page')).toEqual(wombats);
    expect(await page('wombat-like -number')).toEqual([]);
    expect(await page('wombat-lake')).toEqual([]);
    for (const [word, holders] of [
      ['echidna', ids.slice(0, 320)],
      ['platypus', ids.slice(320)],
    ] as const) {
      const newestFirst = [...holders].reverse();
      const pages: number[] = [];
      let after: number | undefined;
      for (let page = 0; page < 3; page++) {
        const res = await t.call(postEndpoints.list, {
          token: owner.token,
          query: { filter: word, limit: 20, after_id: after },
        });
        expect(res.status, res.text).toBe(200);
        pages.push(...res.body.data.map((post) => post.id));
        after = pages.at(-1);
      }
      expect(pages).toEqual(newestFirst.slice(0, 60));
      expect((await search(owner, `${word} in:page`)).map((post) => post.id)).toEqual(newestFirst);
    }
  });
});
