import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_ENTRY_LIMIT, FEED_TOKEN_LENGTH, feedEndpoints } from '../../../contract/feeds.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const APP = 'http://nestmark.test';
const MINUTE = 60_000;

interface ParsedEntry {
  id: string;
  title: string;
  link: string;
  summary: string | undefined;
  categories: string[];
  published: string;
  updated: string;
}

/** Throws unless `xml` is a well-formed XML document (saxes is a strict parser). */
function assertWellFormed(xml: string): void {
  new SaxesParser().write(xml).close();
}

/** The feed parsed back, after checking it is well-formed XML and Atom. */
function parseAtom(res: { status: number; text: string; headers: Record<string, unknown> }) {
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  assertWellFormed(res.text);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['entry', 'link', 'category'].includes(name),
  }).parse(res.text) as {
    feed: {
      xmlns: string;
      title: string | number;
      updated: string;
      link: { href: string; rel: string }[];
      entry?: {
        id: string;
        title: string | number;
        link: { href: string }[];
        summary?: string | number;
        category?: { term: string }[];
        published: string;
        updated: string;
      }[];
    };
  };
  const { feed } = parsed;
  expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
  const entries: ParsedEntry[] = (feed.entry ?? []).map((entry) => ({
    id: entry.id,
    title: String(entry.title).trim(),
    link: entry.link[0]!.href,
    summary: entry.summary === undefined ? undefined : String(entry.summary).trim(),
    categories: (entry.category ?? []).map((category) => category.term),
    published: entry.published,
    updated: entry.updated,
  }));
  return { title: String(feed.title).trim(), links: feed.link, entries };
}

/**
 * Ada's tree Reading › Shared › Deeper, with Sibling beside Shared; one post in each, plus in
 * Shared a tagged link post and a note (created a minute apart), and a post in the recycle bin.
 */
async function sharedTree() {
  const ada = await t.createUser();
  const as = createAs(t, ada);
  const reading = (await as.collection({ name: 'Reading' })).id;
  const shared = (await as.collection({ name: 'Shared & <co>', parent_id: reading })).id;
  const deeper = (await as.collection({ name: 'Deeper', parent_id: shared })).id;
  const sibling = (await as.collection({ name: 'Sibling', parent_id: reading })).id;
  await as.post({ content: 'https://parent.example/', collection_id: reading });
  await as.post({ content: 'https://sibling.example/', collection_id: sibling });
  const binned = await as.post({ content: 'https://binned.example/', collection_id: shared });
  await t.call(postEndpoints.delete, { token: ada.token, params: { id: binned.id } });
  t.clock.advance(MINUTE);
  const created = t.clock().toISOString();
  const link = await as.post({
    content: 'https://news.example/a?b=1&c=2',
    title: 'Big <news> & more',
    description: 'What happened',
    collection_id: shared,
    tag_names: ['news', 'a<b "quoted"'],
  });
  t.clock.advance(MINUTE);
  const note = await as.post({
    content: '<p>First line of the note</p><p>Second \u0001line</p>',
    collection_id: shared,
  });
  t.clock.advance(MINUTE);
  const deep = await as.post({ content: 'https://deeper.example/', collection_id: deeper });
  // The link post edited later: its updated date moves, its published date stays.
  t.clock.advance(MINUTE);
  const edited = t.clock().toISOString();
  await t.call(postEndpoints.update, {
    token: ada.token,
    params: { id: link.id },
    body: { description: 'What happened, told better' },
  });
  return { ada, reading, shared, deeper, sibling, link, note, deep, created, edited };
}

/** A user with a post of their own, which no feed of anyone else may show. */
async function stranger() {
  const other = await t.createUser();
  const own = (await createAs(t, other).collection({ name: 'Theirs' })).id;
  await createAs(t, other).post({ content: 'https://stranger.example/', collection_id: own });
  return other;
}

const links = (entries: ParsedEntry[]) => entries.map((entry) => entry.link);

async function newFeedToken(user: TestUser): Promise<string> {
  const res = await t.call(feedEndpoints.regenerateFeedToken, { token: user.token });
  return res.body.data.token;
}

const collectionFeed = (feedToken: string, id: number) =>
  t.call(feedEndpoints.collectionFeed, { params: { feed_token: feedToken, id } });

describe('public share feed', () => {
  it("lists the shared collection's live posts, newest first, with titles, links, tags and dates", async () => {
    const tree = await sharedTree();
    await stranger();
    const share = await createAs(t, tree.ada).publicShare({ collection_id: tree.shared });
    const res = await t.call(feedEndpoints.publicShareFeed, { query: { token: share.token } });
    const feed = parseAtom(res);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(feed.title).toBe('Shared & <co>');
    expect(feed.links).toContainEqual(
      expect.objectContaining({ rel: 'alternate', href: `${APP}/s?token=${share.token}` }),
    );
    expect(feed.links).toContainEqual(
      expect.objectContaining({
        rel: 'self',
        href: `${APP}/api/shares/public/feed?token=${share.token}`,
      }),
    );
    // Not Deeper's (the share does not open sub-collections), nor Reading's, Sibling's, the
    // recycle bin's or another user's.
    expect(feed.entries).toEqual([
      {
        id: `${APP}/p/${tree.note.id}`,
        title: 'First line of the note',
        link: `${APP}/p/${tree.note.id}?token=${share.token}`,
        summary: 'First line of the note\n\nSecond line',
        categories: [],
        published: tree.note.created_at,
        updated: tree.note.updated_at,
      },
      {
        id: `${APP}/p/${tree.link.id}`,
        title: 'Big <news> & more',
        link: 'https://news.example/a?b=1&c=2',
        summary: 'What happened, told better',
        categories: ['a<b "quoted"', 'news'],
        published: tree.created,
        updated: tree.edited,
      },
    ]);
  });

  it('adds the sub-collections when the share includes them, and stops with the share', async () => {
    const tree = await sharedTree();
    const share = await createAs(t, tree.ada).publicShare({
      collection_id: tree.shared,
      include_descendants: true,
    });
    const open = () => t.call(feedEndpoints.publicShareFeed, { query: { token: share.token } });
    expect(links(parseAtom(await open()).entries)).toEqual([
      'https://deeper.example/',
      `${APP}/p/${tree.note.id}?token=${share.token}`,
      'https://news.example/a?b=1&c=2',
    ]);

    await t.call(shareEndpoints.updatePublic, {
      token: tree.ada.token,
      params: { id: share.id },
      body: { is_active: false },
    });
    const off = await open();
    expect(off.status).toBe(404);
    expect(off.error).toEqual({ code: 'NOT_FOUND', message: 'Feed not found.' });
  });

  it('answers 404 JSON for an unknown or malformed token and 400 without one', async () => {
    for (const token of ['x'.repeat(32), 'short', 'with spaces & signs']) {
      const res = await t.call(feedEndpoints.publicShareFeed, { query: { token } });
      expect(res.status, token).toBe(404);
      expect(res.error?.message).toBe('Feed not found.');
    }
    // A user's access token is no share token.
    const user = await t.createUser();
    const withAccessToken = await t.call(feedEndpoints.publicShareFeed, {
      query: { token: user.token },
    });
    expect(withAccessToken.status).toBe(404);
    // Without a token: the query is malformed (t.call cannot leave out a required field).
    const missing = await t.request('GET', '/api/shares/public/feed');
    expect(missing.status).toBe(400);
  });
});

describe('collection feed with a feed token', () => {
  it('gives the owner the collection and everything below it, nothing outside', async () => {
    const tree = await sharedTree();
    const other = await stranger();
    await newFeedToken(other);
    const feedToken = await newFeedToken(tree.ada);
    expect(feedToken).toMatch(new RegExp(`^[A-Za-z0-9]{${FEED_TOKEN_LENGTH}}$`));
    const res = await collectionFeed(feedToken, tree.shared);
    const feed = parseAtom(res);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(feed.title).toBe('Shared & <co>');
    expect(feed.links).toContainEqual(
      expect.objectContaining({ rel: 'alternate', href: `${APP}/c/${tree.shared}` }),
    );
    expect(links(feed.entries)).toEqual([
      'https://deeper.example/',
      `${APP}/p/${tree.note.id}`,
      'https://news.example/a?b=1&c=2',
    ]);
    // The top of the tree has its own post and Sibling's too.
    expect(links(parseAtom(await collectionFeed(feedToken, tree.reading)).entries)).toEqual([
      'https://deeper.example/',
      `${APP}/p/${tree.note.id}`,
      'https://news.example/a?b=1&c=2',
      'https://sibling.example/',
      'https://parent.example/',
    ]);
  });

  it(`holds the newest ${FEED_ENTRY_LIMIT} posts`, async () => {
    const ada = await t.createUser();
    const as = createAs(t, ada);
    const list = (await as.collection({ name: 'Many' })).id;
    for (let i = 0; i <= FEED_ENTRY_LIMIT; i++) {
      t.clock.advance(1000);
      await as.post({ content: `https://many.example/${i}`, collection_id: list });
    }
    const entries = parseAtom(await collectionFeed(await newFeedToken(ada), list)).entries;
    expect(entries).toHaveLength(FEED_ENTRY_LIMIT);
    expect(entries[0]!.link).toBe(`https://many.example/${FEED_ENTRY_LIMIT}`);
    expect(entries.at(-1)!.link).toBe('https://many.example/1');
  });

  it("opens a shared collection to a member, until they are removed; never the owner's others", async () => {
    const tree = await sharedTree();
    const member = await t.createUser();
    const membership = await createAs(t, tree.ada).privateShare({
      collection_id: tree.shared,
      user_id: member.id,
      permission: 4,
    });
    const feedToken = await newFeedToken(member);
    expect(parseAtom(await collectionFeed(feedToken, tree.deeper)).entries).toHaveLength(1);
    expect(parseAtom(await collectionFeed(feedToken, tree.shared)).entries).toHaveLength(3);
    const outside = await collectionFeed(feedToken, tree.sibling);
    expect(outside.status).toBe(404);

    await t.call(shareEndpoints.deletePrivate, {
      token: tree.ada.token,
      params: { id: membership.id },
    });
    const removed = await collectionFeed(feedToken, tree.shared);
    expect(removed.status).toBe(404);
    expect(removed.text).toBe(outside.text);
  });

  it('answers one 404 for a wrong token, a missing collection and one not readable', async () => {
    const tree = await sharedTree();
    const other = await stranger();
    const feedToken = await newFeedToken(tree.ada);
    const answers = [
      await collectionFeed('x'.repeat(FEED_TOKEN_LENGTH), tree.shared),
      await collectionFeed('not a token', tree.shared),
      await collectionFeed(feedToken, 999_999),
      await collectionFeed(await newFeedToken(other), tree.shared),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).toBe(answers[0]!.text);
    }
    expect(answers[0]!.error).toEqual({ code: 'NOT_FOUND', message: 'Feed not found.' });
    // A path that is not an id is malformed input.
    const badId = await t.request('GET', `/api/feeds/${feedToken}/collections/abc`);
    expect(badId.status).toBe(400);
  });
});

describe('feed token', () => {
  it('is made, replaced (the old one stops at once) and removed', async () => {
    const ada = await t.createUser();
    const list = (await createAs(t, ada).collection({ name: 'Mine' })).id;
    const none = await t.call(feedEndpoints.feedToken, { token: ada.token });
    expect(none.body.data).toBeNull();

    const first = await t.call(feedEndpoints.regenerateFeedToken, { token: ada.token });
    expect(first.status).toBe(201);
    expect(first.body.data.created_at).toBe(t.clock().toISOString());
    expect((await collectionFeed(first.body.data.token, list)).status).toBe(200);
    // Only its hash is kept.
    const stored = await t.db.selectFrom('feed_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(first.body.data.token);

    t.clock.advance(MINUTE);
    const second = await t.call(feedEndpoints.regenerateFeedToken, { token: ada.token });
    expect(second.body.data.token).not.toBe(first.body.data.token);
    expect((await collectionFeed(first.body.data.token, list)).status).toBe(404);
    expect((await collectionFeed(second.body.data.token, list)).status).toBe(200);
    const status = await t.call(feedEndpoints.feedToken, { token: ada.token });
    expect(status.body.data).toEqual({ created_at: second.body.data.created_at });

    const removed = await t.call(feedEndpoints.deleteFeedToken, { token: ada.token });
    expect(removed.status).toBe(204);
    expect((await collectionFeed(second.body.data.token, list)).status).toBe(404);
    expect((await t.call(feedEndpoints.feedToken, { token: ada.token })).body.data).toBeNull();
  });

  it('needs a signed-in user', async () => {
    for (const endpoint of [
      feedEndpoints.feedToken,
      feedEndpoints.regenerateFeedToken,
      feedEndpoints.deleteFeedToken,
    ]) {
      const res = await t.call(endpoint, {});
      expect(res.status).toBe(401);
    }
  });
});

describe('the well-formedness check', () => {
  it('refuses what is not XML', () => {
    expect(() => assertWellFormed('<feed><category term="a<b"/></feed>')).toThrow();
  });
});
