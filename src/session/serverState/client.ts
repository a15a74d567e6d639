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

const retired = new WeakSet<QueryClient>();

/**
 * Whether the screens of `client`'s session are shown (its provider mounted). At a logout the
 * screens still mounted for a moment after the cache was emptied read again, and Firestore then
 * sends those reads without the user's token: their refusals are nobody's to hear once the
 * screens are gone (tests/browser/invitations.test.ts (d) logged them).
 */
export function markSessionShown(client: QueryClient, shown: boolean): void {
  if (shown) retired.delete(client);
  else retired.add(client);
}

/** Whether a read started in `session` (a `clearsOf` count) belongs to a session that has ended since, or whose screens are gone. */
export function sessionEnded(client: QueryClient, session: number): boolean {
  return clearsOf(client) !== session || retired.has(client);
}
