/**
 * The server the Playwright journeys run against: the production build (`dist/server`), started
 * exactly as `npm start` starts it, plus a small page server on 127.0.0.1 whose pages the journeys
 * save as links. The build's SSRF guard refuses loopback, so this entry gives it one test-only
 * allowance: 127.0.0.1 on the page server's port, nothing else. Production (`server/main.ts`) has
 * no allowance and no setting that adds one; this file is never part of the build.
 */
import { createServer } from 'node:http';
import sharp from 'sharp';
import { createGuardedFetcher } from '../dist/server/features/link-preview/guarded-fetcher.js';
import { startServer } from '../dist/server/start.js';

const pagesPort = Number(process.env.E2E_PAGES_PORT);
if (!Number.isInteger(pagesPort) || pagesPort <= 0) {
  throw new Error('E2E_PAGES_PORT must name the port of the e2e page server');
}

const cover = await sharp({
  create: { width: 1200, height: 630, channels: 3, background: '#1d6f5f' },
})
  .composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><circle cx="900" cy="200" r="260" fill="#f2c14e"/><rect x="80" y="380" width="640" height="120" rx="24" fill="#ffffff" opacity="0.85"/></svg>',
      ),
    },
  ])
  .png()
  .toBuffer();
const icon = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#e4572e' } })
  .png()
  .toBuffer();

/**
 * A long read for page copies (PRODUCT.md#page-copies): navigation, an article of several
 * sections with a picture, and a footer. Its body holds a word ('bioluminescent') that neither its
 * title nor its description does, so a search finds the post by its page text alone.
 */
const paragraphs = [
  'Tide pools are small worlds that empty and fill twice a day. What lives in them has to cope with sun, waves and the sudden arrival of curious children with buckets.',
  'We spent a summer counting what we found at low tide along one stretch of rocky shore: anemones, limpets, hermit crabs, a few sea stars and a great many periwinkles.',
  'The most surprising find came after dark. Stirring the water with a hand left a trail of bioluminescent sparks, tiny plankton glowing blue for a moment and then gone.',
  'Counting by torchlight is slow work. Every rock has to be lifted gently and put back the way it was, or the animals sheltering beneath it lose their home to the next wave.',
  'By the end of August the notebook held more than two thousand entries, and a few patterns stood out: the higher pools were warmer, saltier and home to fewer kinds of animals.',
];
const longRead = `<!doctype html><html lang="en"><head>
  <title>Life in the tide pools | Shore Notes</title>
  <meta property="og:title" content="Life in the tide pools">
  <meta property="og:description" content="A summer of counting what lives between the tides.">
  <meta property="og:site_name" content="Shore Notes">
  <meta name="author" content="Rosa Lindqvist">
</head><body>
  <nav><a href="/">Home</a> <a href="/about">About</a> <a href="/archive">Archive</a></nav>
  <article>
    <h1>Life in the tide pools</h1>
    <p class="byline">By Rosa Lindqvist</p>
    ${paragraphs.map((text) => `<p>${text}</p>`).join('\n    ')}
    <h2>What the counts showed</h2>
    ${paragraphs.map((text) => `<p>${text.replace('summer', 'season')}</p>`).join('\n    ')}
    <p><img src="/cover.png" alt="A rock pool at low tide"></p>
  </article>
  <footer>Shore Notes · Subscribe · Contact</footer>
  <script>document.body.insertAdjacentHTML('beforeend', '<p id="script-ran">A script ran</p>');</script>
</body></html>`;

/** The pages: an article with full metadata, and its picture and icon; a long read. */
const pages = {
  '/long-read.html': { type: 'text/html; charset=utf-8', body: longRead },
  '/article.html': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html><head>
      <title>Field notes on testing | Example Journal</title>
      <meta property="og:title" content="Field notes on testing">
      <meta property="og:description" content="What a week of writing browser journeys taught us about flaky tests, fixtures and patience.">
      <meta property="og:image" content="/cover.png">
      <meta name="theme-color" content="#1d6f5f">
      <link rel="icon" href="/icon.png" sizes="64x64">
    </head><body><h1>Field notes on testing</h1></body></html>`,
  },
  '/cover.png': { type: 'image/png', body: cover },
  '/icon.png': { type: 'image/png', body: icon },
};

const pageServer = createServer((request, response) => {
  const page = pages[new URL(request.url ?? '/', 'http://pages').pathname];
  if (!page) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': page.type }).end(page.body);
});
await new Promise((resolve) => pageServer.listen(pagesPort, '127.0.0.1', resolve));

const fetcher = createGuardedFetcher({
  allowAddress: (address, port) => address === '127.0.0.1' && port === pagesPort,
});
const server = await startServer({ fetcher });

const shutdown = async () => {
  await server.stop();
  await fetcher.close();
  pageServer.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
