import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../e2e/fixtures.ts';
import type { NewPostRow } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/features/auth/passwords.ts';
import { insertCollection } from '../../server/features/collections/collection-store.ts';
import { postContentFields } from '../../server/features/posts/post-content.ts';
import { insertPosts } from '../../server/features/posts/post-bulk-insert.ts';
import { searchDocument } from '../../server/features/search/search-document.ts';
import { insertUser } from '../../server/features/users/users.repository.ts';
import { openFreshDatabase } from '../../server/test/fresh-database.ts';
import { freePort, PROCESS_OWNER, startServerProcess } from '../../server/test/server-process.ts';
import { buildProduction, percentile, seededFaker, type Scenario } from '../harness.ts';

const POSTS = 10_000;
/** Full loads of the collection page timed until the first card shows. */
const LOADS = 5;
const VIEWPORT = { width: 1280, height: 720 };
/** The journey e2e/big-library.spec.ts holds the page to at most this many elements. */
const ELEMENTS_GOAL = 1_500;
const COLLECTION = 'Browsing';

/** Title of the post at `order` (the highest order is shown first, order 1 last). */
const titleOf = (order: number) => `Bookmark ${String(order).padStart(5, '0')}`;

/**
 * Writes a SQLite database into `dataDir` before the server starts: the owner the server
 * process signs in with ({@link PROCESS_OWNER}) and one collection of POSTS link posts, their
 * previews done (no background fetching during the measurement), each with a description.
 * Returns the collection's id.
 */
async function seed(dataDir: string): Promise<number> {
  const { db, drop } = await openFreshDatabase('sqlite', {
    sqliteFile: join(dataDir, 'nestmark.db'),
  });
  try {
    const faker = seededFaker();
    const now = new Date().toISOString();
    const owner = await insertUser(db, {
      name: 'Owner',
      email: PROCESS_OWNER.email,
      passwordHash: await hashPassword(PROCESS_OWNER.password),
      permission: 255,
      now,
    });
    const collection = await insertCollection(db, {
      userId: owner.id,
      parentId: null,
      name: COLLECTION,
      iconId: null,
      localOrder: 1,
      now,
    });
    for (let start = 1; start <= POSTS; start += 1000) {
      const rows: NewPostRow[] = [];
      for (let order = start; order < Math.min(POSTS + 1, start + 1000); order++) {
        const fields = postContentFields(
          `${faker.internet.url()}/${faker.helpers.slugify(faker.lorem.words(3))}`,
          titleOf(order),
        );
        const description = faker.lorem.sentence({ min: 8, max: 24 });
        rows.push({
          ...fields,
          ...searchDocument({ ...fields, description, tagNames: [] }),
          preview_status: 'done',
          user_id: owner.id,
          collection_id: collection.id,
          description,
          color: null,
          image_path: null,
          order,
          binned_at: null,
          created_at: now,
          updated_at: now,
        });
      }
      await insertPosts(db, rows);
    }
    return collection.id;
  } finally {
    await drop();
  }
}

/** Signs in through the login page, as a person would, and waits for the home view. */
async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(PROCESS_OWNER.email);
  await page.getByLabel('Password').fill(PROCESS_OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${url}/`);
}

interface Measured {
  firstCardMs: number[];
  scrollSeconds: number;
  pageReads: number;
  elementsAtTop: number;
  elementsAtEnd: number;
}

/**
 * Opens the collection in Chromium LOADS times (a full page load each: the app's code, the
 * session check, the first page of posts) and times each until the first card is visible; then
 * scrolls to the end the way a person holding End does (to the bottom every frame) until the last
 * post is drawn, and counts the page's elements before and after.
 */
async function browse(url: string, collectionId: number): Promise<Measured> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await signIn(page, url);
    const postsList = page.getByRole('list', { name: 'Posts' });
    const firstCard = postsList.getByRole('heading', { name: titleOf(POSTS) });
    const firstCardMs: number[] = [];
    for (let load = 0; load < LOADS; load++) {
      const start = performance.now();
      await page.goto(`${url}/c/${collectionId}`, { waitUntil: 'commit' });
      await firstCard.waitFor({ state: 'visible' });
      firstCardMs.push(performance.now() - start);
    }
    const count = () => page.evaluate(() => document.querySelectorAll('*').length);
    const elementsAtTop = await count();

    const reads: string[] = [];
    page.on('request', (request) => {
      const address = new URL(request.url());
      if (address.pathname === '/api/posts') reads.push(address.search);
    });
    const start = performance.now();
    await page.waitForFunction(
      (title) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return [...document.querySelectorAll('h2')].some(
          (heading) => heading.textContent === title,
        );
      },
      titleOf(1),
      { polling: 'raf', timeout: 600_000 },
    );
    const scrollSeconds = (performance.now() - start) / 1000;
    const elementsAtEnd = await count();
    if (reads.some((query) => /[?&]limit=0(&|$)/.test(query))) {
      throw new Error('the web app read a list whole (limit=0)');
    }
    return { firstCardMs, scrollSeconds, pageReads: reads.length, elementsAtTop, elementsAtEnd };
  } finally {
    await browser.close();
  }
}

/**
 * `browse`: the web app in Chromium (the production build served by the built server, a process
 * of its own on a free port and a temporary data directory) on a collection of 10,000 posts:
 * time to the first card, time to scroll to the end, and the size of the page at the end.
 * SQLite only: the figures are the browser's, and the server's share of them is measured by
 * `list` on both databases.
 */
export const browseScenario: Scenario = {
  description:
    'a 10,000-post collection in Chromium (production build): first card, scrolling to the end, DOM size',
  async run() {
    buildProduction();
    const dataDir = mkdtempSync(join(tmpdir(), 'nestmark-bench-browse-'));
    try {
      const collectionId = await seed(dataDir);
      const server = await startServerProcess({
        port: await freePort(),
        dataDir,
        entry: 'build',
      });
      let result: Measured;
      try {
        result = await browse(server.url, collectionId);
      } finally {
        await server.stop();
      }
      return [
        {
          title: `browse: a collection of ${POSTS.toLocaleString('en')} posts in Chromium, ${VIEWPORT.width}×${VIEWPORT.height}`,
          columns: [
            'database',
            'posts',
            `first card ms (median/max of ${LOADS})`,
            'scroll to end s',
            'page reads',
            'elements at top',
            'elements at end',
            'goal',
          ],
          rows: [
            [
              'sqlite',
              POSTS.toLocaleString('en'),
              `${Math.round(percentile(result.firstCardMs, 50))}/${Math.round(Math.max(...result.firstCardMs))}`,
              result.scrollSeconds.toFixed(1),
              result.pageReads,
              result.elementsAtTop,
              result.elementsAtEnd,
              `≤ ${ELEMENTS_GOAL.toLocaleString('en')}`,
            ],
          ],
          notes: [
            'SQLite only. The built server (node dist/server/main.js) runs as its own process on a',
            'database seeded beforehand: one collection of link posts with descriptions, previews done.',
            'first card: from the start of a full page load of /c/{id} (signed in) until the first',
            'card is visible. scroll to end: scrolled to the bottom every frame until the last post is',
            'drawn; page reads = GET /api/posts requests meanwhile (a page of 20 each, by after_id).',
            "elements: document.querySelectorAll('*').length at the top and at the end.",
          ],
        },
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
