import type { ReactNode } from 'react';
import type { Group, PasswordEntry } from '../model';
import type { PlaceOf } from './entryPlace';
import type { OpenItem } from './useOpenedItem';

// What a screen gives the password list (PasswordList.tsx).

export interface PasswordListProps {
  entries: readonly PasswordEntry[];
  groups?: readonly Group[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (entry: PasswordEntry) => void;
  /**
   * Opens the details (password, notes) of a sealed entry listed with its overview only
   * (entry.sealedDetails): Show and Copy ask for them first, and the list then holds the opened
   * entry, notes included. Resolves the opened entry; rejects when they do not decrypt.
   */
  onOpenDetails?: (entry: PasswordEntry) => Promise<PasswordEntry>;
  /** Opens a format-3 item whole (issue #44), for its pane: an item's fields are in its details. */
  onOpenItem?: OpenItem;
  /** Resolves 'already-deleted' when someone else had deleted the entry: the list says so. */
  onDelete: (entry: PasswordEntry) => Promise<unknown>;
  /** Accessible name of the list, e.g. "Personal passwords". */
  label: string;
  /** For a list spanning vaults: where each entry lives, and its own Edit/Delete rights (replacing canEdit/canDelete). */
  placeOf?: PlaceOf;
  /** The name of an entry's group, instead of looking it up in `groups` (groups of several vaults). */
  groupNameOf?: (entry: PasswordEntry) => string | null;
  estimatedRowHeight?: number;
  overscan?: number;
  /**
   * An entry to show, asked from outside the list (the health report's "open it to fix it"): each
   * new object selects the entry, clears a search that hides it, opens its pane and focuses its heading.
   */
  show?: { readonly id: string } | null;
  /**
   * Some vault the list shows has yet to answer (issue #43): more entries may come, so the list is
   * busy, and where it has no rows to show it shows a skeleton of them, never that there are none.
   */
  loading?: boolean;
  /** The vault's Add Password, shown in the search's bar. */
  toolbarAction?: ReactNode;
}
