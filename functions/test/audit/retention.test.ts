import { describe, expect, it } from 'vitest';
import { AUDIT_RETENTION_DAYS } from '@keyloft/contract/auditEvents';
import { isTeamEventPath, retentionCutoff } from '../../src/audit/retention';

// Retention (docs/audit-log.md, "Retention and cost"): events older than 365 days go.

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12);

describe('retentionCutoff', () => {
  it('is AUDIT_RETENTION_DAYS whole days before now', () => {
    expect(AUDIT_RETENTION_DAYS).toBe(365);
    expect(retentionCutoff(NOW)).toBe(NOW - 365 * DAY);
    expect(retentionCutoff(NOW)).toBe(Date.UTC(2025, 10, 27, 12));
    expect(retentionCutoff(NOW, 30)).toBe(NOW - 30 * DAY);
  });

  it('keeps an event of exactly the cutoff and removes one a millisecond older (the query is at < cutoff)', () => {
    const cutoff = retentionCutoff(NOW);
    const removed = (at: number) => at < cutoff;
    expect(removed(NOW - 365 * DAY)).toBe(false);
    expect(removed(NOW - 365 * DAY - 1)).toBe(true);
    expect(removed(NOW - 364 * DAY)).toBe(false);
  });

  it('refuses a retention that would remove everything or nothing sensible', () => {
    expect(() => retentionCutoff(NOW, 0)).toThrow();
    expect(() => retentionCutoff(NOW, 1.5)).toThrow();
    expect(() => retentionCutoff(Number.NaN)).toThrow();
  });
});

describe('isTeamEventPath', () => {
  it('is a team’s event and nothing else the collection-group query may reach', () => {
    expect(isTeamEventPath('teams/T1/events/E1')).toBe(true);
    expect(isTeamEventPath('users/U1/events/E1')).toBe(false);
    expect(isTeamEventPath('teams/T1/events/E1/more/X')).toBe(false);
    expect(isTeamEventPath('events/E1')).toBe(false);
  });
});
