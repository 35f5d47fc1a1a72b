/**
 * `npm run build:server`: the server as a few ES modules in `dist/server` (esbuild), its code and
 * its pure JavaScript dependencies bundled, so that a process starts without resolving, opening
 * and compiling hundreds of files: about a third of a start went there
 * (docs/OPERATIONS.md#start-time-and-memory). What loads later (`import()`) stays in chunks of
 * its own, loaded when first needed. Type checking is `npm run typecheck`'s.
 *
 * Entry points: `main.js` (the server), `cli/main.js` (the `nestmark` command),
 * `extraction-thread.js` and `strength-thread.js` (the page-copy and strength threads, loaded by
 * `extraction-pool.ts` and `strength.ts` from beside the bundle: lib/thread-pool.ts), and
 * `start.js` and `features/link-preview/guarded-fetcher.js`, with which the journeys' server
 * (e2e/e2e-server.mjs) starts the build.
 */
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Packages loaded from node_modules at run time, not bundled: native modules, packages that load
 * files of their own (worker scripts, fonts, static assets) or optional modules, those the server
 * loads with `import()` when first needed or on its threads only (bundled, they would gain
 * nothing at start, and a CommonJS one would lose its named exports: esbuild's chunk of a
 * CommonJS module exports only a default), and fast-json-stringify, which `http/serializer.ts`
 * requires itself.
 */
const EXTERNAL = [
  '@aws-sdk/*',
  '@fastify/swagger-ui',
  '@mozilla/readability',
  '@napi-rs/canvas',
  '@node-rs/argon2',
  '@zxcvbn-ts/*',
  'better-sqlite3',
  'cheerio',
  'fast-json-stringify',
  'feedsmith',
  'jose',
  'linkedom',
  'nodemailer',
  'pdfjs-dist',
  'pg',
  'pino-pretty',
  'piscina',
  'sharp',
  'undici',
];

// What an earlier build left (chunks have new names each time) goes first.
rmSync('dist/server', { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: {
    main: 'server/main.ts',
    'cli/main': 'server/cli/main.ts',
    'extraction-thread': 'server/features/page-copies/extraction-thread.ts',
    'strength-thread': 'server/lib/strength-thread.ts',
    start: 'server/start.ts',
    'features/link-preview/guarded-fetcher': 'server/features/link-preview/guarded-fetcher.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: EXTERNAL,
  // Bundled CommonJS packages call `require` for Node's own modules, which an ES module lacks.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
  // Without comments and whitespace a chunk is a third smaller and all ASCII: V8 keeps each
  // module's source as a string, one byte a character only when every character fits, and scans
  // all of it at load. The 2.7 MB main chunk took 5.3 MB as UTF-16 (a few dependencies' comments
  // hold non-ASCII characters); now 1.8 MB. Start bench A/B: RSS 2 s after the first health check
  // 100–101 → 94–96 MB, idle 82–83 → 77–78 MB; start time unchanged. Names stay, so stack
  // traces still name functions; the source maps beside the chunks give their places
  // (`node --enable-source-maps`). Licence comments go to `<chunk>.LEGAL.txt`.
  minifyWhitespace: true,
  legalComments: 'external',
});

// A package reached only through `import()` and written in CommonJS becomes a chunk that exports
// only a default, so its named exports are undefined at run time (zxcvbn's were, once): such a
// package belongs in EXTERNAL.
const commonJsChunks = Object.keys(metafile.outputs).filter(
  (file) => file.endsWith('.js') && /^export default require_/m.test(readFileSync(file, 'utf8')),
);
if (commonJsChunks.length > 0) {
  throw new Error(
    `These chunks are CommonJS packages loaded with import(); add them to EXTERNAL: ${commonJsChunks.join(', ')}`,
  );
}
