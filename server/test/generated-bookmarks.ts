import { Faker, en } from '@faker-js/faker';

/** What {@link generateBookmarkFile} wrote, for checking an import of it. */
export interface GeneratedBookmarkFile {
  html: string;
  /** `<A>` entries written. */
  bookmarks: number;
  /** `<H3>` folders written. */
  folders: number;
  /** Distinct URLs among the bookmarks (every URL is distinct unless `duplicateEvery` is set). */
  distinctUrls: number;
}

/**
 * A Netscape bookmark file of `count` bookmarks drawn from a seeded faker, so the same arguments
 * always give the same bytes: folders nested up to four levels (about `perFolder` bookmarks each),
 * one to three tags on most bookmarks from a pool of 400 words, a `<DD>` description on every
 * third, and ADD_DATE / LAST_MODIFIED in seconds. For benchmarks and the crash test.
 *
 * @param options.duplicateEvery when set, every n-th bookmark repeats the URL of the one before it.
 */
export function generateBookmarkFile(options: {
  count: number;
  seed: number;
  perFolder?: number;
  duplicateEvery?: number;
}): GeneratedBookmarkFile {
  const faker = new Faker({ locale: [en] });
  faker.seed(options.seed);
  const perFolder = options.perFolder ?? 100;
  const tagPool = faker.helpers.uniqueArray(() => faker.word.noun(), 400);
  const start = Date.UTC(2015, 0, 1) / 1000;

  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  let folders = 0;
  let depth = 1;
  let distinctUrls = 0;
  let previousUrl = '';
  for (let index = 0; index < options.count; index++) {
    if (index % perFolder === 0) {
      // Close some open folders, then open a new one: a tree between one and four levels deep.
      const target = 1 + faker.number.int({ min: 0, max: 3 });
      while (depth > target) {
        depth -= 1;
        lines.push(`${'    '.repeat(depth)}</DL><p>`);
      }
      const indent = '    '.repeat(depth);
      lines.push(
        `${indent}<DT><H3 ADD_DATE="${start + index}">${faker.commerce.department()} ${folders + 1}</H3>`,
      );
      lines.push(`${indent}<DL><p>`);
      folders += 1;
      depth += 1;
    }
    const duplicate =
      options.duplicateEvery !== undefined && index > 0 && index % options.duplicateEvery === 0;
    // The index keeps every other URL distinct.
    const url = duplicate
      ? previousUrl
      : `https://${faker.internet.domainName()}/${faker.word.noun()}/${index}`;
    if (!duplicate) distinctUrls += 1;
    previousUrl = url;
    const added = start + index * 60;
    const tags = faker.helpers.arrayElements(tagPool, { min: 0, max: 3 });
    const indent = '    '.repeat(depth);
    const tagAttribute = tags.length > 0 ? ` TAGS="${tags.join(',')}"` : '';
    lines.push(
      `${indent}<DT><A HREF="${url}" ADD_DATE="${added}" LAST_MODIFIED="${added + 30}"${tagAttribute}>${faker.lorem.words({ min: 2, max: 7 })}</A>`,
    );
    if (index % 3 === 0) lines.push(`${indent}<DD>${faker.lorem.sentence()}`);
  }
  while (depth > 1) {
    depth -= 1;
    lines.push(`${'    '.repeat(depth)}</DL><p>`);
  }
  lines.push('</DL><p>');
  return { html: `${lines.join('\n')}\n`, bookmarks: options.count, folders, distinctUrls };
}
