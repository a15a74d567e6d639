// The move from PBKDF2 to Argon2id at the next successful unlock (issue #46): its decisions, and
// the unlock flow over the in-memory repository. The Firestore tier runs the same through the
// rules: tests/firestore/kdfMigration.test.ts.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, installArgon2WorkerFactory, unlockVault, type StoredMasterKeyMaterial } from '../../../src/crypto';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { MasterKeyChangedError, masterKeyMaterialOf, storedKdfOf, type StoredUserRecord } from '../../../src/data/users/userRecord';
import type { AuthDeps } from '../../../src/features/auth/flows/deps';
import { kdfMoveFields, kdfMoveOutcome, needsKdfMove } from '../../../src/features/auth/flows/kdfMigration';
import { createVault, openVault } from '../../../src/features/auth/flows/vault';
import { createSessionStore } from '../../../src/session/sessionStore';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { MemoryStorage } from '../../support/memoryStorage';
import { forgedSealed } from '../../support/forgedCiphertext';

const ana: AuthUser = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' };
const MASTER = 'the master password';
const NOW = Date.UTC(2026, 11, 7);

function deps(users: MemoryUserRepository): AuthDeps {
  return {
    loadGateway: () => Promise.reject(new Error('not used')),
    loadUsers: () => Promise.resolve(users),
    sendCustomEmailVerification: () => Promise.resolve(),
    session: createSessionStore(new MemoryStorage()),
    now: () => NOW,
    isDevelopment: true,
  };
}

/** An account made before Argon2id: PBKDF2-SHA256 at 600,000 iterations. */
async function pbkdf2Record(): Promise<StoredUserRecord> {
  const { stored } = await createAccountKeys(MASTER, { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: randomBytes(32).toString('base64') });
  return {
    email: ana.email,
    encryptionSalt: stored.kdf.salt,
    kdf: storedKdfOf(stored.kdf),
    publicKey: stored.publicKey,
    encryptedPrivateKey: stored.encryptedPrivateKey,
    wrappedVaultKey: stored.wrappedVaultKey,
    masterPasswordTest: stored.masterPasswordTest,
    authProvider: 'password',
    createdAt: 1,
    updatedAt: 1,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: newTrialSubscription(1),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the move’s decisions', () => {
  it('moves PBKDF2 records, whatever their count, and leaves Argon2id ones', () => {
    expect(needsKdfMove({ kdf: { algorithm: 'PBKDF2-SHA256', iterations: 600_000 } })).toBe(true);
    expect(needsKdfMove({ kdf: { algorithm: 'PBKDF2-SHA256', iterations: 10_000_000 } })).toBe(true);
    expect(needsKdfMove({ kdf: { algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 } })).toBe(false);
  });

  it('writes the salt, the parameters, the wrap and the check value together, with updatedAt', () => {
    const rewrapped: StoredMasterKeyMaterial = {
      kdf: { algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4, salt: 'c2FsdHNhbHRzYWx0c2FsdA==' },
      wrappedVaultKey: forgedSealed('wrap'),
      masterPasswordTest: forgedSealed('check'),
    };
    expect(kdfMoveFields(rewrapped, 42)).toEqual({
      encryptionSalt: 'c2FsdHNhbHRzYWx0c2FsdA==',
      kdf: { algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 },
      wrappedVaultKey: 'wrap',
      masterPasswordTest: 'check',
      updatedAt: 42,
    });
  });

  it('a record changed meanwhile supersedes the move; any other failure leaves it for the next unlock', () => {
    expect(kdfMoveOutcome(new MasterKeyChangedError('ana'))).toBe('superseded');
    expect(kdfMoveOutcome(new Error('unavailable'))).toBe('failed');
  });
});

describe('unlocking an account on PBKDF2', () => {
  it('unlocks at once, then moves it to Argon2id in one write; it unlocks again with the same password', async () => {
    const users = new MemoryUserRepository();
    const record = await pbkdf2Record();
    await users.create('ana', record);
    const d = deps(users);
    const { kdfMove } = await openVault(d, ana, record, MASTER);
    expect(d.session.getState().status).toBe('unlocked');
    expect(await kdfMove).toBe('moved');
    expect(users.masterKeyWrites).toBe(1);
    const moved = await users.get('ana');
    expect(moved?.kdf).toEqual({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    expect(moved?.encryptionSalt).not.toBe(record.encryptionSalt);
    expect(moved?.updatedAt).toBe(NOW);
    // Nothing else of the record changed: not the key pair, not the subscription.
    expect({ ...moved, encryptionSalt: record.encryptionSalt, kdf: record.kdf, wrappedVaultKey: record.wrappedVaultKey, masterPasswordTest: record.masterPasswordTest, updatedAt: 1 }).toEqual(record);

    d.session.clear();
    const again = await openVault(d, ana, moved!, MASTER);
    expect(d.session.getState().status).toBe('unlocked');
    expect(await again.kdfMove).toBe('current');
    expect(users.masterKeyWrites).toBe(1);
  }, 60_000);

  it('a failed write leaves the PBKDF2 record, which still unlocks; the next unlock moves it', async () => {
    const users = new MemoryUserRepository();
    const record = await pbkdf2Record();
    await users.create('ana', record);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const replace = vi.spyOn(users, 'replaceMasterKey').mockRejectedValueOnce(new Error('unavailable: the connection was lost'));
    const d = deps(users);
    expect(await (await openVault(d, ana, record, MASTER)).kdfMove).toBe('failed');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/stays on PBKDF2/), expect.any(Error));
    expect(await users.get('ana')).toEqual(record);
    await expect(unlockVault(MASTER, masterKeyMaterialOf(record))).resolves.toBeDefined();

    d.session.clear();
    expect(await (await openVault(d, ana, record, MASTER)).kdfMove).toBe('moved');
    expect(replace).toHaveBeenCalledTimes(2);
    expect((await users.get('ana'))?.kdf.algorithm).toBe('Argon2id');
  }, 60_000);

  it('a master-password change that landed first is not overwritten', async () => {
    const users = new MemoryUserRepository();
    const record = await pbkdf2Record();
    await users.create('ana', record);
    // Another device changed the password (a new check value) after this one read the record.
    users.replace('ana', { ...record, masterPasswordTest: forgedSealed('changed elsewhere') });
    const d = deps(users);
    expect(await (await openVault(d, ana, record, MASTER)).kdfMove).toBe('superseded');
    expect((await users.get('ana'))?.masterPasswordTest).toBe('changed elsewhere');
    expect(users.masterKeyWrites).toBe(0);
  }, 60_000);

  it('a wrong password neither unlocks nor moves anything', async () => {
    const users = new MemoryUserRepository();
    const record = await pbkdf2Record();
    await users.create('ana', record);
    await expect(openVault(deps(users), ana, record, 'not it')).rejects.toThrow('Invalid master password');
    expect(users.masterKeyWrites).toBe(0);
  }, 60_000);
});

describe('a device without Argon2id’s 64 MiB', () => {
  it('is told so in the form, at sign-up and at unlock, and nothing is created or moved', async () => {
    const outOfMemory = () =>
      ({
        onmessage: null as ((event: MessageEvent<unknown>) => void) | null,
        onerror: null,
        postMessage(this: { onmessage: ((event: MessageEvent<unknown>) => void) | null }, request: { id: number }) {
          setTimeout(() => this.onmessage?.({ data: { id: request.id, failed: 'memory', message: 'Out of memory' } } as MessageEvent<unknown>), 0);
        },
        terminate: () => undefined,
      }) as unknown as Worker;
    const users = new MemoryUserRepository();
    const record = await pbkdf2Record();
    await users.create('ana', record);
    const previous = installArgon2WorkerFactory(outOfMemory);
    try {
      const message = 'This device could not set aside the 64 MiB of memory that unlocking needs. Close other tabs or apps and try again.';
      const fresh = new MemoryUserRepository();
      await expect(createVault(deps(fresh), ana, MASTER)).rejects.toThrow(message);
      expect(await fresh.get('ana')).toBeNull();
      // The PBKDF2 account still unlocks; its move needs Argon2id and fails, leaving it as it was.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      expect(await (await openVault(deps(users), ana, record, MASTER)).kdfMove).toBe('failed');
      expect(warn).toHaveBeenCalled();
      expect(await users.get('ana')).toEqual(record);
      const moved = { ...record, kdf: { algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 } } as const;
      await expect(openVault(deps(users), ana, moved, MASTER)).rejects.toThrow(message);
    } finally {
      installArgon2WorkerFactory(previous);
    }
  }, 60_000);
});
