import type { PasswordEntry } from '../model';
import { LIST_MESSAGES } from './listMessages';

export interface EntryLabelsProps {
  readonly entry: PasswordEntry;
  /** Where the entry lives, in a list spanning vaults (null: one vault). */
  readonly placeLabel: string | null;
  readonly groupName: string | null;
}

/** The small labels of an entry, in its row and its pane: where it lives, its group, and a badge when it does not open. */
export function EntryLabels({ entry, placeLabel, groupName }: EntryLabelsProps) {
  const damaged = entry.damaged ?? null;
  return (
    <>
      {placeLabel !== null && (
        <span className="pw-row__label">
          <span className="visually-hidden">In: </span>
          {placeLabel}
        </span>
      )}
      {groupName !== null && (
        <span className="pw-row__label pw-row__label--group">
          <span className="visually-hidden">Group: </span>
          {groupName}
        </span>
      )}
      {entry.undecryptable && <span className="pw-row__badge">{damaged === null ? LIST_MESSAGES.undecryptable : LIST_MESSAGES.damaged}</span>}
    </>
  );
}
