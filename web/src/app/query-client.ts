import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

function isSessionOver(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The app's query cache. A 401 that survives the API client's refresh-and-retry means the
 * session is over, wherever it happens: `onSessionEnded` then sends the user to /login
 * (PRODUCT.md#route-guard). Mutations marked `meta: { anonymous: true }` (signing in) are exempt:
 * their 401 is a wrong password; so are queries marked so (a share link's token): their 401 is a
 * link that is no longer shared (PRODUCT.md#public-view). Client errors (4xx) are never retried; they would only fail again.
 */
export function createQueryClient(onSessionEnded: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionOver(error) && !query.meta?.anonymous) onSessionEnded();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isSessionOver(error) && !mutation.meta?.anonymous) onSessionEnded();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}
