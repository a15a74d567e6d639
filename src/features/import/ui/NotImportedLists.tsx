import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { countOf, formatCount } from '../../../ui/format';
import type { SkippedItem } from '../model';
import type { DuplicateEntry, PlannedEntry } from '../plan/types';
import { entriesLosing, notCarriedTotals, notCarriedWords } from './notCarried';

/**
 * How many items a list shows: re-running a 10,000-item import lists them all as duplicates, and
 * ten thousand list items would stall the page for nothing (the downloaded list has every one).
 */
export const LISTED_AT_MOST = 200;

export function more(count: number): string | null {
  return count > LISTED_AT_MOST ? `…and ${formatCount(count - LISTED_AT_MOST)} more.` : null;
}

export function named(at: string, title: string): string {
  return title === '' ? at : `${at}, “${title}”`;
}

function duplicateOf(entry: DuplicateEntry): string {
  return entry.duplicateOf.in === 'target'
    ? `same as “${entry.duplicateOf.title}” already here`
    : `same as ${entry.duplicateOf.at} of this file`;
}

export interface DuplicatesProps {
  readonly duplicates: readonly DuplicateEntry[];
  readonly include: boolean;
  readonly onIncludeChange: (include: boolean) => void;
}

/** The items equal in every field to entries already there: skipped unless the box is ticked. */
export function Duplicates({ duplicates, include, onIncludeChange }: DuplicatesProps) {
  const boxId = useId();
  if (duplicates.length === 0) return null;
  const rest = more(duplicates.length);
  return (
    <div className="import-section">
      <p>
        {`${countOf(duplicates.length, 'item')} ${duplicates.length === 1 ? 'is' : 'are'} the same as ${duplicates.length === 1 ? 'an entry' : 'entries'} already here in every field (title, URL, username, password, notes, one-time code and group) and ${include ? 'will be imported too' : 'will be skipped'}.`}
      </p>
      <div className="import-checkbox">
        <input
          id={boxId}
          type="checkbox"
          checked={include}
          onChange={(event) => {
            onIncludeChange(event.target.checked);
          }}
        />
        <label htmlFor={boxId}>{`Also import the ${countOf(duplicates.length, 'duplicate')}`}</label>
      </div>
      <details>
        <summary>Show the duplicates</summary>
        <ul aria-label="Duplicates">
          {duplicates.slice(0, LISTED_AT_MOST).map((entry) => (
            <li key={entry.at}>{`${named(entry.at, entry.title)}: ${duplicateOf(entry)}`}</li>
          ))}
          {rest !== null && <li>{rest}</li>}
        </ul>
      </details>
    </div>
  );
}

export interface SkippedProps {
  readonly skipped: readonly SkippedItem[];
  /** Shown when anything is left out (skipped items or duplicates); downloads the list as CSV. */
  readonly onDownload: (() => void) | null;
}

/** The items that cannot be imported, each with its reason, and the list to download. */
export function Skipped({ skipped, onDownload }: SkippedProps) {
  const headingId = useId();
  const rest = more(skipped.length);
  return (
    <div className="import-section">
      {skipped.length > 0 && (
        <>
          <p id={headingId}>{`${countOf(skipped.length, 'item')} cannot be imported:`}</p>
          <ul aria-labelledby={headingId}>
            {skipped.slice(0, LISTED_AT_MOST).map((item) => (
              <li key={item.at}>{`${named(item.at, item.title)}: ${item.reason}`}</li>
            ))}
            {rest !== null && <li>{`${rest} Download the list to see every one.`}</li>}
          </ul>
        </>
      )}
      {onDownload !== null && (
        <Button variant="secondary" size="sm" onClick={onDownload}>
          Download the list of items not imported
        </Button>
      )}
    </div>
  );
}

export interface NotCarriedProps {
  /** The entries the import will write (the user's choices included). */
  readonly entries: readonly PlannedEntry[];
}

/**
 * What entries will be imported without (issue #44): passkeys, attached files, re-prompts…,
 * counted in all and listed by item, before anything is written. Nothing when nothing is lost.
 */
export function NotCarriedList({ entries }: NotCarriedProps) {
  const headingId = useId();
  const losing = entriesLosing(entries);
  if (losing.length === 0) return null;
  const rest = more(losing.length);
  return (
    <div className="import-section">
      <p id={headingId}>
        {`${countOf(losing.length, 'entry', 'entries')} will be imported without something the file holds for ${losing.length === 1 ? 'it' : 'them'}:`}
      </p>
      <ul aria-labelledby={headingId}>
        {losing.slice(0, LISTED_AT_MOST).map((entry) => (
          <li key={entry.at}>{`${named(entry.at, entry.title)}: ${notCarriedWords(entry.notCarried ?? [])}`}</li>
        ))}
        {rest !== null && <li>{rest}</li>}
      </ul>
      <p>{`Keyloft cannot keep these yet, and they are not imported: ${notCarriedTotals(losing)} in all.`}</p>
    </div>
  );
}
