// A signed-up user as the master-password tests and bench need one: real keys under a master
// password, the stored user record that holds them, and optionally a personal vault of N entries.
// No vitest import, so that bench/ can use it under tsx.
import { createAccountKeys, type VaultKey } from '../../src/crypto';
import { storedKdfOf, type StoredUserRecord } from '../../src/data/users/userRecord';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { savePassword } from '../../src/features/vault/personalVault';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../doubles/memoryVaultRepositories';

export interface VaultUserOptions {
  readonly email?: string;
  /** createdAt and updatedAt, and the trial's start. */
  readonly now?: number;
  readonly teamIds?: readonly string[];
}

export interface VaultUser {
  /** The user record: salt, KDF parameters, check value, wrapped vault key and key pair. */
  readonly record: StoredUserRecord;
  readonly vaultKey: VaultKey;
}

/** New account keys for `masterPassword` and the user record that stores them. */
export async function createVaultUser(masterPassword: string, options: VaultUserOptions = {}): Promise<VaultUser> {
  const { email = 'ana@example.com', now = Date.now(), teamIds = [] } = options;
  const keys = await createAccountKeys(masterPassword);
  const record: StoredUserRecord = {
    email,
    encryptionSalt: keys.stored.kdf.salt,
    kdf: storedKdfOf(keys.stored.kdf),
    publicKey: keys.stored.publicKey,
    encryptedPrivateKey: keys.stored.encryptedPrivateKey,
    wrappedVaultKey: keys.stored.wrappedVaultKey,
    masterPasswordTest: keys.stored.masterPasswordTest,
    authProvider: 'password',
    createdAt: now,
    updatedAt: now,
    teamIds,
    pendingTeamKeys: {},
    subscription: newTrialSubscription(now),
  };
  return { record, vaultKey: keys.vaultKey };
}

/** A personal vault of `count` entries saved by the vault service, so encrypted under `vaultKey`. */
export async function vaultWithEntries(vaultKey: VaultKey, userId: string, count: number): Promise<MemoryPasswordRepository> {
  const vault = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId, now: () => Date.now() };
  for (let i = 0; i < count; i += 1) {
    const n = String(i);
    await savePassword(vault, { title: `Entry ${n}`, url: null, notes: null, username: `user${n}`, password: `pw-${n}`, groupId: null });
  }
  return vault.passwords;
}
