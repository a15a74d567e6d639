import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { countOf } from '../../../ui/format';
import { differsWords } from '../plan/skippedList';
import type { NearDuplicateEntry } from '../plan/types';
import { LISTED_AT_MOST, more, named } from './NotImportedLists';

function resembles(entry: NearDuplicateEntry): string {
  return entry.duplicateOf.in === 'target' ? `“${entry.duplicateOf.title}” already here` : `${entry.duplicateOf.at} of this file`;
}

export interface NearDuplicatesProps {
  readonly nearDuplicates: readonly NearDuplicateEntry[];
  /** The near-duplicates (by `at`) the user chose to skip. */
  readonly skipped: ReadonlySet<string>;
  readonly onChange: (skipped: ReadonlySet<string>) => void;
}

/**
 * Items with the title, site and username of an entry already here but other values (issue #44):
 * each is a choice, a labelled checkbox ticked by default, so restoring a backup imports them
 * unless the user says otherwise. Never skipped silently.
 */
export function NearDuplicates({ nearDuplicates, skipped, onChange }: NearDuplicatesProps) {
  const legendId = useId();
  const boxId = useId();
  if (nearDuplicates.length === 0) return null;
  const count = nearDuplicates.length;
  const rest = more(count);
  const toggle = (at: string, imported: boolean) => {
    const next = new Set(skipped);
    if (imported) next.delete(at);
    else next.add(at);
    onChange(next);
  };
  return (
    <fieldset className="import-section import-near" aria-labelledby={legendId}>
      <legend id={legendId}>
        {`${countOf(count, 'item')} ${count === 1 ? 'has' : 'have'} the title, site and username of ${count === 1 ? 'an entry' : 'entries'} already here, but other values. Untick any you do not want imported:`}
      </legend>
      <ul className="import-near__list">
        {nearDuplicates.slice(0, LISTED_AT_MOST).map((entry, index) => (
          <li key={entry.at} className="import-checkbox">
            <input
              id={`${boxId}-${String(index)}`}
              type="checkbox"
              checked={!skipped.has(entry.at)}
              onChange={(event) => {
                toggle(entry.at, event.target.checked);
              }}
            />
            <label htmlFor={`${boxId}-${String(index)}`}>
              {`Import ${named(entry.at, entry.title)}: like ${resembles(entry)}, but ${differsWords(entry.differs)}`}
            </label>
          </li>
        ))}
        {rest !== null && <li>{`${rest} Imported unless you skip them all.`}</li>}
      </ul>
      {count > 1 && (
        <div className="import-near__all">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              onChange(new Set());
            }}
          >
            Import them all
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              onChange(new Set(nearDuplicates.map((entry) => entry.at)));
            }}
          >
            Skip them all
          </Button>
        </div>
      )}
    </fieldset>
  );
}
