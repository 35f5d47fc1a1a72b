import { describe, expect, it } from 'vitest';
import { navIndent } from './collection-nav.tsx';

describe('navIndent (PRODUCT.md#limits: 2 rem per level, narrower deep down)', () => {
  it('indents the first two levels by 2 rem each', () => {
    expect([0, 1, 2].map(navIndent)).toEqual(['0rem', '2rem', '4rem']);
  });

  it('narrows below, so eight levels below the top take less than half of a 288 px sidebar', () => {
    expect([3, 4, 5, 6].map(navIndent)).toEqual(['5rem', '6rem', '6.75rem', '7.25rem']);
    expect(parseFloat(navIndent(8)) * 16).toBeLessThan(144);
  });
});
