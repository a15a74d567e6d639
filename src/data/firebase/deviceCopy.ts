import type { KeyValueStorage } from '../keyValueStorage';

// The device copy (issue #22 item 3): what the server last answered, kept in this browser's
// IndexedDB (data/deviceCopy). Every field an entry holds is sealed, so the copy is ciphertext that
// opens only with the keys the master password unlocks. It is a choice of this browser, not of an
// account (a shared computer is turned off once for everyone on it).

const DEVICE_COPY_KEY = 'keyloft.deviceCopy';

/**
 * True unless this browser was told not to keep a copy (Account Settings, 'This device'): the
 * vault opens from the device first and reads offline (issue #22 item 3); a shared computer turns
 * it off once for everyone on it.
 */
export function deviceCopyEnabled(storage: Pick<KeyValueStorage, 'getItem'>): boolean {
  return storage.getItem(DEVICE_COPY_KEY) !== 'off';
}

export function setDeviceCopyEnabled(storage: Pick<KeyValueStorage, 'setItem'>, enabled: boolean): void {
  storage.setItem(DEVICE_COPY_KEY, enabled ? 'on' : 'off');
}
