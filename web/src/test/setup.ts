/**
 * Vitest setup of the `web` project (jsdom). jsdom has no layout: ProseMirror measures the
 * selection when it scrolls to it, so Range gets empty rectangles.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

const emptyRect = () =>
  ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
    width: 0,
    height: 0,
    toJSON() {},
  }) as DOMRect;
const emptyList = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = emptyRect;
Range.prototype.getClientRects = emptyList;
// jsdom has neither, though the DOM types declare both: ProseMirror asks for the element at a
// point, and the tree select and the combobox scroll the highlighted option into view.
document.elementFromPoint = () => null;
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
