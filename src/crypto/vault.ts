import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from './encoding';
import { DecryptionError, InvalidCiphertextError, WrongMasterPasswordError } from './errors';
import { gcmOpen, gcmSeal, gcmUnwrapAesKey, gcmWrapKey, requireAes256 } from './gcm';
import { deriveMasterKey, newKdfParams, requireMasterPassword, validateKdfParams } from './kdf';
import type { KdfParams } from './kdf';
import { assertKeyKind, tagKey } from './keys';
import type { MasterKey, PrivateKey, PublicKey, VaultKey } from './keys';
import { AES_KEY_BITS, GCM_TAG_BYTES, IV_BYTES } from './parameters';
import { exportPublicKey, generateKeyPair, importPrivateKey } from './rsa';
import { MASTER_PASSWORD_TEST_CONTEXT, PRIVATE_KEY_CONTEXT, VAULT_KEY_CONTEXT } from './contexts';
import { sealedAs, type Sealed } from './sealed';

// The key hierarchy (ENGINEERING.md §2, docs/crypto.md):
//   master password --Argon2id (older accounts: PBKDF2)--> master key --wraps--> vault key --encrypts--> private key, personal entries
// The master key touches nothing else, so changing the master password rewrites three fields.

/** A public constant; its ciphertext only proves the master key is right. */
export const MASTER_PASSWORD_CHECK_TEXT = 'keyloft-master-password-check-v1';

/** What the user record stores. Ciphertext only; all base64. */
export type StoredVaultKeys = {
  kdf: KdfParams;
  wrappedVaultKey: Sealed<'vault-key'>;
  masterPasswordTest: Sealed<'master-password-test'>;
  encryptedPrivateKey: Sealed<'private-key'>;
  publicKey: string;
};

export type StoredMasterKeyMaterial = Pick<StoredVaultKeys, 'kdf' | 'wrappedVaultKey' | 'masterPasswordTest'>;

/** `kdf`: the current KDF unless told (tests build accounts from before it with PBKDF2 parameters). */
export async function createAccountKeys(masterPassword: string, kdf: KdfParams = newKdfParams()): Promise<{
  stored: StoredVaultKeys;
  vaultKey: VaultKey;
  privateKey: PrivateKey;
  publicKey: PublicKey;
}> {
  requireMasterPassword(masterPassword);
  // The derivation and RSA key generation are independent and both slow; run them side by side.
  const [masterKey, pair] = await Promise.all([deriveMasterKey(masterPassword, kdf), generateKeyPair()]);
  const subtle = globalThis.crypto.subtle;

  const exportableVaultKey = await subtle.generateKey({ name: 'AES-GCM', length: AES_KEY_BITS }, true, ['encrypt', 'decrypt']);
  const wrappedVaultKey = await gcmWrapKey(exportableVaultKey, masterKey.key, VAULT_KEY_CONTEXT);
  // Unwrapping our own wrap gives the non-extractable working copy without the raw key ever
  // entering JavaScript memory, and proves the stored wrap opens.
  const vaultKey = tagKey('vault', await gcmUnwrapAesKey(wrappedVaultKey, masterKey.key, VAULT_KEY_CONTEXT, false));

  let encryptedPrivateKey: Uint8Array<ArrayBuffer>;
  try {
    encryptedPrivateKey = await gcmSeal(vaultKey.key, pair.privateKeyPkcs8, PRIVATE_KEY_CONTEXT);
  } finally {
    pair.privateKeyPkcs8.fill(0);
  }

  return {
    stored: {
      kdf,
      wrappedVaultKey: sealedAs<'vault-key'>(bytesToBase64(wrappedVaultKey)),
      masterPasswordTest: await sealCheckValue(masterKey),
      encryptedPrivateKey: sealedAs<'private-key'>(bytesToBase64(encryptedPrivateKey)),
      publicKey: await exportPublicKey(pair.publicKey),
    },
    vaultKey,
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
  };
}

/** Throws WrongMasterPasswordError for a wrong password; derives the master key exactly once. */
export async function unlockVault(
  masterPassword: string,
  stored: StoredMasterKeyMaterial,
): Promise<{ vaultKey: VaultKey; masterKey: MasterKey }> {
  const { masterKey, vaultKey } = await openVault(masterPassword, stored, false);
  return { masterKey, vaultKey: tagKey('vault', vaultKey) };
}

/**
 * The browser extension's unlock (docs/extension.md, "Session"): the vault key's raw bytes, which
 * the extension keeps in `chrome.storage.session` (memory the browser clears when it closes) so
 * that its popup, which Chrome ends at every close, need not ask for the master password each
 * time. That storage holds JSON only, never a CryptoKey, hence bytes. The app never calls this:
 * its vault key stays non-extractable. Throws WrongMasterPasswordError as unlockVault does.
 */
export async function unlockVaultKeyBytes(masterPassword: string, stored: StoredMasterKeyMaterial): Promise<Uint8Array<ArrayBuffer>> {
  const { vaultKey } = await openVault(masterPassword, stored, true);
  return new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', vaultKey));
}

/** The vault key again from unlockVaultKeyBytes' bytes, non-extractable; the bytes are zeroed. */
export async function importVaultKeyBytes(raw: Uint8Array<ArrayBuffer>): Promise<VaultKey> {
  try {
    if (raw.length !== AES_KEY_BITS / 8) throw new InvalidCiphertextError('A vault key is 32 bytes.');
    const key = await globalThis.crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
    return tagKey('vault', requireAes256(key));
  } finally {
    raw.fill(0);
  }
}

export async function unlockPrivateKey(vaultKey: VaultKey, encryptedPrivateKey: Sealed<'private-key'>): Promise<PrivateKey> {
  assertKeyKind(vaultKey, 'vault');
  const pkcs8 = await gcmOpen(vaultKey.key, base64ToBytes(encryptedPrivateKey), PRIVATE_KEY_CONTEXT);
  try {
    return await importPrivateKey(pkcs8);
  } finally {
    pkcs8.fill(0);
  }
}

/**
 * Re-wraps the same vault key under a key from the new password (fresh salt, current KDF: Argon2id). Entries and the private key stay valid because the vault key does not change; the
 * caller writes the three returned fields in one update.
 */
export async function changeMasterPassword(
  currentPassword: string,
  newPassword: string,
  stored: StoredMasterKeyMaterial,
): Promise<StoredMasterKeyMaterial> {
  requireMasterPassword(newPassword);
  // Extractable only for the wrapKey call below; this copy is dropped when the function returns.
  const { vaultKey } = await openVault(currentPassword, stored, true);
  return wrapUnderNewMasterKey(vaultKey, newPassword);
}

/**
 * The KDF migration's re-wrap (docs/crypto.md, "Migration to Argon2id"): the same vault key under
 * a master key of the same password, derived with the current KDF and a fresh salt. `masterKey` is
 * the one the unlock derived from `stored`, so the old derivation does not run a second time.
 */
export async function rewrapForCurrentKdf(
  masterPassword: string,
  masterKey: MasterKey,
  stored: StoredMasterKeyMaterial,
): Promise<StoredMasterKeyMaterial> {
  assertKeyKind(masterKey, 'master');
  requireMasterPassword(masterPassword);
  // Extractable only for the wrapKey call; this copy is dropped when the function returns.
  const vaultKey = await gcmUnwrapAesKey(decodeSealed(stored.wrappedVaultKey), masterKey.key, VAULT_KEY_CONTEXT, true);
  return wrapUnderNewMasterKey(vaultKey, masterPassword);
}

/**
 * Internal (passkeyUnlock.ts): the vault key, extractable so that it can be wrapped again, from the
 * master password. Throws WrongMasterPasswordError as unlockVault does.
 */
export async function openVaultKeyForWrap(masterPassword: string, stored: StoredMasterKeyMaterial): Promise<CryptoKey> {
  return (await openVault(masterPassword, stored, true)).vaultKey;
}

async function wrapUnderNewMasterKey(vaultKey: CryptoKey, password: string): Promise<StoredMasterKeyMaterial> {
  const kdf = newKdfParams();
  const newMasterKey = await deriveMasterKey(password, kdf);
  return {
    kdf,
    wrappedVaultKey: sealedAs<'vault-key'>(bytesToBase64(await gcmWrapKey(vaultKey, newMasterKey.key, VAULT_KEY_CONTEXT))),
    masterPasswordTest: await sealCheckValue(newMasterKey),
  };
}

async function openVault(
  masterPassword: string,
  stored: StoredMasterKeyMaterial,
  extractable: boolean,
): Promise<{ masterKey: MasterKey; vaultKey: CryptoKey }> {
  // Check everything that needs no key first, so malformed records fail fast instead of after
  // a full key derivation, and are reported as what they are.
  const kdf = validateKdfParams(stored.kdf);
  const checkValue = decodeSealed(stored.masterPasswordTest);
  const wrappedVaultKey = decodeSealed(stored.wrappedVaultKey);

  const masterKey = await deriveMasterKey(masterPassword, kdf);
  try {
    const check = utf8Decode(await gcmOpen(masterKey.key, checkValue, MASTER_PASSWORD_TEST_CONTEXT));
    if (check !== MASTER_PASSWORD_CHECK_TEXT) throw new WrongMasterPasswordError();
    // The check value could be genuine while the wrapped vault key was swapped or altered; the
    // user can do nothing else about it than retry, so it is reported the same way.
    const vaultKey = await gcmUnwrapAesKey(wrappedVaultKey, masterKey.key, VAULT_KEY_CONTEXT, extractable);
    return { masterKey, vaultKey };
  } catch (cause) {
    if (cause instanceof WrongMasterPasswordError) throw cause;
    if (cause instanceof DecryptionError || cause instanceof InvalidCiphertextError) {
      throw new WrongMasterPasswordError({ cause });
    }
    throw cause;
  }
}

function decodeSealed(value: string): Uint8Array<ArrayBuffer> {
  const bytes = base64ToBytes(value);
  if (bytes.length < IV_BYTES + GCM_TAG_BYTES) {
    throw new InvalidCiphertextError('The stored key material is too short.');
  }
  return bytes;
}

async function sealCheckValue(masterKey: MasterKey): Promise<Sealed<'master-password-test'>> {
  return sealedAs(bytesToBase64(await gcmSeal(masterKey.key, utf8Encode(MASTER_PASSWORD_CHECK_TEXT), MASTER_PASSWORD_TEST_CONTEXT)));
}
