import { beforeAll, describe, expect, it } from 'vitest';
import {
  KeyTypeError,
  PBKDF2_MIN_ITERATIONS,
  assertKeyKind,
  deriveMasterKey,
  encryptText,
  generateKeyPair,
  generateSharedSecret,
  generateTeamKey,
  importInviteKey,
  newKdfParams,
  unlockPrivateKey,
  unwrapTeamKey,
  wrapTeamKey,
  wrapTeamKeyWithInvite,
} from '../../../src/crypto';
import type { GeneratedKeyPair, MasterKey, TeamKey, VaultKey } from '../../../src/crypto';
import { forgedSealed } from '../../support/forgedCiphertext';

let team: TeamKey;
let master: MasterKey;
let pair: GeneratedKeyPair;

beforeAll(async () => {
  [team, master, pair] = await Promise.all([
    generateTeamKey(),
    deriveMasterKey('pw', { algorithm: 'PBKDF2-SHA256', iterations: PBKDF2_MIN_ITERATIONS, salt: newKdfParams().salt }),
    generateKeyPair(),
  ]);
});

describe('key kinds', () => {
  it('a TeamKey where a VaultKey is required is a compile error and a runtime KeyTypeError', async () => {
    // @ts-expect-error proves the type separation: TeamKey is not assignable to VaultKey.
    await expect(unlockPrivateKey(team, 'AAAA')).rejects.toThrow(KeyTypeError);
  });

  it('the master key cannot encrypt entries, at compile time or at runtime', async () => {
    // @ts-expect-error proves MasterKey is not a data key: it only wraps the vault key.
    await expect(encryptText(master, 'x')).rejects.toThrow(KeyTypeError);
  });

  it('public and private keys cannot be swapped', async () => {
    // @ts-expect-error a PrivateKey is not a PublicKey.
    await expect(wrapTeamKey(team, pair.privateKey, { teamId: 't1', keyVersion: 1 })).rejects.toThrow(KeyTypeError);
    // @ts-expect-error a PublicKey is not a PrivateKey.
    await expect(unwrapTeamKey('AAAA', pair.publicKey, { teamId: 't1', keyVersion: 1 })).rejects.toThrow(KeyTypeError);
  });

  it('an invite key is not a team key', async () => {
    const invite = await importInviteKey(generateSharedSecret());
    // @ts-expect-error an InviteKey cannot be wrapped as if it were the team key.
    await expect(wrapTeamKeyWithInvite(invite, invite, 'ctx')).rejects.toThrow(KeyTypeError);
  });

  it('a relabelled key is caught by its CryptoKey algorithm and type', async () => {
    const forged = { kind: 'vault', key: pair.publicKey.key } as VaultKey;
    await expect(unlockPrivateKey(forged, forgedSealed('AAAA'))).rejects.toThrow(KeyTypeError);
    const secretAsPublic = { kind: 'public', key: team.key } as const;
    await expect(wrapTeamKey(team, secretAsPublic, { teamId: 't1', keyVersion: 1 })).rejects.toThrow(KeyTypeError);
  });

  it('rejects values that are not keys at all', () => {
    for (const value of [null, { kind: 'vault' }, { kind: 'vault', key: {} }]) {
      expect(() => {
        assertKeyKind(value, 'vault');
      }).toThrow(KeyTypeError);
    }
  });

  it('typed keys are frozen, so a holder cannot relabel one', () => {
    expect(Object.isFrozen(team)).toBe(true);
    expect(() => {
      (team as { kind: string }).kind = 'vault';
    }).toThrow(TypeError);
  });
});
