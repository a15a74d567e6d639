import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes as nodeRandomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CryptoError,
  DecryptionError,
  InvalidCiphertextError,
  MASTER_PASSWORD_CHECK_TEXT,
  UnsupportedKdfError,
  WrongMasterPasswordError,
  base64ToBytes,
  changeMasterPassword,
  createAccountKeys,
  rewrapForCurrentKdf,
  decryptText,
  encryptText,
  entryFieldContext,
  exportPublicKey,
  generateTeamKey,
  importPublicKey,
  unlockPrivateKey,
  unlockVault,
  unlockVaultKeyBytes,
  importVaultKeyBytes,
  unwrapTeamKey,
  wrapTeamKey,
} from '../../../src/crypto';
import type { Sealed, StoredMasterKeyMaterial, StoredVaultKeys, VaultKey } from '../../../src/crypto';
import { flipByte, nobleArgon2idMasterKey, nodeMasterKey, nodeOpen, nodeSeal } from './node-oracle';
import { forgedSealed } from '../../support/forgedCiphertext';

const PASSWORD = 'correct horse battery staple';
const VAULT_KEY_AD = 'keyloft/vault-key/v1';
const CHECK_AD = 'keyloft/master-password-test/v1';
const PRIVATE_KEY_AD = 'keyloft/private-key/v1';

let account: Awaited<ReturnType<typeof createAccountKeys>>;
let other: Awaited<ReturnType<typeof createAccountKeys>>;
/** An account made before Argon2id: PBKDF2 at 600,000 iterations. */
let pbkdf2Account: Awaited<ReturnType<typeof createAccountKeys>>;

beforeAll(async () => {
  // Real accounts at the default parameters (Argon2id, 64 MiB); every other test reuses them.
  [account, other, pbkdf2Account] = await Promise.all([
    createAccountKeys(PASSWORD),
    createAccountKeys('another password'),
    createAccountKeys(PASSWORD, { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: nodeRandomBytes(32).toString('base64') }),
  ]);
}, 60_000);

function masterMaterial(stored: StoredVaultKeys): StoredMasterKeyMaterial {
  return { kdf: stored.kdf, wrappedVaultKey: stored.wrappedVaultKey, masterPasswordTest: stored.masterPasswordTest };
}

describe('createAccountKeys', () => {
  it('stores new-account parameters and only ciphertext', () => {
    const { stored } = account;
    expect(stored.kdf).toMatchObject({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    expect(base64ToBytes(stored.kdf.salt).length).toBe(32);
    expect(base64ToBytes(stored.wrappedVaultKey).length).toBe(12 + 32 + 16);
    expect(JSON.stringify(stored)).not.toContain(MASTER_PASSWORD_CHECK_TEXT);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect(stored.kdf.salt).not.toBe(other.stored.kdf.salt);
  });

  it('hands out a non-extractable vault key and private key', async () => {
    expect(account.vaultKey.key.extractable).toBe(false);
    expect(account.privateKey.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', account.vaultKey.key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('pkcs8', account.privateKey.key)).rejects.toThrow();
  });

  it('refuses an empty master password', async () => {
    await expect(createAccountKeys('')).rejects.toThrow(CryptoError);
  });

  it('is readable end to end by node:crypto, with @noble/hashes’ Argon2id (the default path)', async () => {
    const { stored } = account;
    if (stored.kdf.algorithm !== 'Argon2id') throw new Error('not on Argon2id');
    const master = nobleArgon2idMasterKey(PASSWORD, stored.kdf);
    expect(nodeOpen(master, stored.masterPasswordTest, CHECK_AD).toString('utf8')).toBe(MASTER_PASSWORD_CHECK_TEXT);
    const vaultRaw = nodeOpen(master, stored.wrappedVaultKey, VAULT_KEY_AD);
    expect(vaultRaw.length).toBe(32);
    const pkcs8 = nodeOpen(vaultRaw, stored.encryptedPrivateKey, PRIVATE_KEY_AD);
    const publicFromPrivate = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }));
    expect(publicFromPrivate.export({ format: 'der', type: 'spki' }).toString('base64')).toBe(stored.publicKey);

    const entry = await encryptText(account.vaultKey, 'p@ssw0rd', entryFieldContext('e1', 'password'));
    expect(nodeOpen(vaultRaw, entry, entryFieldContext('e1', 'password')).toString('utf8')).toBe('p@ssw0rd');
  });
});

describe('unlockVault and unlockPrivateKey', () => {
  it('unlock → private key → RSA round trip, with the same vault key as at creation', async () => {
    const entry = await encryptText(account.vaultKey, 'hunter2', entryFieldContext('e1', 'password'));

    const { vaultKey, masterKey } = await unlockVault(PASSWORD, masterMaterial(account.stored));
    expect(vaultKey.kind).toBe('vault');
    expect(masterKey.kind).toBe('master');
    expect(await decryptText(vaultKey, entry, entryFieldContext('e1', 'password'))).toBe('hunter2');

    const privateKey = await unlockPrivateKey(vaultKey, account.stored.encryptedPrivateKey);
    const team = await generateTeamKey();
    const wrapped = await wrapTeamKey(team, await importPublicKey(account.stored.publicKey), { teamId: 't1', keyVersion: 1 });
    const unwrapped = await unwrapTeamKey(wrapped, privateKey, { teamId: 't1', keyVersion: 1 });
    // @ts-expect-error -- no binding: a compile error (issue #19); the run-time path stays for untyped callers.
    const sealed = await encryptText(team, 'team data');
    // @ts-expect-error -- as above
    expect(await decryptText(unwrapped, sealed)).toBe('team data');
  });

  it('keeps the unlocked vault and private keys non-extractable', async () => {
    const { vaultKey, masterKey } = await unlockVault(PASSWORD, masterMaterial(account.stored));
    await expect(crypto.subtle.exportKey('raw', vaultKey.key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('raw', masterKey.key)).rejects.toThrow();
    const privateKey = await unlockPrivateKey(vaultKey, account.stored.encryptedPrivateKey);
    await expect(crypto.subtle.exportKey('pkcs8', privateKey.key)).rejects.toThrow();
  });

  it('derives the master key once per unlock (PBKDF2, where WebCrypto derives it)', async () => {
    // A pass-through spy: the real deriveKey still runs.
    const spy = vi.spyOn(crypto.subtle, 'deriveKey');
    try {
      await unlockVault(PASSWORD, masterMaterial(pbkdf2Account.stored));
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('throws WrongMasterPasswordError for a wrong password', async () => {
    await expect(unlockVault('Correct horse battery staple', masterMaterial(account.stored))).rejects.toThrow(WrongMasterPasswordError);
    await expect(unlockVault('wrong', masterMaterial(account.stored))).rejects.toThrow('Invalid master password. Please try again.');
  });

  it('throws for an empty password', async () => {
    await expect(unlockVault('', masterMaterial(account.stored))).rejects.toThrow(CryptoError);
  });

  it('refuses a tampered or swapped wrapped vault key', async () => {
    const stored = masterMaterial(account.stored);
    await expect(unlockVault(PASSWORD, { ...stored, wrappedVaultKey: flipByte(stored.wrappedVaultKey, 20) })).rejects.toThrow(
      WrongMasterPasswordError,
    );
    await expect(unlockVault(PASSWORD, { ...stored, wrappedVaultKey: other.stored.wrappedVaultKey })).rejects.toThrow(
      WrongMasterPasswordError,
    );
    // Both are AES-GCM under the master key; only the additional data keeps them apart.
    await expect(
      unlockVault(PASSWORD, { ...stored, wrappedVaultKey: forgedSealed(stored.masterPasswordTest), masterPasswordTest: forgedSealed(stored.wrappedVaultKey) }),
    ).rejects.toThrow(WrongMasterPasswordError);
  });

  it('refuses a check value from another account or a tampered one', async () => {
    const stored = masterMaterial(account.stored);
    await expect(unlockVault(PASSWORD, { ...stored, masterPasswordTest: other.stored.masterPasswordTest })).rejects.toThrow(
      WrongMasterPasswordError,
    );
    await expect(unlockVault(PASSWORD, { ...stored, masterPasswordTest: flipByte(stored.masterPasswordTest, -1) })).rejects.toThrow(
      WrongMasterPasswordError,
    );
  });

  it('reports malformed stored values as InvalidCiphertextError before deriving', async () => {
    const stored = masterMaterial(account.stored);
    await expect(unlockVault(PASSWORD, { ...stored, wrappedVaultKey: forgedSealed('garbage!') })).rejects.toThrow(InvalidCiphertextError);
    await expect(unlockVault(PASSWORD, { ...stored, masterPasswordTest: forgedSealed('AAAA') })).rejects.toThrow(InvalidCiphertextError);
  });

  it('refuses weakened KDF parameters, and a changed salt does not unlock', async () => {
    const stored = masterMaterial(account.stored);
    await expect(unlockVault(PASSWORD, { ...stored, kdf: { ...stored.kdf, iterations: 1_000 } })).rejects.toThrow(UnsupportedKdfError);
    await expect(
      unlockVault(PASSWORD, { ...stored, kdf: { ...stored.kdf, algorithm: 'SHA-256' as 'PBKDF2-SHA256' } }),
    ).rejects.toThrow(UnsupportedKdfError);
    await expect(unlockVault(PASSWORD, { ...stored, kdf: other.stored.kdf })).rejects.toThrow(WrongMasterPasswordError);
  });

  it('unlockPrivateKey throws DecryptionError under another vault key or when tampered', async () => {
    await expect(unlockPrivateKey(other.vaultKey, account.stored.encryptedPrivateKey)).rejects.toThrow(DecryptionError);
    await expect(unlockPrivateKey(account.vaultKey, flipByte(account.stored.encryptedPrivateKey, 40))).rejects.toThrow(DecryptionError);
  });
});

describe('changeMasterPassword', () => {
  it('re-wraps the same vault key: old password fails, new one works, old data still decrypts', async () => {
    const context = entryFieldContext('entry-9', 'username');
    const before = await encryptText(account.vaultKey, 'alice@example.com', context);

    const changed = await changeMasterPassword(PASSWORD, 'a brand new password', masterMaterial(account.stored));
    expect(changed.kdf).toMatchObject({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    expect(changed.kdf.salt).not.toBe(account.stored.kdf.salt);
    expect(base64ToBytes(changed.kdf.salt).length).toBe(32);
    expect(changed.wrappedVaultKey).not.toBe(account.stored.wrappedVaultKey);
    expect(changed.masterPasswordTest).not.toBe(account.stored.masterPasswordTest);

    await expect(unlockVault(PASSWORD, changed)).rejects.toThrow(WrongMasterPasswordError);
    const { vaultKey } = await unlockVault('a brand new password', changed);
    expect(vaultKey.key.extractable).toBe(false);
    expect(await decryptText(vaultKey, before, context)).toBe('alice@example.com');
    // The private key was not re-encrypted and still opens.
    const privateKey = await unlockPrivateKey(vaultKey, account.stored.encryptedPrivateKey);
    const team = await generateTeamKey();
    const wrapped = await wrapTeamKey(team, await importPublicKey(account.stored.publicKey), { teamId: 't1', keyVersion: 1 });
    expect((await unwrapTeamKey(wrapped, privateKey, { teamId: 't1', keyVersion: 1 })).kind).toBe('team');
  });

  it('throws WrongMasterPasswordError for a wrong current password and returns nothing', async () => {
    let result: StoredMasterKeyMaterial | undefined;
    await expect(
      (async () => {
        result = await changeMasterPassword('not it', 'new password', masterMaterial(account.stored));
      })(),
    ).rejects.toThrow(WrongMasterPasswordError);
    expect(result).toBeUndefined();
  });

  it('refuses an empty new password', async () => {
    await expect(changeMasterPassword(PASSWORD, '', masterMaterial(account.stored))).rejects.toThrow(CryptoError);
  });
});

describe('rewrapForCurrentKdf (the move to Argon2id at unlock)', () => {
  it('wraps the same vault key under Argon2id of the same password; the old material still opens', async () => {
    const context = entryFieldContext('entry-m', 'password');
    const before = await encryptText(pbkdf2Account.vaultKey, 'kept', context);
    const old = masterMaterial(pbkdf2Account.stored);
    const { masterKey } = await unlockVault(PASSWORD, old);
    const moved = await rewrapForCurrentKdf(PASSWORD, masterKey, old);
    expect(moved.kdf).toMatchObject({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    expect(moved.kdf.salt).not.toBe(old.kdf.salt);
    // Either record opens with the same password and gives the same vault key: an interrupted
    // write leaves the old one, a finished one the new one.
    for (const material of [moved, old]) {
      const { vaultKey } = await unlockVault(PASSWORD, material);
      expect(await decryptText(vaultKey, before, context)).toBe('kept');
      await expect(unlockPrivateKey(vaultKey, pbkdf2Account.stored.encryptedPrivateKey)).resolves.toBeDefined();
    }
    await expect(unlockVault('another password', moved)).rejects.toThrow(WrongMasterPasswordError);
    // node:crypto and noble read the moved record without our code.
    if (moved.kdf.algorithm !== 'Argon2id') throw new Error('not moved');
    const master = nobleArgon2idMasterKey(PASSWORD, moved.kdf);
    expect(nodeOpen(master, moved.masterPasswordTest, CHECK_AD).toString('utf8')).toBe(MASTER_PASSWORD_CHECK_TEXT);
  }, 60_000);

  it('refuses a key that is not a master key', async () => {
    await expect(rewrapForCurrentKdf(PASSWORD, account.vaultKey as never, masterMaterial(pbkdf2Account.stored))).rejects.toThrow(CryptoError);
  });
});

describe('an account stored with 100,000 iterations and a 16-byte salt (built by node:crypto)', () => {
  const password = 'legacy pässword';
  let legacy: StoredVaultKeys;
  let entry: Sealed<'entry-field'>;

  beforeAll(() => {
    const kdf = { algorithm: 'PBKDF2-SHA256' as const, iterations: 100_000, salt: nodeRandomBytes(16).toString('base64') };
    const master = nodeMasterKey(password, kdf.salt, kdf.iterations);
    const vaultRaw = nodeRandomBytes(32);
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    legacy = {
      kdf,
      wrappedVaultKey: nodeSeal(master, vaultRaw, VAULT_KEY_AD),
      masterPasswordTest: nodeSeal(master, MASTER_PASSWORD_CHECK_TEXT, CHECK_AD),
      encryptedPrivateKey: nodeSeal(vaultRaw, pair.privateKey.export({ format: 'der', type: 'pkcs8' }), PRIVATE_KEY_AD),
      publicKey: pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    };
    entry = nodeSeal(vaultRaw, 'old secret', entryFieldContext('legacy-entry', 'password'));
  });

  it('unlocks, and its private key and entries open', async () => {
    const { vaultKey } = await unlockVault(password, legacy);
    expect(await decryptText(vaultKey, entry, entryFieldContext('legacy-entry', 'password'))).toBe('old secret');
    const privateKey = await unlockPrivateKey(vaultKey, legacy.encryptedPrivateKey);
    const team = await generateTeamKey();
    const wrapped = await wrapTeamKey(team, await importPublicKey(legacy.publicKey), { teamId: 't1', keyVersion: 1 });
    expect((await unwrapTeamKey(wrapped, privateKey, { teamId: 't1', keyVersion: 1 })).kind).toBe('team');
    await expect(unlockVault('legacy password', legacy)).rejects.toThrow(WrongMasterPasswordError);
  });

  it('is moved to Argon2id and a 32-byte salt by a password change', async () => {
    const changed = await changeMasterPassword(password, password, legacy);
    expect(changed.kdf).toMatchObject({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536 });
    expect(base64ToBytes(changed.kdf.salt).length).toBe(32);
    const { vaultKey }: { vaultKey: VaultKey } = await unlockVault(password, changed);
    expect(await decryptText(vaultKey, entry, entryFieldContext('legacy-entry', 'password'))).toBe('old secret');
  });
});

describe('public key material', () => {
  it('the stored public key is the one handed out', async () => {
    expect(await exportPublicKey(account.publicKey)).toBe(account.stored.publicKey);
  });
});

describe('the extension’s session key (unlockVaultKeyBytes, importVaultKeyBytes)', () => {
  it('gives the vault key’s bytes, which open what the vault key sealed, and import non-extractable', async () => {
    const entry = await encryptText(account.vaultKey, 'hunter2', entryFieldContext('e1', 'password'));
    const raw = await unlockVaultKeyBytes(PASSWORD, masterMaterial(account.stored));
    expect(raw.length).toBe(32);
    const copy = raw.slice();
    const key = await importVaultKeyBytes(raw);
    expect(raw.every((byte) => byte === 0)).toBe(true);
    expect(key.kind).toBe('vault');
    expect(key.key.extractable).toBe(false);
    expect(await decryptText(key, entry, entryFieldContext('e1', 'password'))).toBe('hunter2');
    // The same key as the node oracle unwraps from the stored wrap with the master key (Argon2id by @noble/hashes).
    const { kdf } = account.stored;
    if (kdf.algorithm !== 'Argon2id') throw new Error('not on Argon2id');
    const masterKey = nobleArgon2idMasterKey(PASSWORD, kdf);
    expect(nodeOpen(masterKey, account.stored.wrappedVaultKey, VAULT_KEY_AD)).toEqual(Buffer.from(copy));
  });

  it('refuses a wrong master password, and bytes that are no 256-bit key', async () => {
    await expect(unlockVaultKeyBytes('wrong', masterMaterial(account.stored))).rejects.toBeInstanceOf(WrongMasterPasswordError);
    await expect(importVaultKeyBytes(new Uint8Array(16))).rejects.toBeInstanceOf(InvalidCiphertextError);
  });
});
