// One behaviour for every UserRepository: the in-memory twin runs it in the unit tier, the
// Firestore one in the firestore tier, so the double cannot drift from the real thing.
import { describe, expect, it } from 'vitest';
import { MasterKeyChangedError, type MasterKeyFields, type StoredUserRecord, type UserRepository } from '../../src/data/users/userRecord';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { forgedSealed } from '../support/forgedCiphertext';

/** Canonical base64 of `length` bytes: a stand-in of the stored size for a key or a ciphertext. */
export function base64OfBytes(length: number, fill = 0x41): string {
  return btoa(String.fromCharCode(...new Uint8Array(length).fill(fill)));
}

/** What src/crypto stores, at its real sizes (docs/rules.md lists them). */
export const STORED_SIZES = {
  /** SALT_BYTES. */
  encryptionSalt: 32,
  /** SPKI DER of an RSA-2048 public key. */
  publicKey: 294,
  /** IV + PKCS#8 of an RSA-2048 private key (1214 to 1219 bytes) + GCM tag. */
  encryptedPrivateKey: 12 + 1217 + 16,
  /** IV + 32-byte AES key + GCM tag. */
  wrappedVaultKey: 12 + 32 + 16,
  /** IV + the 32-byte check text + GCM tag. */
  masterPasswordTest: 12 + 32 + 16,
} as const;

/** The KDF every new master key gets (src/crypto/parameters.ts). */
export const SAMPLE_ARGON2ID = { algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 } as const;

/** A record from before Argon2id (PBKDF2): the one a migration starts from. */
export function sampleUserRecord(now = Date.now()): StoredUserRecord {
  return {
    email: 'ana@example.com',
    encryptionSalt: base64OfBytes(STORED_SIZES.encryptionSalt, 0x73),
    kdf: { algorithm: 'PBKDF2-SHA256', iterations: 600_000 },
    publicKey: base64OfBytes(STORED_SIZES.publicKey, 0x70),
    encryptedPrivateKey: forgedSealed(base64OfBytes(STORED_SIZES.encryptedPrivateKey, 0x6b)),
    wrappedVaultKey: forgedSealed(base64OfBytes(STORED_SIZES.wrappedVaultKey, 0x77)),
    masterPasswordTest: forgedSealed(base64OfBytes(STORED_SIZES.masterPasswordTest, 0x6d)),
    authProvider: 'password',
    createdAt: now,
    updatedAt: now,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: newTrialSubscription(now),
  };
}

/** New master-key fields at their real sizes, stamped `now`: what a master-password change or the move to Argon2id writes. */
export function sampleMasterKeyFields(now = Date.now()): MasterKeyFields {
  return {
    encryptionSalt: base64OfBytes(STORED_SIZES.encryptionSalt, 0x53),
    kdf: { ...SAMPLE_ARGON2ID },
    wrappedVaultKey: forgedSealed(base64OfBytes(STORED_SIZES.wrappedVaultKey, 0x57)),
    masterPasswordTest: forgedSealed(base64OfBytes(STORED_SIZES.masterPasswordTest, 0x4d)),
    updatedAt: now,
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
      await expect(users.create('ana', { ...sampleUserRecord(), publicKey: base64OfBytes(STORED_SIZES.publicKey, 0x6f) })).rejects.toThrow();
      expect(await users.get('ana')).toEqual(first);
    });

    it('hands out copies: changing a returned record changes nothing stored', async () => {
      const users = await open('ana');
      await users.create('ana', sampleUserRecord());
      const read = await users.get('ana');
      (read as { email: string }).email = 'mallory@example.com';
      expect((await users.get('ana'))?.email).toBe('ana@example.com');
    });

    it('replaces exactly the master-key fields and keeps everything else', async () => {
      const users = await open('ana');
      const record = sampleUserRecord(Date.now() - 1000);
      await users.create('ana', record);
      const fields = { ...sampleMasterKeyFields(), kdf: { algorithm: 'PBKDF2-SHA256' as const, iterations: 700_000 } };
      await users.replaceMasterKey('ana', record.masterPasswordTest, fields);
      expect(await users.get('ana')).toEqual({ ...record, ...fields });
    });

    it('moves a PBKDF2 record to Argon2id in the same one replacement', async () => {
      const users = await open('ana');
      const record = sampleUserRecord(Date.now() - 1000);
      await users.create('ana', record);
      const fields = sampleMasterKeyFields();
      await users.replaceMasterKey('ana', record.masterPasswordTest, fields);
      expect((await users.get('ana'))?.kdf).toEqual(SAMPLE_ARGON2ID);
      expect(await users.get('ana')).toEqual({ ...record, ...fields });
    });

    it('refuses when the check value changed meanwhile, and writes nothing', async () => {
      const users = await open('ana');
      const record = sampleUserRecord(Date.now() - 1000);
      await users.create('ana', record);
      const stale = base64OfBytes(STORED_SIZES.masterPasswordTest, 0x21);
      await expect(users.replaceMasterKey('ana', stale, sampleMasterKeyFields())).rejects.toBeInstanceOf(MasterKeyChangedError);
      expect(await users.get('ana')).toEqual(record);
    });

    it('refuses when there is no record', async () => {
      const users = await open('ana');
      await expect(users.replaceMasterKey('ana', sampleUserRecord().masterPasswordTest, sampleMasterKeyFields())).rejects.toBeInstanceOf(
        MasterKeyChangedError,
      );
      expect(await users.get('ana')).toBeNull();
    });
  });
}
