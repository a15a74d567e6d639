import { createAccountKeys, unlockPrivateKey, unlockVault, WrongMasterPasswordError } from '../../../crypto';
import type { AuthUser } from '../../../data/auth/authGateway';
import { masterKeyMaterialOf, type StoredUserRecord } from '../../../data/users/userRecord';
import { newTrialSubscription } from '@keyloft/contract/trial';
import type { AuthDeps } from './deps';
import { FlowError, MESSAGES } from './errors';

// The master-password half of every sign-in: open an existing vault, or create the vault of a
// new account. Both end with the session unlocked, or throw without changing it.

/** Opens the vault of a signed-in user with their master password. */
export async function openVault(deps: AuthDeps, user: AuthUser, record: StoredUserRecord, masterPassword: string): Promise<void> {
  if (record.encryptionSalt === '') throw new FlowError(MESSAGES.saltNotFound);
  let vaultKey;
  try {
    ({ vaultKey } = await unlockVault(masterPassword, masterKeyMaterialOf(record)));
  } catch (error) {
    if (error instanceof WrongMasterPasswordError) throw new FlowError(MESSAGES.invalidMasterPassword, { cause: error });
    throw error;
  }
  const privateKey = await unlockPrivateKey(vaultKey, record.encryptedPrivateKey);
  deps.session.unlock(user, { vaultKey, privateKey }, record.encryptedPrivateKey);
}

/** Makes the keys and the user record of a new account, then unlocks it. */
export async function createVault(deps: AuthDeps, user: AuthUser, masterPassword: string): Promise<void> {
  const { stored, vaultKey, privateKey } = await createAccountKeys(masterPassword);
  const now = deps.now();
  const record: StoredUserRecord = {
    // The rules accept exactly the ID token's address, lower-cased, or null when it has none.
    email: user.email === null ? null : user.email.toLowerCase(),
    encryptionSalt: stored.kdf.salt,
    kdf: { algorithm: stored.kdf.algorithm, iterations: stored.kdf.iterations },
    publicKey: stored.publicKey,
    encryptedPrivateKey: stored.encryptedPrivateKey,
    wrappedVaultKey: stored.wrappedVaultKey,
    masterPasswordTest: stored.masterPasswordTest,
    authProvider: user.provider,
    createdAt: now,
    updatedAt: now,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: newTrialSubscription(now),
    // A new vault holds nothing in format 1: the rules refuse format 1 in it from the start.
    entryFormat: 2,
  };
  const users = await deps.loadUsers();
  await users.create(user.uid, record);
  deps.session.unlock(user, { vaultKey, privateKey }, record.encryptedPrivateKey);
}

/** The user's record, or FlowError('User data not found'). */
export async function requireRecord(deps: AuthDeps, uid: string): Promise<StoredUserRecord> {
  const record = await (await deps.loadUsers()).get(uid);
  if (record === null) throw new FlowError(MESSAGES.userDataNotFound);
  return record;
}
