import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isBoolean, readStored, useStoredBoolean, writeStored } from './local-storage.ts';

describe('readStored / writeStored', () => {
  it('round-trips JSON values', () => {
    writeStored('k', [1, 2]);
    expect(readStored('k', [], (value): value is number[] => Array.isArray(value))).toEqual([1, 2]);
  });

  it('falls back when missing, unparsable or invalid', () => {
    expect(readStored('missing', true, isBoolean)).toBe(true);
    localStorage.setItem('broken', '{nope');
    expect(readStored('broken', false, isBoolean)).toBe(false);
    localStorage.setItem('wrong', '"yes"');
    expect(readStored('wrong', false, isBoolean)).toBe(false);
  });
});

describe('useStoredBoolean', () => {
  it('starts from the initial value and remembers toggles', () => {
    const { result, unmount } = renderHook(() => useStoredBoolean('sidebar', true));
    expect(result.current[0]).toBe(true);
    act(() => result.current[2]());
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem('sidebar')).toBe('false');
    unmount();

    const again = renderHook(() => useStoredBoolean('sidebar', true));
    expect(again.result.current[0]).toBe(false);
    act(() => again.result.current[1](true));
    expect(localStorage.getItem('sidebar')).toBe('true');
  });
});
