// One behaviour for every PasskeyRepository: the in-memory double runs it in the unit tier, the
// Firestore one in the firestore tier (through the rules), so the double cannot drift.
import { describe, expect, it } from 'vitest';
import type { PasskeyRepository, StoredPasskey } from '../../src/data/passkeys/storedPasskeys';
import type { UserRepository } from '../../src/data/users/userRecord';
import { forgedSealed } from '../support/forgedCiphertext';
import { base64OfBytes, sampleUserRecord } from './userRepository.contract';

/** A passkey record at its stored sizes (the credential id: 16 bytes, base64url). */
export function samplePasskey(credentialId: string, createdAt = Date.now()): StoredPasskey {
  return {
    credentialId,
    name: 'Laptop',
    wrappedVaultKey: forgedSealed(base64OfBytes(12 + 32 + 16, 0x77)),
    prfSalt: base64OfBytes(32, 0x50),
    createdAt,
    lastUsedAt: null,
  };
}

const FIRST = 'AAECAwQFBgcICQoLDA0ODw';
const SECOND = 'qrvM3e7_ABEiM0RVZneImQ';

/** `open(uid)` gives the user's repositories acting as that signed-in user, on an empty store. */
export function passkeyRepositoryContract(open: (uid: string) => Promise<{ passkeys: PasskeyRepository; users: UserRepository }>): void {
  describe('PasskeyRepository contract', () => {
    async function withRecord(uid: string) {
      const repositories = await open(uid);
      await repositories.users.create(uid, { ...sampleUserRecord(), email: `${uid}@example.com` });
      return repositories.passkeys;
    }

    it('has no passkeys for a new user', async () => {
      const { passkeys } = await open('ana');
      expect(await passkeys.list('ana')).toEqual([]);
    });

    it('lists several passkeys, oldest first, as they were added', async () => {
      const passkeys = await withRecord('ana');
      const now = Date.now();
      const second = { ...samplePasskey(SECOND, now), name: 'Phone' };
      const first = samplePasskey(FIRST, now - 1000);
      await passkeys.add('ana', second);
      await passkeys.add('ana', first);
      expect(await passkeys.list('ana')).toEqual([first, second]);
    });

    it('refuses to add a credential id twice and keeps the first', async () => {
      const passkeys = await withRecord('ana');
      const first = samplePasskey(FIRST);
      await passkeys.add('ana', first);
      await expect(passkeys.add('ana', { ...samplePasskey(FIRST), name: 'Other' })).rejects.toThrow();
      expect(await passkeys.list('ana')).toEqual([first]);
    });

    it('sets lastUsedAt and nothing else', async () => {
      const passkeys = await withRecord('ana');
      const first = samplePasskey(FIRST, Date.now() - 1000);
      await passkeys.add('ana', first);
      const at = Date.now();
      await passkeys.markUsed('ana', FIRST, at);
      expect(await passkeys.list('ana')).toEqual([{ ...first, lastUsedAt: at }]);
    });

    it('removes one passkey, its wrap with it, and keeps the others', async () => {
      const passkeys = await withRecord('ana');
      const now = Date.now();
      await passkeys.add('ana', samplePasskey(FIRST, now - 1000));
      const second = samplePasskey(SECOND, now);
      await passkeys.add('ana', second);
      await passkeys.remove('ana', FIRST);
      expect(await passkeys.list('ana')).toEqual([second]);
    });
  });
}
