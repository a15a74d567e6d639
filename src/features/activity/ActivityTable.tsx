import { isMalformed, type LogEntry } from '../../data/audit/auditLog';
import { formatDate, validDate } from '../../ui/format';
import { actorText, EVENT_TEXTS, eventSentence, type VaultNames } from './eventText';

export const TABLE_TEXTS = Object.freeze({
  caption: 'Team activity, newest first',
  when: 'When',
  who: 'Who',
  what: 'What',
  unknownTime: 'Unknown time',
});

function When({ at }: { readonly at: number | null }) {
  const date = at === null ? null : validDate(at);
  if (date === null || at === null) return <>{TABLE_TEXTS.unknownTime}</>;
  // A time standing on its own: the user's locale and time zone (src/ui/format.ts).
  return <time dateTime={date.toISOString()}>{formatDate(at, 'mediumWithTime')}</time>;
}

export interface ActivityTableProps {
  readonly entries: readonly LogEntry[];
  readonly names: VaultNames;
}

/** The log as a table: a row per event with when, who and what, under real column headings. */
export function ActivityTable({ entries, names }: ActivityTableProps) {
  return (
    <div className="activity-table__scroll">
      <table className="activity-table">
        <caption className="visually-hidden">
          {TABLE_TEXTS.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{TABLE_TEXTS.when}</th>
            <th scope="col">{TABLE_TEXTS.who}</th>
            <th scope="col">{TABLE_TEXTS.what}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={TABLE_TEXTS.when}>
                <When at={entry.at} />
              </td>
              {isMalformed(entry) ? (
                <>
                  <td data-label={TABLE_TEXTS.who}>—</td>
                  <td data-label={TABLE_TEXTS.what} className="activity-table__malformed">
                    {EVENT_TEXTS.malformed} ({entry.malformed})
                  </td>
                </>
              ) : (
                <>
                  <td data-label={TABLE_TEXTS.who} className="activity-table__who">
                    {actorText(entry)}
                  </td>
                  <td data-label={TABLE_TEXTS.what}>{eventSentence(entry, names)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
