import { isMalformed, type LogEntry } from '../../data/audit/auditLog';
import { EVENT_TEXTS, eventSentence, type VaultNames } from './eventText';

// The log as CSV (docs/audit-log.md "Viewer"): every entry and group by its id, and beside it its
// title where the exporter's open vault holds it decrypted (issue #43, item 9); the rest by id
// alone. The sentence names no title, so a title is in one column only. Titles are anyone's text
// (a teammate wrote them): the cells go through the import feature's CSV writer (the app hands it
// in), with its quoting and formula-injection care.

export const ACTIVITY_CSV_COLUMNS = [
  'time',
  'actor_email',
  'actor_uid',
  'kind',
  'description',
  'entry_id',
  'entry_title',
  'group_id',
  'group_title',
  'member_uid',
  'invitation_id',
] as const;

const NO_NAMES: VaultNames = { entryTitle: () => null, groupName: () => null };

/** A header row and rows, as CSV text (the import feature's csvText). */
export type CsvWriter = (fields: readonly string[], rows: readonly (readonly string[])[]) => string;

const isoTime = (at: number | null): string => {
  const date = at === null ? null : new Date(at);
  return date === null || Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

/** One row per event, in ACTIVITY_CSV_COLUMNS' order; titles from `names` (none: ids alone). */
export function activityCsvRow(entry: LogEntry, names: VaultNames = NO_NAMES): string[] {
  if (isMalformed(entry)) return [isoTime(entry.at), '', '', 'malformed', `${EVENT_TEXTS.malformed} (${entry.malformed})`, '', '', '', '', '', ''];
  // A move names two groups; its group column holds the one it moved to.
  const entryId = 'entryId' in entry ? entry.entryId : '';
  const groupId = 'groupId' in entry ? entry.groupId : entry.kind === 'entry.moved' ? (entry.toGroupId ?? '') : '';
  const entryTitle = entryId === '' ? '' : (names.entryTitle(entryId) ?? '');
  const groupTitle = groupId === '' ? '' : (names.groupName(groupId) ?? '');
  const others = ['memberUid' in entry ? entry.memberUid : '', 'invitationId' in entry ? entry.invitationId : ''];
  return [isoTime(entry.at), entry.actor.email, entry.actor.uid, entry.kind, eventSentence(entry, null), entryId, entryTitle, groupId, groupTitle, ...others];
}

export function activityCsv(entries: readonly LogEntry[], write: CsvWriter, names: VaultNames = NO_NAMES): string {
  return write(
    ACTIVITY_CSV_COLUMNS,
    entries.map((entry) => activityCsvRow(entry, names)),
  );
}
