// A team's activity log as the viewer reads it (issue #24, docs/audit-log.md "Viewer"): one page of
// events at a time, newest first, never an unbounded read. The events are written elsewhere (the
// entry writes and the callables); this side only reads.
import type { AuditEvent, AuditEventKind } from '@keyloft/contract/auditEvents';

/** An event as read: the stored fields, with `at` (the server's time of the write) in epoch ms. */
export type LoggedEvent = AuditEvent & { readonly id: string; readonly at: number };

/** A stored event that does not have an event's shape: listed as such, never a crash of the page. */
export interface MalformedEvent {
  readonly id: string;
  readonly malformed: string;
  /** Its time when that much could be read, else null. */
  readonly at: number | null;
}

export type LogEntry = LoggedEvent | MalformedEvent;

export function isMalformed(entry: LogEntry): entry is MalformedEvent {
  return 'malformed' in entry;
}

/** What one page asks for. Every filter is optional; together they narrow the page (AND). */
export interface AuditLogQuery {
  readonly teamId: string;
  /** Only events this uid made (actor.uid ==). */
  readonly actorUid?: string;
  /** Only events of these kinds: one (==) or a category (in); at most AUDIT_KINDS_PER_QUERY. */
  readonly kinds?: readonly AuditEventKind[];
  /** Only events at or after this time (epoch ms). */
  readonly from?: number;
  /** Only events before this time (epoch ms). */
  readonly to?: number;
}

/** Firestore's bound on the values of one `in` filter. */
export const AUDIT_KINDS_PER_QUERY = 30;

/**
 * Where the next page starts: the repository's own, handed back unchanged. Opaque so a caller cannot
 * build one (the Firestore repository keeps the last document read, which also orders events of
 * the same `at`).
 */
export interface AuditCursor {
  readonly auditCursor: unique symbol;
}

export interface AuditLogPage {
  /** At most AUDIT_PAGE_SIZE, newest first. */
  readonly entries: readonly LogEntry[];
  /** Null when this page was the last: fewer than a page came back. A full last page still gives one (its next page is empty). */
  readonly next: AuditCursor | null;
}

/** A team its owner deleted, whose log they still read until retention removes it (`teamLogs/{teamId}`). */
export interface DeletedTeamLog {
  readonly teamId: string;
  readonly teamName: string;
  /** Epoch ms; null when the record has none readable. */
  readonly deletedAt: number | null;
}

export interface AuditLogRepository {
  /** One page of `query`: the first with `after` null, else the page after that cursor. Owners and admins only (rules). */
  page(query: AuditLogQuery, after: AuditCursor | null): Promise<AuditLogPage>;
  /** The teams `ownerUid` deleted whose logs are kept, newest deletion first (a few: one per deleted team, for a year). */
  deletedTeams(ownerUid: string): Promise<readonly DeletedTeamLog[]>;
}
