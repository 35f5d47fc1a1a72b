import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../ui/notify.tsx';
import { markOfflineReady, useOfflineReadyNotice } from './offline-ready.ts';

vi.mock('../ui/notify.tsx', () => ({ notify: vi.fn() }));

const told = {
  type: 'success',
  title: 'Nestmark works offline now',
  description: 'It opens without a connection; your posts load once it is back.',
};

afterEach(() => {
  vi.mocked(notify).mockClear();
});

describe('the "works offline now" notice', () => {
  it('is not told while nothing is pending', () => {
    renderHook(() => useOfflineReadyNotice());
    expect(notify).not.toHaveBeenCalled();
  });

  it('waits while the signed-in app is not shown (sign-in page, public share)', () => {
    markOfflineReady();
    expect(notify).not.toHaveBeenCalled();
    expect(localStorage.getItem('nestmark:offline-ready')).toBe('true');
  });

  it('is told once when the signed-in app shows after the service worker became ready', () => {
    markOfflineReady();
    const first = renderHook(() => useOfflineReadyNotice());
    expect(notify).toHaveBeenCalledExactlyOnceWith(told);
    first.unmount();
    renderHook(() => useOfflineReadyNotice());
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('is told from an earlier visit: the pending notice is kept in localStorage', () => {
    localStorage.setItem('nestmark:offline-ready', 'true');
    renderHook(() => useOfflineReadyNotice());
    expect(notify).toHaveBeenCalledExactlyOnceWith(told);
    expect(localStorage.getItem('nestmark:offline-ready')).toBe('false');
  });

  it('is told at once when the service worker becomes ready inside the signed-in app', () => {
    const { unmount } = renderHook(() => useOfflineReadyNotice());
    expect(notify).not.toHaveBeenCalled();
    act(() => markOfflineReady());
    expect(notify).toHaveBeenCalledExactlyOnceWith(told);
    unmount();
    markOfflineReady();
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('is told this visit when the browser stores nothing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      markOfflineReady();
      renderHook(() => useOfflineReadyNotice());
      renderHook(() => useOfflineReadyNotice());
      expect(notify).toHaveBeenCalledExactlyOnceWith(told);
    } finally {
      setItem.mockRestore();
    }
  });
});
