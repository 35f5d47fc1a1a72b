import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookmarkletUrl } from './bookmarklet.ts';
import { BookmarkletLink } from './bookmarklet-link.tsx';

describe('BookmarkletLink', () => {
  it("carries the bookmarklet of this app's origin, and a click only says to drag it", async () => {
    const user = userEvent.setup();
    render(<BookmarkletLink />);
    const link = screen.getByRole('link', { name: 'Save to Nestmark' });
    expect(link).toHaveAttribute('href', bookmarkletUrl(location.origin));
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(link);
    expect(screen.getByRole('status')).toHaveTextContent(/Drag the button to your bookmarks bar/);
  });
});
