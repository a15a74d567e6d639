import { createCipheriv, hkdfSync, randomBytes as nodeRandomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DecryptionError,
  PASSKEY_HKDF_INFO,
  PASSKEY_HKDF_SALT,
  WrongMasterPasswordError,
  createAccountKeys,
  decryptText,
  encryptText,
  entryFieldContext,
  newPrfSalt,
  prfSaltBytes,
  startPasskeyEnrolment,
  unlockVaultWithPasskey,
  type Sealed,
  type StoredMasterKeyMaterial,
  type VaultKey,
} from '../../../src/crypto';
import { nodeOpen } from './node-oracle';
import { forgedSealed } from '../../support/forgedCiphertext';

const PASSWORD = 'correct horse battery staple';
const CREDENTIAL = 'AAECAwQFBgcICQoLDA0ODw';
const OTHER_CREDENTIAL = 'qrvM3e7_ABEiM0RVZneImQ';

let stored: StoredMasterKeyMaterial;
let vaultKey: VaultKey;

beforeAll(async () => {
  // PBKDF2 at its floor keeps the test quick; the passkey path does not depend on the KDF.
  const account = await createAccountKeys(PASSWORD, { algorithm: 'PBKDF2-SHA256', iterations: 100_000, salt: 'AAAAAAAAAAAAAAAAAAAAAA==' });
  stored = account.stored;
  vaultKey = account.vaultKey;
}, 30_000);

/** node:crypto's HKDF-SHA256 of a PRF output with Keyloft's salt and info: the key the wrap must be under. */
function nodePasskeyKey(prf: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', prf, Buffer.from(PASSKEY_HKDF_SALT, 'utf8'), Buffer.from(PASSKEY_HKDF_INFO, 'utf8'), 32));
}

async function wrapFor(prf: Uint8Array, credentialId = CREDENTIAL): Promise<Sealed<'passkey-vault-key'>> {
  const enrolment = await startPasskeyEnrolment(PASSWORD, stored);
  return enrolment.wrap(Uint8Array.from(prf), credentialId);
}

/** Whether `key` is the account's vault key: it opens what the vault key sealed. */
async function isVaultKey(key: VaultKey): Promise<boolean> {
  const context = entryFieldContext('entry-1', 'password');
  const sealed = await encryptText(vaultKey, 'hunter2', context);
  return (await decryptText(key, sealed, context)) === 'hunter2';
}

describe('unlock with a passkey: the crypto', () => {
  it('derives the wrapping key with HKDF-SHA256 exactly as node:crypto hkdfSync does, with the fixed salt and info', async () => {
    const prf = nodeRandomBytes(32);
    const wrapped = await wrapFor(prf);
    // node:crypto opens the wrap with its own HKDF output: the raw 32 bytes are the vault key.
    const raw = nodeOpen(nodePasskeyKey(prf), wrapped, `keyloft/passkey-vault-key/v1/${CREDENTIAL}`);
    expect(raw).toHaveLength(32);
    expect(PASSKEY_HKDF_SALT).toBe('keyloft/passkey-unlock/hkdf-salt/v1');
    expect(PASSKEY_HKDF_INFO).toBe('keyloft/passkey-unlock/v1/vault-key-wrap');
  });

  it('opens a wrap node:crypto made under its own HKDF key (the other direction)', async () => {
    const prf = nodeRandomBytes(32);
    const rawVaultKey = nodeRandomBytes(32);
    const iv = nodeRandomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', nodePasskeyKey(prf), iv);
    cipher.setAAD(Buffer.from(`keyloft/passkey-vault-key/v1/${CREDENTIAL}`, 'utf8'));
    const body = Buffer.concat([cipher.update(rawVaultKey), cipher.final(), cipher.getAuthTag()]);
    const wrapped = forgedSealed<'passkey-vault-key'>(Buffer.concat([iv, body]).toString('base64'));
    const key = await unlockVaultWithPasskey(Uint8Array.from(prf), CREDENTIAL, wrapped);
    expect(key.kind).toBe('vault');
    expect(key.key.extractable).toBe(false);
  });

  it('round-trips: the same PRF output unwraps the same vault key, non-extractable, and zeroes the PRF bytes it was given', async () => {
    const prf = nodeRandomBytes(32);
    const wrapped = await wrapFor(prf);
    const given = Uint8Array.from(prf);
    const key = await unlockVaultWithPasskey(given, CREDENTIAL, wrapped);
    expect(given.every((byte) => byte === 0)).toBe(true);
    expect(key.key.extractable).toBe(false);
    expect(await isVaultKey(key)).toBe(true);
  });

  it('fails with a DecryptionError for a wrong PRF output, a wrap moved to another credential, or an altered wrap', async () => {
    const prf = nodeRandomBytes(32);
    const wrapped = await wrapFor(prf);
    await expect(unlockVaultWithPasskey(nodeRandomBytes(32), CREDENTIAL, wrapped)).rejects.toBeInstanceOf(DecryptionError);
    await expect(unlockVaultWithPasskey(Uint8Array.from(prf), OTHER_CREDENTIAL, wrapped)).rejects.toBeInstanceOf(DecryptionError);
    const altered = Buffer.from(wrapped, 'base64');
    altered[20] = altered[20]! ^ 1;
    await expect(
      unlockVaultWithPasskey(Uint8Array.from(prf), CREDENTIAL, forgedSealed<'passkey-vault-key'>(altered.toString('base64'))),
    ).rejects.toBeInstanceOf(DecryptionError);
  });

  it('refuses a PRF output that is not 32 bytes, a credential id with "/", and a wrong master password', async () => {
    const wrapped = await wrapFor(nodeRandomBytes(32));
    await expect(unlockVaultWithPasskey(new Uint8Array(16), CREDENTIAL, wrapped)).rejects.toThrow('32 bytes');
    await expect(unlockVaultWithPasskey(new Uint8Array(32), 'a/b', wrapped)).rejects.toThrow("cannot contain '/'");
    await expect(startPasskeyEnrolment('wrong password', stored)).rejects.toBeInstanceOf(WrongMasterPasswordError);
  });

  it('keeps working after a master-password change: it wraps the vault key, not the master key', async () => {
    const { changeMasterPassword } = await import('../../../src/crypto');
    const prf = nodeRandomBytes(32);
    const wrapped = await wrapFor(prf);
    // The change re-wraps the same vault key under a new master key; the passkey's wrap is untouched.
    const changed = await changeMasterPassword(PASSWORD, 'a new master password', { ...stored, kdf: stored.kdf });
    expect(changed.wrappedVaultKey).not.toBe(stored.wrappedVaultKey);
    expect(await isVaultKey(await unlockVaultWithPasskey(Uint8Array.from(prf), CREDENTIAL, wrapped))).toBe(true);
  }, 30_000);

  it('makes fresh 32-byte PRF inputs and refuses stored ones of another length', () => {
    const a = newPrfSalt();
    expect(prfSaltBytes(a)).toHaveLength(32);
    expect(newPrfSalt()).not.toBe(a);
    expect(() => prfSaltBytes(Buffer.alloc(16).toString('base64'))).toThrow('32 bytes');
  });
});
