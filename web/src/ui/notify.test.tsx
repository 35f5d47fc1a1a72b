import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationHost, notify } from './notify.tsx';

/** A window `width` px wide for matchMedia (jsdom has none). */
function stubWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1]),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function shownAt(width: number) {
  stubWidth(width);
  const { container, findByText, unmount } = render(<NotificationHost />);
  act(() => notify({ type: 'success', title: `Saved at ${width}` }));
  await findByText(`Saved at ${width}`);
  const toaster = container.querySelector('[data-sonner-toaster]')!;
  const { style } = toaster as HTMLElement;
  const position = [
    toaster.getAttribute('data-y-position'),
    toaster.getAttribute('data-x-position'),
    style.getPropertyValue(width > 600 ? '--offset-top' : '--mobile-offset-top'),
  ];
  unmount();
  return position;
}

describe('NotificationHost', () => {
  it('shows notifications at the bottom right on a desktop', async () => {
    expect(await shownAt(1280)).toEqual(['bottom', 'right', '24px']);
  });

  it('shows them at the top on mobile, below the top bar, clear of the bottom sheets', async () => {
    expect(await shownAt(768)).toEqual(['top', 'center', '4rem']);
    expect(await shownAt(375)).toEqual(['top', 'center', '4rem']);
  });
});
