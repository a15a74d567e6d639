import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decryptText,
  encryptText,
  entryFieldContext,
  unlockPrivateKey,
  unlockVault,
  WrongMasterPasswordError,
  type VaultKey,
} from '../../../src/crypto';
import type { Sealed } from '../../../src/crypto';
import type { StoredUserRecord } from '../../../src/data/users/userRecord';
import { InvalidCurrentMasterPasswordError } from '../../../src/features/settings/masterPasswordChange';
import { createMasterPasswordApi, NOTIFY_FAILED_LOG } from '../../../src/features/settings/masterPasswordService';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { createVaultUser } from '../../support/vaultUser';

// The service over the in-memory user repository and real WebCrypto: after a change the vault
// opens with the new password and not the old, with the same vault key, in one write.

const OLD = 'old master password';
const NEW = 'new master password';
const UID = 'ana';

const material = (record: StoredUserRecord) => ({
  kdf: { ...record.kdf, salt: record.encryptionSalt },
  wrappedVaultKey: record.wrappedVaultKey,
  masterPasswordTest: record.masterPasswordTest,
});

let base: StoredUserRecord;
let vaultKey: VaultKey;
let sealedEntry: { username: Sealed<'entry-field'>; password: Sealed<'entry-field'> };

beforeAll(async () => {
  ({ record: base, vaultKey } = await createVaultUser(OLD, { now: Date.now() - 60_000, teamIds: ['team-1'] }));
  sealedEntry = {
    username: await encryptText(vaultKey, 'ana', entryFieldContext('entry-1', 'username')),
    password: await encryptText(vaultKey, 'hunter2', entryFieldContext('entry-1', 'password')),
  };
});

function setup(notify: () => Promise<void> = () => Promise.resolve()) {
  const users = new MemoryUserRepository();
  users.replace(UID, base);
  const logError = vi.fn();
  const notifySpy = vi.fn(notify);
  const api = createMasterPasswordApi({ uid: UID, loadUsers: () => Promise.resolve(users), notify: notifySpy, now: () => 1_234, logError });
  return { users, api, logError, notify: notifySpy };
}

describe('createMasterPasswordApi', () => {
  it('re-wraps the same vault key: the new password opens it, the old no longer does, entries still decrypt', async () => {
    const { users, api } = setup();
    await api.change(OLD, NEW);
    const after = await users.get(UID);
    if (after === null) throw new Error('record gone');

    const opened = await unlockVault(NEW, material(after));
    await expect(unlockVault(OLD, material(after))).rejects.toBeInstanceOf(WrongMasterPasswordError);
    expect(await decryptText(opened.vaultKey, sealedEntry.username, entryFieldContext('entry-1', 'username'))).toBe('ana');
    expect(await decryptText(opened.vaultKey, sealedEntry.password, entryFieldContext('entry-1', 'password'))).toBe('hunter2');
    // The private key is sealed under the vault key too, and was not rewritten.
    await expect(unlockPrivateKey(opened.vaultKey, after.encryptedPrivateKey)).resolves.toBeDefined();
  });

  it('writes one update of the key fields only: fresh salt, Argon2id, updatedAt', async () => {
    const { users, api } = setup();
    await api.change(OLD, NEW);
    const after = await users.get(UID);
    expect(users.masterKeyWrites).toBe(1);
    expect(after?.encryptionSalt).not.toBe(base.encryptionSalt);
    expect(after?.wrappedVaultKey).not.toBe(base.wrappedVaultKey);
    expect(after?.masterPasswordTest).not.toBe(base.masterPasswordTest);
    expect(after?.kdf).toEqual({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    expect(after?.updatedAt).toBe(1_234);
    // Everything else is as it was.
    expect({
      ...after,
      encryptionSalt: base.encryptionSalt,
      kdf: base.kdf,
      wrappedVaultKey: base.wrappedVaultKey,
      masterPasswordTest: base.masterPasswordTest,
      updatedAt: base.updatedAt,
    }).toEqual(base);
  });

  it('refuses a wrong current password with Invalid current master password and writes nothing', async () => {
    const { users, api, notify } = setup();
    const failure = api.change('not my password', NEW);
    await expect(failure).rejects.toBeInstanceOf(InvalidCurrentMasterPasswordError);
    await expect(failure).rejects.toThrow('Invalid current master password');
    expect(await users.get(UID)).toEqual(base);
    expect(users.masterKeyWrites).toBe(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('asks for the notice after the write', async () => {
    const { api, notify } = setup();
    await api.change(OLD, NEW);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed notice: the change stands', async () => {
    const { users, api, logError } = setup(() => Promise.reject(new Error('functions down')));
    await expect(api.change(OLD, NEW)).resolves.toBeUndefined();
    await vi.waitFor(() => {
      expect(logError).toHaveBeenCalledWith(NOTIFY_FAILED_LOG, expect.any(Error));
    });
    const after = await users.get(UID);
    if (after === null) throw new Error('record gone');
    await expect(unlockVault(NEW, material(after))).resolves.toBeDefined();
  });

  it('does not overwrite a change made meanwhile elsewhere', async () => {
    const { users, api } = setup();
    const elsewhere = createMasterPasswordApi({ uid: UID, loadUsers: () => Promise.resolve(users), notify: () => Promise.resolve() });
    // Both read the same record; the second write finds the check value changed and writes nothing.
    const results = await Promise.allSettled([api.change(OLD, NEW), elsewhere.change(OLD, 'a third password')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(users.masterKeyWrites).toBe(1);
  });

  it('fails when the user has no record', async () => {
    const users = new MemoryUserRepository();
    const api = createMasterPasswordApi({ uid: UID, loadUsers: () => Promise.resolve(users), notify: () => Promise.resolve() });
    await expect(api.change(OLD, NEW)).rejects.toThrow('User data not found');
  });
});
