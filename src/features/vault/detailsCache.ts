import type { ItemDetails, OpenedEntryDetails } from '../../crypto';

// Details (password, notes) of sealed entries opened on demand (issue #18, docs/vault.md "Reading
// entries"): each opened once while the vault is open, then served from memory. The cache holds
// plaintext, so it lives exactly as long as the keys: the app clears it when the session forgets
// them (lock, logout), as the vault's keys are forgotten.

/** A sealed entry's details opened: a format-3 item's whole details too (what openItem needs once the list holds the opened entry). */
export type CachedDetails = OpenedEntryDetails & { readonly item?: ItemDetails };

export interface DetailsCache {
  // Properties rather than methods: `clear` is handed to the session unbound.
  /** The opening (or opened) details under `key`, if any. */
  readonly get: (key: string) => Promise<CachedDetails> | undefined;
  readonly set: (key: string, details: Promise<CachedDetails>) => void;
  readonly delete: (key: string) => void;
  /** Forgets every opened details: called when the vault locks or the user logs out. */
  readonly clear: () => void;
  readonly size: number;
}

export function createDetailsCache(): DetailsCache {
  const opened = new Map<string, Promise<CachedDetails>>();
  return {
    get: (key) => opened.get(key),
    set: (key, details) => {
      opened.set(key, details);
    },
    delete: (key) => {
      opened.delete(key);
    },
    clear: () => {
      opened.clear();
    },
    get size() {
      return opened.size;
    },
  };
}

/**
 * The cache key of one sealed details part: the entry, the key version and the ciphertext itself,
 * so a part that changed (an edit, a re-seal under a new team key) is opened afresh, and a part
 * copied to another entry is never answered from another entry's opening.
 */
export function detailsKey(entryId: string, keyVersion: number | null, sealed: string): string {
  return `${entryId}\u0000${keyVersion === null ? 'vault' : String(keyVersion)}\u0000${sealed}`;
}
