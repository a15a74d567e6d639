import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { countOf } from '../../../ui/format';
import type { SkippedItem } from '../model';
import type { DuplicateEntry } from '../plan/types';

function named(at: string, title: string): string {
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

/** The items that look like entries already there: skipped unless the box is ticked. */
export function Duplicates({ duplicates, include, onIncludeChange }: DuplicatesProps) {
  const boxId = useId();
  if (duplicates.length === 0) return null;
  return (
    <div className="import-section">
      <p>
        {`${countOf(duplicates.length, 'item')} ${duplicates.length === 1 ? 'looks' : 'look'} like ${duplicates.length === 1 ? 'an entry' : 'entries'} already here (same site, username and password) and ${include ? 'will be imported too' : 'will be skipped'}.`}
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
          {duplicates.map((entry) => (
            <li key={entry.at}>{`${named(entry.at, entry.title)}: ${duplicateOf(entry)}`}</li>
          ))}
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
  return (
    <div className="import-section">
      {skipped.length > 0 && (
        <>
          <p id={headingId}>{`${countOf(skipped.length, 'item')} cannot be imported:`}</p>
          <ul aria-labelledby={headingId}>
            {skipped.map((item) => (
              <li key={item.at}>{`${named(item.at, item.title)}: ${item.reason}`}</li>
            ))}
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
