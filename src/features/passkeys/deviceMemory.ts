import type { KeyValueStorage } from '../../data/keyValueStorage';

// Which of a user's passkeys this browser made or unlocked with (docs/crypto.md, "Unlock with a
// passkey"): the lock screen offers a passkey only where one is known to be, so another browser
// or device without it is offered the master password alone. Credential ids only: public values
// that the user's records on the server hold too.

const keyOf = (uid: string) => `keyloft.passkeys.${uid}`;

export interface PasskeysOnDevice {
  /** The credential ids of `uid`'s passkeys this browser knows. */
  known(uid: string): readonly string[];
  remember(uid: string, credentialId: string): void;
  forget(uid: string, credentialId: string): void;
}

export function passkeysOnDevice(storage: KeyValueStorage | null): PasskeysOnDevice {
  const read = (uid: string): string[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(keyOf(uid)) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  };
  const write = (uid: string, ids: readonly string[]) => {
    try {
      if (ids.length === 0) storage?.removeItem(keyOf(uid));
      else storage?.setItem(keyOf(uid), JSON.stringify(ids));
    } catch (error) {
      // A full or refused storage only costs the offer on this device; the master password stays.
      console.warn('Could not remember this device’s passkeys', error);
    }
  };
  return {
    known: read,
    remember(uid, credentialId) {
      const ids = read(uid);
      if (!ids.includes(credentialId)) write(uid, [...ids, credentialId]);
    },
    forget(uid, credentialId) {
      write(
        uid,
        read(uid).filter((id) => id !== credentialId),
      );
    },
  };
}

/** This browser's localStorage, or none where it cannot be reached. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
