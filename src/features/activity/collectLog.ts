import { AUDIT_PAGE_SIZE } from '@keyloft/contract/auditEvents';
import type { AuditCursor, AuditLogQuery, AuditLogRepository, LogEntry } from '../../data/audit/auditLog';

// Everything a CSV export of the filters holds: read a page at a time (each a bounded read, as the
// viewer's), up to a bound of pages so that one click never reads a whole year's log unasked.

/** At most this many pages (1,000 events) in one export; the export says when it stopped there. */
export const EXPORT_PAGE_LIMIT = 20;

export interface CollectedLog {
  readonly entries: readonly LogEntry[];
  /** True when the bound was reached with more to read. */
  readonly truncated: boolean;
}

export async function collectLog(
  log: AuditLogRepository,
  query: AuditLogQuery,
  onProgress: (read: number) => void,
  isCancelled: () => boolean = () => false,
  pageLimit = EXPORT_PAGE_LIMIT,
): Promise<CollectedLog> {
  const entries: LogEntry[] = [];
  let after: AuditCursor | null = null;
  for (let page = 0; page < pageLimit; page += 1) {
    if (isCancelled()) break;
    const read = await log.page(query, after);
    entries.push(...read.entries);
    onProgress(entries.length);
    if (read.next === null) return { entries, truncated: false };
    after = read.next;
  }
  return { entries, truncated: true };
}

/** How many events an export reads at most. */
export const EXPORT_EVENT_LIMIT = EXPORT_PAGE_LIMIT * AUDIT_PAGE_SIZE;
