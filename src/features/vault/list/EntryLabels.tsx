import type { PasswordEntry } from '../model';
import { ITEM_KIND_NAMES } from '../items/kinds';
import { LIST_MESSAGES } from './listMessages';

export const ENTRY_LABEL_TEXTS = { favourite: 'Favourite' } as const;

export interface EntryLabelsProps {
  readonly entry: PasswordEntry;
  /** Where the entry lives, in a list spanning vaults (null: one vault). */
  readonly placeLabel: string | null;
  readonly groupName: string | null;
}

/** The small labels of an entry, in its row and its pane: its kind (not a login's), a favourite mark, where it lives, its group, and a badge when it does not open. */
export function EntryLabels({ entry, placeLabel, groupName }: EntryLabelsProps) {
  const damaged = entry.damaged ?? null;
  const item = entry.item;
  return (
    <>
      {item !== undefined && item.kind !== 'login' && <span className="pw-row__label pw-row__label--kind">{ITEM_KIND_NAMES[item.kind]}</span>}
      {item?.favourite === true && <span className="pw-row__label pw-row__label--favourite">{ENTRY_LABEL_TEXTS.favourite}</span>}
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
