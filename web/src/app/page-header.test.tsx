import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PageHeader, PageHeaderSlotsContext } from './page-header.tsx';
import { ViewPermissionContext } from './view-permission.ts';

function Bar({ permission }: { permission?: number }) {
  const [title, setTitle] = useState<HTMLElement | null>(null);
  const [actions, setActions] = useState<HTMLElement | null>(null);
  const header = <PageHeader title="Uncategorized" actions={<button>Create Post</button>} />;
  return (
    <>
      <h1 ref={setTitle} />
      <div ref={setActions} data-testid="actions" />
      <PageHeaderSlotsContext value={{ title, actions }}>
        {permission === undefined ? (
          header
        ) : (
          <ViewPermissionContext value={permission}>{header}</ViewPermissionContext>
        )}
      </PageHeaderSlotsContext>
    </>
  );
}

describe('PageHeader', () => {
  it("shows the title in the bar and in the tab as 'Nestmark - {title}'", () => {
    render(<Bar permission={7} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Uncategorized');
    expect(document.title).toBe('Nestmark - Uncategorized');
  });

  it('shows the actions at permission 6 or more only (PRODUCT.md#permissions)', () => {
    const { unmount } = render(<Bar permission={6} />);
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeInTheDocument();
    unmount();
    for (const permission of [4, undefined]) {
      const view = render(<Bar permission={permission} />);
      expect(screen.getByRole('heading')).toHaveTextContent('Uncategorized');
      expect(screen.queryByRole('button', { name: 'Create Post' })).toBeNull();
      view.unmount();
    }
  });
});
