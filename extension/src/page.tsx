import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './extension.css';

/**
 * Renders one of the extension's pages: the web app's colours, dark when the system is (the
 * extension has no theme setting of its own), and a query client that does not retry: the popup
 * shows a failure at once, with what to do about it.
 */
export function renderPage(page: ReactNode): void {
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const applyScheme = () => document.documentElement.classList.toggle('dark', dark.matches);
  applyScheme();
  dark.addEventListener('change', applyScheme);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={client}>{page}</QueryClientProvider>
    </StrictMode>,
  );
}
