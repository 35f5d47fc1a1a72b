import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { dragAnnouncements } from './drag-announcements.ts';

const items = [
  { id: 9788, name: 'Reading list' },
  { id: 9790, name: 'Recipes' },
  { id: 9791, name: 'Travel' },
];
const announce = dragAnnouncements({
  nameOf: (id) => items.find((item) => item.id === id)!.name,
  positionOf: (id) => items.findIndex((item) => item.id === id) + 1,
  count: () => items.length,
});
const active = { id: 9788 } as Active;
const over = { id: 9791 } as Over;

describe('dragAnnouncements', () => {
  it('names the item and its place, never its id', () => {
    const said = [
      announce.onDragStart({ active }),
      announce.onDragOver({ active, over }),
      announce.onDragEnd({ active, over }),
      announce.onDragCancel({ active, over: null }),
    ];
    expect(said).toEqual([
      'Picked up Reading list, position 1 of 3.',
      'Reading list moved to position 3 of 3.',
      'Reading list dropped at position 3 of 3.',
      'Moving Reading list was cancelled.',
    ]);
    expect(said.join(' ')).not.toContain('9788');
  });

  it('tells where the item is while it is over its own place', () => {
    expect(announce.onDragOver({ active, over: { id: 9788 } as Over })).toBe(
      'Reading list is at position 1 of 3.',
    );
  });

  it('says so when the item is outside the list', () => {
    expect(announce.onDragOver({ active, over: null })).toBe('Reading list is not over the list.');
    expect(announce.onDragEnd({ active, over: null })).toBe('Reading list dropped where it was.');
  });
});
