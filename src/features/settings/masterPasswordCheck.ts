import { unlockVault, WrongMasterPasswordError } from '../../crypto';
import { masterKeyMaterialOf, type StoredUserRecord } from '../../data/users/userRecord';

/**
 * Whether `masterPassword` opens the account's stored check value: what an action that asks for the
 * master password again (Delete Account, an export) checks. Other failures reject.
 */
export async function masterPasswordOpens(record: StoredUserRecord, masterPassword: string): Promise<boolean> {
  try {
    await unlockVault(masterPassword, masterKeyMaterialOf(record));
    return true;
  } catch (error) {
    if (error instanceof WrongMasterPasswordError) return false;
    throw error;
  }
}
