import { describe, expect, it } from 'vitest';
import { captureRequestOf, captureRequestOfClick, popupPathFor } from './context-menu.ts';

describe('captureRequestOfClick', () => {
  it('asks for the link of "Save link", with the tab and any selection', () => {
    expect(
      captureRequestOfClick(
        { menuItemId: 'save-link', linkUrl: 'https://example.org/b', selectionText: 'b' },
        4,
      ),
    ).toEqual({ tabId: 4, link: 'https://example.org/b', selection: 'b' });
  });

  it('asks for the tab and its selection for "Save selection"', () => {
    expect(
      captureRequestOfClick(
        { menuItemId: 'save-selection', linkUrl: 'https://example.org/b', selectionText: 'quote' },
        9,
      ),
    ).toEqual({ tabId: 9, selection: 'quote' });
  });

  it('leaves out a tab the browser does not name (-1 outside any tab)', () => {
    expect(captureRequestOfClick({ menuItemId: 'save-selection', selectionText: 'q' }, -1)).toEqual(
      { selection: 'q' },
    );
  });
});

describe('popupPathFor and captureRequestOf', () => {
  it('carry a request through the popup address', () => {
    const request = { tabId: 3, link: 'https://example.org/?a=1&b=2', selection: 'two\nlines' };
    const path = popupPathFor(request);
    expect(path.startsWith('popup.html?')).toBe(true);
    expect(captureRequestOf(path.slice('popup.html'.length))).toEqual(request);
  });

  it('is the bare popup for no request, and ignores a tab that is not a number', () => {
    expect(popupPathFor({})).toBe('popup.html');
    expect(captureRequestOf('')).toEqual({});
    expect(captureRequestOf('?tab=x&link=')).toEqual({});
  });
});
