import { QueryClient } from '@tanstack/react-query';

/**
 * One session's cache of server state. A failed read shows at once with its 'Try again' (no
 * automatic retries), and nothing is read again behind the user's back on focus or reconnect:
 * reads happen on mount, after a write invalidates them, and on request. A later listener
 * (Firestore onSnapshot) writes what it hears with `setQueryData` under the same keys.
 */
export function createServerStateClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
