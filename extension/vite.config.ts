import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { zipSync } from 'fflate';
import { defineConfig, type Plugin } from 'vite';
import { browsers, extensionManifest, ICON_PATH } from './src/manifest.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/extension', import.meta.url));
const { version } = JSON.parse(readFileSync(join(root, '../package.json'), 'utf8')) as {
  version: string;
};

/**
 * Packages the build once per browser: `dist/extension/<browser>/` (to load unpacked) with the
 * bundle, the icon and that browser's manifest, and `dist/extension/nestmark-<browser>.zip` of
 * the same files (to install or upload).
 */
function packageForBrowsers(): Plugin {
  return {
    name: 'nestmark-extension-packages',
    // After Vite's own plugins, so the HTML pages are in the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files: Record<string, Uint8Array> = {
        [ICON_PATH]: readFileSync(join(root, '../web/public/icons/icon-192.png')),
      };
      for (const output of Object.values(bundle)) {
        const content = output.type === 'chunk' ? output.code : output.source;
        files[output.fileName] =
          typeof content === 'string' ? new TextEncoder().encode(content) : content;
      }
      rmSync(outDir, { recursive: true, force: true });
      for (const browser of browsers) {
        const manifest = `${JSON.stringify(extensionManifest(browser, version), null, 2)}\n`;
        const packaged = { ...files, 'manifest.json': new TextEncoder().encode(manifest) };
        for (const [name, content] of Object.entries(packaged)) {
          const path = join(outDir, browser, name);
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, content);
        }
        writeFileSync(join(outDir, `nestmark-${browser}.zip`), zipSync(packaged, { level: 9 }));
      }
    },
  };
}

/**
 * The browser extension (ARCHITECTURE.md, "Browser extension"): the popup and options pages
 * (React, the web app's design tokens and components) and the background script, built by
 * `npm run build:extension` into a package per browser. Vite writes nothing itself: the plugin
 * above does.
 */
export default defineConfig({
  root,
  base: './',
  plugins: [react(), tailwindcss(), packageForBrowsers()],
  build: {
    write: false,
    outDir,
    emptyOutDir: false,
    sourcemap: false,
    // Extension pages load from the package, never over a network: one file per entry is fine.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: {
        popup: join(root, 'popup.html'),
        options: join(root, 'options.html'),
        background: join(root, 'src/background.ts'),
      },
      output: {
        // The manifest names the background by a fixed name.
        entryFileNames: (chunk) =>
          chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
