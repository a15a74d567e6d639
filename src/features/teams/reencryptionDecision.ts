import type { StoredPasswordEntry } from '../../data/vault/storedEntries';

// The rotation's decision for one entry (docs/teams.md, "Rotation on removal"): the entry as the
// re-encryption listed it, against the entry as stored when its conditional write was refused (or
// before it). Pure, so every case is a unit test.

export type ReencryptionDecision =
  /** Stored as listed: re-encrypt it on the revision listed. */
  | { readonly kind: 'untouched' }
  /** Someone wrote it meanwhile but it is still at an older key version: re-encrypt what is stored now, on its revision. */
  | { readonly kind: 'edited-at-old-version'; readonly entry: StoredPasswordEntry }
  /** Someone saved it meanwhile at the current key version (or later): it is already re-encrypted, leave it. */
  | { readonly kind: 'edited-at-new-version' }
  /** Deleted meanwhile: nothing to re-encrypt. */
  | { readonly kind: 'deleted' };

export function decideReencryption(listed: StoredPasswordEntry, stored: StoredPasswordEntry | null, keyVersion: number): ReencryptionDecision {
  if (stored === null) return { kind: 'deleted' };
  if ((stored.keyVersion ?? 0) >= keyVersion) return { kind: 'edited-at-new-version' };
  if (stored.revision === listed.revision) return { kind: 'untouched' };
  return { kind: 'edited-at-old-version', entry: stored };
}
