import { describe, expect, it } from 'vitest';
import { clampSidebarWidth, sidebarWidthAfterKey, SIDEBAR_WIDTH } from './sidebar-width.ts';

describe('sidebar width', () => {
  it('stays between the narrowest and the widest', () => {
    expect(clampSidebarWidth(100)).toBe(SIDEBAR_WIDTH.min);
    expect(clampSidebarWidth(900)).toBe(SIDEBAR_WIDTH.max);
    expect(clampSidebarWidth(300.4)).toBe(300);
  });

  it('moves by 16 px with the arrows, to an end with Home and End, not with other keys', () => {
    expect(sidebarWidthAfterKey(288, 'ArrowRight')).toBe(304);
    expect(sidebarWidthAfterKey(288, 'ArrowLeft')).toBe(272);
    expect(sidebarWidthAfterKey(230, 'ArrowLeft')).toBe(SIDEBAR_WIDTH.min);
    expect(sidebarWidthAfterKey(288, 'Home')).toBe(SIDEBAR_WIDTH.min);
    expect(sidebarWidthAfterKey(288, 'End')).toBe(SIDEBAR_WIDTH.max);
    expect(sidebarWidthAfterKey(288, 'Enter')).toBeNull();
  });
});
