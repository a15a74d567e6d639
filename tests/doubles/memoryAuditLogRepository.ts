import { AUDIT_PAGE_SIZE, type AuditEvent } from '../../src/domain/auditEvents';
import {
  isMalformed,
  type AuditCursor,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditLogRepository,
  type DeletedTeamLog,
  type LogEntry,
} from '../../src/data/audit/auditLog';

/** Where a memory page stopped: the last entry's place in the team's order. */
interface MemoryCursor {
  readonly teamId: string;
  readonly at: number;
  readonly id: string;
}

/**
 * A team's activity log in memory, with the Firestore repository's paging and filters: newest
 * first (then id descending, as Firestore's implicit order), AUDIT_PAGE_SIZE a page. Tests seed
 * events (and malformed ones) and read what each page was asked for in `queries`.
 */
export class MemoryAuditLogRepository implements AuditLogRepository {
  private readonly logs = new Map<string, LogEntry[]>();
  /** Every page asked for, in order: the query and whether it continued a cursor. */
  readonly queries: { readonly query: AuditLogQuery; readonly continued: boolean }[] = [];
  /** Set to make the next page reads fail (the error state). */
  failWith: Error | null = null;

  /** Adds an event of `teamId` at `at` (epoch ms) with `id`. */
  seed(event: AuditEvent, at: number, id = `event-${String(this.count(event.teamId) + 1)}`): void {
    this.add(event.teamId, { ...event, id, at });
  }

  /** Adds a stored document that is not an event, as the Firestore repository lists it. */
  seedMalformed(teamId: string, id: string, problem: string, at: number | null): void {
    this.add(teamId, { id, malformed: problem, at });
  }

  private readonly deleted: (DeletedTeamLog & { readonly ownerUid: string })[] = [];

  /** A team `ownerUid` deleted, its log kept (teamLogs/{teamId}). */
  seedDeletedTeam(ownerUid: string, log: DeletedTeamLog): void {
    this.deleted.push({ ownerUid, ...log });
  }

  deletedTeams(ownerUid: string): Promise<readonly DeletedTeamLog[]> {
    if (this.failWith !== null) return Promise.reject(this.failWith);
    const mine = this.deleted.filter((log) => log.ownerUid === ownerUid).map(({ ownerUid: _owner, ...log }) => log);
    return Promise.resolve(mine.sort((a, b) => (b.deletedAt ?? 0) - (a.deletedAt ?? 0)));
  }

  page(query: AuditLogQuery, after: AuditCursor | null): Promise<AuditLogPage> {
    this.queries.push({ query, continued: after !== null });
    if (this.failWith !== null) return Promise.reject(this.failWith);
    const cursor = after as unknown as MemoryCursor | null;
    if (cursor !== null && cursor.teamId !== query.teamId) return Promise.reject(new Error('A cursor of another query'));
    const matching = (this.logs.get(query.teamId) ?? []).filter((entry) => matches(entry, query)).sort(newestFirst);
    const start = cursor === null ? 0 : matching.findIndex((entry) => newestFirst(entry, { at: cursor.at, id: cursor.id }) > 0);
    const entries = start < 0 ? [] : matching.slice(start, start + AUDIT_PAGE_SIZE);
    const last = entries.at(-1);
    const next = entries.length < AUDIT_PAGE_SIZE || last === undefined ? null : ({ teamId: query.teamId, at: last.at ?? 0, id: last.id } as unknown as AuditCursor);
    return Promise.resolve({ entries: structuredClone(entries), next });
  }

  private count(teamId: string): number {
    return this.logs.get(teamId)?.length ?? 0;
  }

  private add(teamId: string, entry: LogEntry): void {
    this.logs.set(teamId, [...(this.logs.get(teamId) ?? []), entry]);
  }
}

function matches(entry: LogEntry, query: AuditLogQuery): boolean {
  const at = entry.at ?? 0;
  if (query.from !== undefined && at < query.from) return false;
  if (query.to !== undefined && at >= query.to) return false;
  const filtered = query.actorUid !== undefined || (query.kinds ?? []).length > 0;
  // A malformed document has no actor or kind to match: only an unfiltered read lists it.
  if (isMalformed(entry)) return !filtered;
  if (query.actorUid !== undefined && entry.actor.uid !== query.actorUid) return false;
  return query.kinds === undefined || query.kinds.length === 0 || query.kinds.includes(entry.kind);
}

function newestFirst(a: { readonly at: number | null; readonly id: string }, b: { readonly at: number | null; readonly id: string }): number {
  const byTime = (b.at ?? 0) - (a.at ?? 0);
  return byTime !== 0 ? byTime : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
