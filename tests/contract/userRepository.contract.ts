// One behaviour for every UserRepository: the in-memory twin runs it in the unit tier, the
// Firestore one in the firestore tier, so the double cannot drift from the real thing.
import { describe, expect, it } from 'vitest';
import type { StoredUserRecord, UserRepository } from '../../src/data/users/userRecord';
import { newTrialSubscription } from '../../src/domain/trial';

export function sampleUserRecord(now = Date.now()): StoredUserRecord {
  return {
    email: 'ana@example.com',
    encryptionSalt: 'c2FsdHNhbHRzYWx0c2FsdHNhbHRzYWx0c2FsdHNhbHQ=',
    kdf: { algorithm: 'PBKDF2-SHA256', iterations: 600_000 },
    publicKey: 'cHVibGljLWtleQ==',
    encryptedPrivateKey: 'ZW5jcnlwdGVkLXByaXZhdGUta2V5',
    wrappedVaultKey: 'd3JhcHBlZC12YXVsdC1rZXk=',
    masterPasswordTest: 'bWFzdGVyLXBhc3N3b3JkLXRlc3Q=',
    authProvider: 'password',
    createdAt: now,
    updatedAt: now,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: newTrialSubscription(now),
  };
}

/** `open(uid)` gives a repository acting as that signed-in user, on an empty store. */
export function userRepositoryContract(open: (uid: string) => Promise<UserRepository>): void {
  describe('UserRepository contract', () => {
    it('has no record for a new user', async () => {
      const users = await open('ana');
      expect(await users.get('ana')).toBeNull();
    });

    it('returns what was created', async () => {
      const users = await open('ana');
      const record = sampleUserRecord();
      await users.create('ana', record);
      expect(await users.get('ana')).toEqual(record);
    });

    it('refuses a second create and keeps the first record', async () => {
      const users = await open('ana');
      const first = sampleUserRecord();
      await users.create('ana', first);
      await expect(users.create('ana', { ...sampleUserRecord(), publicKey: 'b3RoZXI=' })).rejects.toThrow();
      expect(await users.get('ana')).toEqual(first);
    });

    it('hands out copies: changing a returned record changes nothing stored', async () => {
      const users = await open('ana');
      await users.create('ana', sampleUserRecord());
      const read = await users.get('ana');
      (read as { email: string }).email = 'mallory@example.com';
      expect((await users.get('ana'))?.email).toBe('ana@example.com');
    });
  });
}
