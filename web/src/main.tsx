import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { clearSessionToken } from './lib/session-token.ts';
import './index.css';

const queryClient = createQueryClient(() => {
  if (router.state.location.pathname === '/login') return;
  clearSessionToken();
  void router.navigate('/login').then(() => queryClient.removeQueries());
});
const router = createAppRouter(queryClient);

// The service worker's code waits until the page has loaded, so the first page stays light.
window.addEventListener('load', () => {
  void import('./lib/service-worker.ts').then(({ registerServiceWorker }) =>
    registerServiceWorker(),
  );
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
