import { AUDIT_RETENTION_DAYS } from '@keyloft/contract/auditEvents';

// How long the activity log keeps an event (docs/audit-log.md, "Retention and cost"). Pure.

const DAY_MS = 86_400_000;

/** Events (and deleted teams' logs) from before this instant, in epoch ms, are removed. */
export function retentionCutoff(now: number, days: number = AUDIT_RETENTION_DAYS): number {
  if (!Number.isFinite(now) || !Number.isInteger(days) || days < 1) throw new Error('A time and a whole number of days from 1 are required');
  return now - days * DAY_MS;
}

/**
 * Whether a path the collection-group query on `events` found is a team's event
 * (teams/{teamId}/events/{eventId}): the query would also reach any other collection named
 * `events`, which retention must leave alone.
 */
export function isTeamEventPath(path: string): boolean {
  const parts = path.split('/');
  return parts.length === 4 && parts[0] === 'teams' && parts[2] === 'events' && parts.every((part) => part !== '');
}
