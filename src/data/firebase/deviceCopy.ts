import type { KeyValueStorage } from '../keyValueStorage';

// The device copy (issue #22 item 3): Firestore's persistent cache in this browser's IndexedDB.
// Every field an entry holds is sealed, so the copy is ciphertext that opens only with the keys
// the master password unlocks. It is a choice of this browser, not of an account (the cache is
// made before anyone signs in, and a shared computer is turned off once for everyone on it).

const DEVICE_COPY_KEY = 'keyloft.deviceCopy';

/**
 * True once this browser was told to keep a copy. Off by default for now: with the copy on, a
 * sign-out followed at once by a sign-in in the same tab met permission errors from Firestore
 * (docs/vault.md, "The device copy"), and a copy on a shared computer is the user's choice to make.
 */
export function deviceCopyEnabled(storage: Pick<KeyValueStorage, 'getItem'>): boolean {
  return storage.getItem(DEVICE_COPY_KEY) === 'on';
}

export function setDeviceCopyEnabled(storage: Pick<KeyValueStorage, 'setItem'>, enabled: boolean): void {
  storage.setItem(DEVICE_COPY_KEY, enabled ? 'on' : 'off');
}
