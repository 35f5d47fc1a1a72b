import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (typing into a search box), and a `flush`
 * that takes the current value at once (Enter).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
