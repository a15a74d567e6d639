import { useEffect, useState } from 'react';
import type { Item } from '../items/kinds';
import type { PasswordEntry } from '../model';

/** Opens an item's details (issue #44): what the pane shows once they are open. */
export type OpenItem = (entry: PasswordEntry) => Promise<Item>;

export interface OpenedItem {
  /** The whole item of the entry shown, null until its details are open (or when they did not). */
  readonly item: Item | null;
  readonly failed: boolean;
}

/**
 * The whole item of a format-3 entry (entry.item), opened when the pane shows it and again for
 * each newer version: an item's fields are in its details, so the pane has little to show without
 * them. A format-1 or -2 entry is not opened here (its pane opens the details on Show or Copy).
 */
export function useOpenedItem(entry: PasswordEntry, openItem: OpenItem | undefined): OpenedItem {
  const [opened, setOpened] = useState<{ readonly entry: PasswordEntry; readonly item: Item | null; readonly failed: boolean } | null>(null);
  const wanted = entry.item !== undefined && entry.damaged === undefined && openItem !== undefined;
  useEffect(() => {
    if (!wanted) return undefined;
    let current = true;
    openItem(entry).then(
      (item) => {
        if (current) setOpened({ entry, item, failed: false });
      },
      () => {
        if (current) setOpened({ entry, item: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, entry, openItem]);
  // Until this entry's version is open, the version before it is shown (a save elsewhere swaps it).
  if (opened === null || !wanted) return { item: null, failed: false };
  return { item: opened.entry.id === entry.id ? opened.item : null, failed: opened.entry === entry && opened.failed };
}
