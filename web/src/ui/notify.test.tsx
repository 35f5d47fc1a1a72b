import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationHost, notify, notifyUndoable } from './notify.tsx';

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

describe('notifyUndoable (PRODUCT.md#undo)', () => {
  function offer(title: string) {
    stubWidth(1280);
    const undo = vi.fn();
    const host = render(<NotificationHost />);
    act(() => notifyUndoable({ type: 'deletion', title, undo }));
    return { undo, host };
  }

  it('shows an Undo button, in the polite live region, that calls the undo once', async () => {
    const { undo, host } = offer('Post moved');
    const button = await screen.findByRole('button', { name: 'Undo' });
    expect(button.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    // A click without pointer events: jsdom has no pointer capture, which Sonner's swipe asks for.
    fireEvent.click(button);
    expect(undo).toHaveBeenCalledOnce();
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(undo).toHaveBeenCalledOnce();
    host.unmount();
  });

  it('Ctrl/Cmd+Z undoes while it shows, but not in a text field', async () => {
    const { undo, host } = offer('Post transferred');
    await screen.findByText('Post transferred');
    const field = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(undo).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(undo).toHaveBeenCalledOnce();
    field.remove();
    host.unmount();
  });
});
