import { describe, expect, it } from 'vitest';
import { collectionIconIds } from '../../../../contract/icons.ts';
import { spriteGlyphs } from './collection-glyphs.ts';
import { inlineGlyphs } from './collection-icon.tsx';
import { buildGlyphSprite } from './glyph-sprite.ts';

describe('collection icon drawings', () => {
  it('draw every catalogue icon exactly once: five inline, the rest in the sprite', () => {
    const inline = Object.keys(inlineGlyphs).map(Number);
    const sprite = Object.keys(spriteGlyphs).map(Number);
    expect(inline.sort()).toEqual([4003, 4008, 4010, 4017, 4103]);
    expect([...inline, ...sprite].sort((a, b) => a - b)).toEqual(
      [...collectionIconIds].sort((a, b) => a - b),
    );
  });

  it('build a sprite with one symbol per sprite icon, each with a drawing', () => {
    const sprite = new DOMParser().parseFromString(buildGlyphSprite(), 'image/svg+xml');
    const symbols = [...sprite.querySelectorAll('symbol')];
    expect(symbols.map((symbol) => symbol.id).sort()).toEqual(
      Object.keys(spriteGlyphs)
        .map((id) => `glyph-${id}`)
        .sort(),
    );
    for (const symbol of symbols) {
      expect(symbol.getAttribute('viewBox')).toBe('0 0 24 24');
      expect(symbol.children.length, symbol.id).toBeGreaterThan(0);
    }
  });
});
