import { isMalformed, type LogEntry } from '../../data/audit/auditLog';
import { EVENT_TEXTS, eventSentence } from './eventText';

// The log as CSV (docs/audit-log.md "Viewer"): ids only, never a title, so the file says no more
// than the log itself holds whoever opens it later. The cells are written by the import feature's
// CSV writer (the app hands it in), with its quoting and formula-injection care.

export const ACTIVITY_CSV_COLUMNS = ['time', 'actor_email', 'actor_uid', 'kind', 'description', 'entry_id', 'group_id', 'member_uid', 'invitation_id'] as const;

/** A header row and rows, as CSV text (the import feature's csvText). */
export type CsvWriter = (fields: readonly string[], rows: readonly (readonly string[])[]) => string;

const isoTime = (at: number | null): string => {
  const date = at === null ? null : new Date(at);
  return date === null || Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

/** One row per event, in ACTIVITY_CSV_COLUMNS' order. */
export function activityCsvRow(entry: LogEntry): string[] {
  if (isMalformed(entry)) return [isoTime(entry.at), '', '', 'malformed', `${EVENT_TEXTS.malformed} (${entry.malformed})`, '', '', '', ''];
  // A move names two groups; its group column holds the one it moved to.
  const groupId = 'groupId' in entry ? entry.groupId : entry.kind === 'entry.moved' ? (entry.toGroupId ?? '') : '';
  const ids = ['entryId' in entry ? entry.entryId : '', groupId, 'memberUid' in entry ? entry.memberUid : '', 'invitationId' in entry ? entry.invitationId : ''];
  return [isoTime(entry.at), entry.actor.email, entry.actor.uid, entry.kind, eventSentence(entry, null), ...ids];
}

export function activityCsv(entries: readonly LogEntry[], write: CsvWriter): string {
  return write(ACTIVITY_CSV_COLUMNS, entries.map(activityCsvRow));
}
