import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearsOf, sessionEnded } from './client';

export type ResourceStatus = 'loading' | 'ready' | 'failed';

export interface Resource<T> {
  readonly status: ResourceStatus;
  /** The last value read; kept while a read runs again and after a failed one. */
  readonly data: T | undefined;
  /** When the value shown was read (epoch ms; 0 before the first answer). */
  readonly readAt: number;
  /** What the last read failed with (null after a success). */
  readonly error: unknown;
  /** Shows loading and reads again (after a failure). */
  readonly retry: () => void;
  /** Reads again in the background, keeping the value shown meanwhile. Never rejects. */
  readonly reload: () => Promise<void>;
}

export interface ResourceOptions<T> {
  readonly key: QueryKey;
  /** null reads nothing and stays loading (no service yet). */
  readonly read: (() => Promise<T>) | null;
  /** Logged with the error of each failed read. */
  readonly failure: string;
  /** How long after a read that answered `value` to read again by itself (ms); false (the default) waits for an invalidation. */
  readonly readAgainAfter?: (value: T) => number | false;
}

/**
 * How long after a read the rules refused it is judged whether its session had ended: a logout in
 * another tab reaches this tab's Firebase Auth, and so its reads, before the session here ends
 * (tests/browser/tabs.test.ts once logged the refusal as a failure to load).
 */
export const REFUSAL_GRACE_MS = 1_000;

const isRefusal = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'permission-denied';

/**
 * One resource of the session's server state, read on first use and again whenever a write
 * invalidates its key. A read started again supersedes the one on its way, so a slow, older answer
 * never overwrites a newer one (or brings back something removed meanwhile).
 */
export function useResource<T>({ key, read, failure, readAgainAfter }: ResourceOptions<T>): Resource<T> {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      if (read === null) throw new Error('Nothing to read with');
      const session = clearsOf(client);
      try {
        return await read();
      } catch (error) {
        // Not a read of a session that has ended meanwhile (its keys forgotten: a lock, a logout),
        // nor one its screens, gone since, asked for as the session ended.
        const report = () => {
          if (!sessionEnded(client, session)) console.error(failure, error);
        };
        // A refusal may be a logout in another tab: it takes this tab's token, and so fails its
        // reads, a moment before the session here hears of it and ends. Judged after that moment.
        if (isRefusal(error)) setTimeout(report, REFUSAL_GRACE_MS);
        else report();
        throw error;
      }
    },
    enabled: read !== null,
    refetchInterval: ({ state }) => (state.data === undefined || readAgainAfter === undefined ? false : readAgainAfter(state.data)),
  });
  const { refetch } = query;
  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);
  const enabled = read !== null;
  // A read started again cancels the one on its way: its answer is never shown.
  const reload = useCallback(async () => {
    if (enabled) await refetch();
  }, [enabled, refetch]);
  const status: ResourceStatus =
    query.status === 'success' ? 'ready' : query.status === 'error' ? (query.fetchStatus === 'fetching' ? 'loading' : 'failed') : 'loading';
  return { status, data: query.data, readAt: query.dataUpdatedAt, error: query.error, retry, reload };
}
