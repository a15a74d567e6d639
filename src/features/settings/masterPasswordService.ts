import { changeMasterPassword, WrongMasterPasswordError } from '../../crypto';
import { masterKeyMaterialOf, storedKdfOf, type UserRepository } from '../../data/users/userRecord';
import { InvalidCurrentMasterPasswordError } from './masterPasswordChange';

// Change Master Password (SPEC.md §4, docs/master-password.md): read the own record, re-wrap the
// same vault key under the new password (fresh salt, Argon2id), write the key fields
// in one update, then ask for the notice email. Entries are untouched: O(1) whatever the vault's size.

export interface MasterPasswordApi {
  /** Rejects with InvalidCurrentMasterPasswordError when `current` does not open the check value. */
  change(current: string, next: string): Promise<void>;
}

export interface MasterPasswordDeps {
  /** The signed-in user's uid. */
  readonly uid: string;
  readonly loadUsers: () => Promise<UserRepository>;
  /** sendMasterPasswordChangeNotification (src/data/functions/callables.ts). */
  readonly notify: () => Promise<void>;
  readonly now?: () => number;
  /** Where a failed notice is reported; console.error unless told. */
  readonly logError?: (message: string, error: unknown) => void;
}

export const NOTIFY_FAILED_LOG = 'Could not send the master password change notification';

export function createMasterPasswordApi(deps: MasterPasswordDeps): MasterPasswordApi {
  const now = deps.now ?? (() => Date.now());
  const logError = deps.logError ?? ((message: string, error: unknown) => { console.error(message, error); });
  return {
    async change(current, next) {
      const users = await deps.loadUsers();
      const record = await users.get(deps.uid);
      if (record === null) throw new Error('User data not found');
      let changed;
      try {
        changed = await changeMasterPassword(current, next, masterKeyMaterialOf(record));
      } catch (error) {
        if (error instanceof WrongMasterPasswordError) throw new InvalidCurrentMasterPasswordError({ cause: error });
        throw error;
      }
      await users.replaceMasterKey(deps.uid, record.masterPasswordTest, {
        encryptionSalt: changed.kdf.salt,
        kdf: storedKdfOf(changed.kdf),
        wrappedVaultKey: changed.wrappedVaultKey,
        masterPasswordTest: changed.masterPasswordTest,
        updatedAt: now(),
      });
      // The change is done and saved; the notice is a courtesy, so its failure is only logged
      // (SPEC.md §4) and the caller does not wait for it.
      void deps.notify().catch((error: unknown) => {
        logError(NOTIFY_FAILED_LOG, error);
      });
    },
  };
}
