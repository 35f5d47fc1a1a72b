/** One entry of a feed: a post (PRODUCT.md#feeds). */
export interface FeedEntry {
  /** A stable IRI naming the post, whatever the feed: its page in the app. */
  id: string;
  title: string;
  /** Where the entry leads: the link of a link post, the app's page of a note. */
  link: string;
  /** Plain text; null for none. */
  summary: string | null;
  /** Tag names. */
  categories: string[];
  published: Date;
  updated: Date;
}

/** A feed: one collection and the posts below it (PRODUCT.md#feeds). */
export interface AtomFeedInput {
  id: string;
  title: string;
  /** The collection's page, in the app or the public view. */
  alternate: string;
  /** The feed's own URL. */
  self: string;
  updated: Date;
  entries: FeedEntry[];
}

// XML 1.0 has no place for most control characters: a post may hold them (a pasted or imported
// text), and one would make the whole feed unreadable.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` without the characters XML 1.0 cannot carry. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '');
}

/**
 * The Atom 1.0 document of a feed (RFC 4287), written by feedsmith, which escapes text and
 * attributes. Titles, summaries and categories are plain text (`type="text"`).
 */
export async function writeAtomFeed(feed: AtomFeedInput): Promise<string> {
  // feedsmith loads with the first feed, not at start (OPERATIONS.md#start-time-and-memory).
  const { generateAtomFeed } = await import('feedsmith');
  return generateAtomFeed({
    id: feed.id,
    title: { value: xmlText(feed.title) },
    updated: feed.updated,
    links: [
      { href: feed.alternate, rel: 'alternate', type: 'text/html' },
      { href: feed.self, rel: 'self', type: 'application/atom+xml' },
    ],
    generator: { text: 'Nestmark' },
    entries: feed.entries.map((entry) => ({
      id: entry.id,
      title: { value: xmlText(entry.title) },
      links: [{ href: entry.link, rel: 'alternate' }],
      ...(entry.summary !== null && { summary: { value: xmlText(entry.summary) } }),
      categories: entry.categories.map((name) => ({ term: xmlText(name), label: xmlText(name) })),
      published: entry.published,
      updated: entry.updated,
    })),
  });
}
