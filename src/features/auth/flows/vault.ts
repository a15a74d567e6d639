import { createAccountKeys, KdfMemoryError, unlockPrivateKey, unlockVault, WrongMasterPasswordError } from '../../../crypto';
import type { AuthUser } from '../../../data/auth/authGateway';
import { masterKeyMaterialOf, storedKdfOf, type StoredUserRecord } from '../../../data/users/userRecord';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { finishBeforeSignOut } from '../../../session/workBeforeSignOut';
import type { AuthDeps } from './deps';
import { moveToCurrentKdf, needsKdfMove, type KdfMove } from './kdfMigration';
import { FlowError, MESSAGES } from './errors';

// The master-password half of every sign-in: open an existing vault, or create the vault of a
// new account. Both end with the session unlocked, or throw without changing it.

/**
 * Opens the vault of a signed-in user with their master password. An account still on PBKDF2 then
 * moves to Argon2id in the background (kdfMigration.ts): the vault is open without waiting for it,
 * a logout waits for its write, and `kdfMove` says how it ended (it never rejects).
 */
export async function openVault(
  deps: AuthDeps,
  user: AuthUser,
  record: StoredUserRecord,
  masterPassword: string,
): Promise<{ kdfMove: Promise<KdfMove> }> {
  if (record.encryptionSalt === '') throw new FlowError(MESSAGES.saltNotFound);
  let vaultKey, masterKey;
  try {
    ({ vaultKey, masterKey } = await unlockVault(masterPassword, masterKeyMaterialOf(record)));
  } catch (error) {
    if (error instanceof WrongMasterPasswordError) throw new FlowError(MESSAGES.invalidMasterPassword, { cause: error });
    throw explainedMemoryError(error);
  }
  const privateKey = await unlockPrivateKey(vaultKey, record.encryptedPrivateKey);
  deps.session.unlock(user, { vaultKey, privateKey }, record.encryptedPrivateKey);
  if (!needsKdfMove(record)) return { kdfMove: Promise.resolve('current') };
  const users = await deps.loadUsers();
  const input = { users, uid: user.uid, record, masterPassword, masterKey, now: () => deps.now() };
  return { kdfMove: finishBeforeSignOut(moveToCurrentKdf(input)) };
}

/** Makes the keys and the user record of a new account, then unlocks it. */
export async function createVault(deps: AuthDeps, user: AuthUser, masterPassword: string): Promise<void> {
  const { stored, vaultKey, privateKey } = await createAccountKeys(masterPassword).catch((error: unknown) => {
    throw explainedMemoryError(error);
  });
  const now = deps.now();
  const record: StoredUserRecord = {
    // The rules accept exactly the ID token's address, lower-cased, or null when it has none.
    email: user.email === null ? null : user.email.toLowerCase(),
    encryptionSalt: stored.kdf.salt,
    kdf: storedKdfOf(stored.kdf),
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

/** A device without Argon2id's memory: its own message in the form (a FlowError), not the generic one. */
function explainedMemoryError(error: unknown): unknown {
  return error instanceof KdfMemoryError ? new FlowError(error.message, { cause: error }) : error;
}

/** The user's record, or FlowError('User data not found'). */
export async function requireRecord(deps: AuthDeps, uid: string): Promise<StoredUserRecord> {
  const record = await (await deps.loadUsers()).get(uid);
  if (record === null) throw new FlowError(MESSAGES.userDataNotFound);
  return record;
}
