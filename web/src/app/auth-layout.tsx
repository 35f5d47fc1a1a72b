import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title.ts';
import { Logo } from './logo.tsx';
import { OfflineNotice } from './offline-notice.tsx';

/**
 * The frame of /login, /forgot and /reset (PRODUCT.md#screens: outside the layout shell): the
 * logo, a heading and a card holding the form. `title` is also the tab title.
 */
export function AuthLayout({
  title,
  heading,
  intro,
  children,
}: {
  title: string;
  heading: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineNotice />
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex flex-col items-center gap-3 text-center">
            <Logo className="size-12" />
            <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
            <p className="text-sm text-fg-muted">{intro}</p>
          </div>
          <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
            {children}
          </div>
        </div>
      </main>
    </div>
  );
}
