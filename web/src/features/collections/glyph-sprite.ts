import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { isBrandGlyph, spriteGlyphs } from './collection-glyphs.ts';
import { glyphSymbolId } from './collection-icon.tsx';
import type { CollectionIconId } from '../../../../contract/icons.ts';

const OUTLINE =
  'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/**
 * The glyph sprite served at `/glyphs.svg` (PRODUCT.md#collection-icons: collection icons from a
 * sprite): one `<symbol id="glyph-{id}">` per sprite icon, drawn in `currentColor`. Built from the
 * icon libraries' own drawings at build time (web/vite.config.ts), so the app loads one cached file
 * instead of a hundred drawings in its JavaScript.
 */
export function buildGlyphSprite(): string {
  const symbols = Object.entries(spriteGlyphs).map(([id, glyph]) => {
    const symbolId = glyphSymbolId(Number(id) as CollectionIconId);
    if (isBrandGlyph(glyph)) {
      return `<symbol id="${symbolId}" viewBox="0 0 24 24" fill="currentColor"><path d="${glyph.path}"/></symbol>`;
    }
    // Our own render of a lucide icon: keep what is inside its <svg> element.
    const markup = renderToStaticMarkup(createElement(glyph));
    const inner = markup.slice(markup.indexOf('>') + 1, markup.lastIndexOf('</svg>'));
    return `<symbol id="${symbolId}" viewBox="0 0 24 24" ${OUTLINE}>${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}
