import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EXPANDED_COLLECTIONS_KEY,
  useExpandedCollections,
  withExpanded,
} from './use-expanded-collections.ts';

describe('withExpanded', () => {
  it('adds and removes ids without duplicates', () => {
    expect(withExpanded([1, 2], [2, 3], true)).toEqual([1, 2, 3]);
    expect(withExpanded([1, 2, 3], [2], false)).toEqual([1, 3]);
    expect(withExpanded([], [4], false)).toEqual([]);
  });
});

describe('useExpandedCollections', () => {
  it('remembers each collection’s open state across mounts', () => {
    const first = renderHook(() => useExpandedCollections());
    expect(first.result.current.isExpanded(1)).toBe(false);
    act(() => first.result.current.toggle(1));
    act(() => first.result.current.expand([2, 3]));
    act(() => first.result.current.toggle(3));
    expect(JSON.parse(localStorage.getItem(EXPANDED_COLLECTIONS_KEY)!)).toEqual([1, 2]);
    first.unmount();

    const second = renderHook(() => useExpandedCollections());
    expect(second.result.current.isExpanded(1)).toBe(true);
    expect(second.result.current.isExpanded(3)).toBe(false);
  });

  it('ignores a corrupted stored value', () => {
    localStorage.setItem(EXPANDED_COLLECTIONS_KEY, '{"1":true}');
    const { result } = renderHook(() => useExpandedCollections());
    expect(result.current.isExpanded(1)).toBe(false);
  });
});

describe('useExpandedCollections in two trees at once', () => {
  it('shares one state, so neither overwrites the other', () => {
    const own = renderHook(() => useExpandedCollections());
    const shared = renderHook(() => useExpandedCollections());
    act(() => own.result.current.toggle(5));
    act(() => shared.result.current.toggle(9));
    expect(own.result.current.isExpanded(9)).toBe(true);
    expect(shared.result.current.isExpanded(5)).toBe(true);
    expect(JSON.parse(localStorage.getItem(EXPANDED_COLLECTIONS_KEY)!)).toEqual([5, 9]);
  });
});
