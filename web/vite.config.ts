import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { GLYPH_SPRITE_URL } from './src/features/collections/collection-icon.tsx';
import { buildGlyphSprite } from './src/features/collections/glyph-sprite.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Serves the collection glyph sprite in development and writes it into the build. */
function glyphSprite(): Plugin {
  let sprite: string | undefined;
  const source = () => (sprite ??= buildGlyphSprite());
  return {
    name: 'nestmark-glyph-sprite',
    configureServer(server) {
      server.middlewares.use(GLYPH_SPRITE_URL, (_request, response) => {
        response.setHeader('content-type', 'image/svg+xml');
        response.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: GLYPH_SPRITE_URL.slice(1), source: source() });
    },
  };
}

/**
 * Installable app (PRODUCT.md#calls: a service worker at /service-worker.js): the manifest with
 * icons and the share target that opens the post editor prefilled (PRODUCT.md#post-editor); a
 * service worker that precaches the app shell, so it opens offline, and waits for the user to
 * accept an update (web/src/lib/service-worker.ts). API calls are never cached: they need the
 * server.
 */
const pwa = VitePWA({
  filename: 'service-worker.js',
  registerType: 'prompt',
  injectRegister: false,
  // The manifest's icons are precached on their own; these are the other files outside the build.
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Nestmark',
    short_name: 'Nestmark',
    description: 'Your self-hosted notes and bookmarks.',
    theme_color: '#ff7700',
    background_color: '#f6f5f3',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
    share_target: {
      action: '/c/0/p/create',
      method: 'GET',
      params: { title: 'title', text: 'text', url: 'url' },
    },
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
  },
});

/** The web app: built into dist/web, served by the server; in development `/api` goes to it. */
export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), glyphSprite(), pwa],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // No source maps: the server would not serve them anyway (server/http/web-app.ts).
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries in their own chunks: cached across releases, none over the size warning.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': process.env.NESTMARK_API ?? 'http://127.0.0.1:8080' },
  },
});
