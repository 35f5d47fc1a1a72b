import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationHost } from '../ui/notify.tsx';

/** App-wide providers: the query cache and the notification host (PRODUCT.md#notification). */
export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <NotificationHost />
    </QueryClientProvider>
  );
}
