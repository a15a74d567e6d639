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

const clears = new WeakMap<QueryClient, number>();

/** How many times `client` was emptied because its session forgot the keys. */
export function clearsOf(client: QueryClient): number {
  return clears.get(client) ?? 0;
}

/**
 * Empties the cache as the session forgets its keys (a lock, a logout). A read under way then may
 * still fail (at a logout Firestore sends it on without the user's token, and the rules refuse
 * it): counted here, so that such a failure of a session that has ended is not reported.
 */
export function clearSession(client: QueryClient): void {
  clears.set(client, clearsOf(client) + 1);
  client.clear();
}
