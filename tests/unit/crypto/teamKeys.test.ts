import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  InvalidKeyError,
  decryptText,
  encryptText,
  entryFieldContext,
  exportPublicKey,
  formatFingerprint,
  generateKeyPair,
  generateTeamKey,
  openPreviousTeamKey,
  publicKeyFingerprint,
  sealPreviousTeamKey,
} from '../../../src/crypto';
import { flipByte } from './node-oracle';

describe('the previous team key sealed under the current one (rotation chain)', () => {
  const v1 = { teamId: 'team-a', keyVersion: 1 } as const;

  it('opens with the current key and still decrypts what the previous key encrypted', async () => {
    const previous = await generateTeamKey();
    const current = await generateTeamKey();
    const old = await encryptText(previous, 'old entry', entryFieldContext('e1', 'password'));
    const sealed = await sealPreviousTeamKey(previous, current, v1);
    const opened = await openPreviousTeamKey(sealed, current, v1);
    expect(opened.kind).toBe('team');
    expect(await decryptText(opened, old, entryFieldContext('e1', 'password'))).toBe('old entry');
  });

  it('does not open with another key, for another team or version, or altered', async () => {
    const previous = await generateTeamKey();
    const current = await generateTeamKey();
    const sealed = await sealPreviousTeamKey(previous, current, v1);
    await expect(openPreviousTeamKey(sealed, previous, v1)).rejects.toThrow(DecryptionError);
    await expect(openPreviousTeamKey(sealed, current, { teamId: 'team-b', keyVersion: 1 })).rejects.toThrow(DecryptionError);
    await expect(openPreviousTeamKey(sealed, current, { teamId: 'team-a', keyVersion: 2 })).rejects.toThrow(DecryptionError);
    await expect(openPreviousTeamKey(flipByte(sealed, 20), current, v1)).rejects.toThrow(DecryptionError);
  });
});

describe('public-key fingerprints', () => {
  it('is the SHA-256 of the SPKI DER in hex (known answer from node:crypto)', async () => {
    const { publicKey } = await generateKeyPair();
    const spki = await exportPublicKey(publicKey);
    const expected = createHash('sha256').update(Buffer.from(spki, 'base64')).digest('hex');
    expect(await publicKeyFingerprint(spki)).toBe(expected);
  });

  it('matches a fixed vector', async () => {
    // SHA-256 of the three bytes "abc", written as a (non-key) base64 input: the digest is the
    // FIPS 180-2 test vector.
    expect(await publicKeyFingerprint('YWJj')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(formatFingerprint('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')).toBe(
      'ba78 16bf 8f01 cfea 4141 40de 5dae 2223',
    );
  });

  it('differs for different keys, and refuses what is not base64 or not a fingerprint', async () => {
    const [a, b] = await Promise.all([generateKeyPair(), generateKeyPair()]);
    expect(await publicKeyFingerprint(await exportPublicKey(a.publicKey))).not.toBe(
      await publicKeyFingerprint(await exportPublicKey(b.publicKey)),
    );
    await expect(publicKeyFingerprint('%%%')).rejects.toThrow(InvalidKeyError);
    expect(() => formatFingerprint('abc')).toThrow(InvalidKeyError);
  });
});
