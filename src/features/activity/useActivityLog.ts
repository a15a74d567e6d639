import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditCursor, AuditLogQuery, AuditLogRepository, LogEntry } from '../../data/audit/auditLog';

// The pages of the log the viewer has read for its current query: the first page whenever the
// query changes, the next on Load more. A page that comes back for an older query is dropped.

export type ActivityStatus =
  | 'loading'
  /** Every page read so far is shown; `hasMore` says whether Load more can read another. */
  | 'ready'
  | 'failed'
  | 'loadingMore'
  /** The first pages stay shown; the next failed. */
  | 'moreFailed';

export interface ActivityLog {
  readonly entries: readonly LogEntry[];
  readonly status: ActivityStatus;
  readonly hasMore: boolean;
  readonly loadMore: () => void;
  /** Reads again what failed: the first page, or the next one. */
  readonly retry: () => void;
}

interface Read {
  readonly query: AuditLogQuery | null;
  readonly entries: readonly LogEntry[];
  readonly next: AuditCursor | null;
  readonly status: ActivityStatus;
}

const NONE: readonly LogEntry[] = [];

/** `query` null: nothing is read (the filters are not valid); keep it stable (memoised) between renders. */
export function useActivityLog(log: AuditLogRepository, query: AuditLogQuery | null): ActivityLog {
  const [read, setRead] = useState<Read>({ query: null, entries: NONE, next: null, status: 'loading' });
  const generation = useRef(0);

  const readPage = useCallback(
    (after: AuditCursor | null, kept: readonly LogEntry[]) => {
      if (query === null) return;
      generation.current += 1;
      const mine = generation.current;
      setRead({ query, entries: kept, next: after, status: after === null ? 'loading' : 'loadingMore' });
      log.page(query, after).then(
        (page) => {
          if (mine === generation.current) setRead({ query, entries: [...kept, ...page.entries], next: page.next, status: 'ready' });
        },
        (error: unknown) => {
          console.error('The activity log could not be read', error);
          if (mine === generation.current) setRead({ query, entries: kept, next: after, status: after === null ? 'failed' : 'moreFailed' });
        },
      );
    },
    [log, query],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new query starts its first read: the page is an external read
    readPage(null, NONE);
    return () => {
      generation.current += 1;
    };
  }, [readPage]);

  const current = read.query === query ? read : { query, entries: NONE, next: null, status: 'loading' as const };
  const loadMore = useCallback(() => {
    if (current.next !== null && current.status === 'ready') readPage(current.next, current.entries);
  }, [current.next, current.entries, current.status, readPage]);
  const retry = useCallback(() => {
    if (current.status === 'moreFailed') readPage(current.next, current.entries);
    else readPage(null, NONE);
  }, [current.status, current.next, current.entries, readPage]);
  return { entries: current.entries, status: current.status, hasMore: current.next !== null, loadMore, retry };
}
