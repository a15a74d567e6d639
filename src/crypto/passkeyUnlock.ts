import { base64ToBytes, bytesToBase64, toBufferSource, utf8Encode } from './encoding';
import { CryptoError, InvalidCiphertextError } from './errors';
import { gcmUnwrapAesKey, gcmWrapKey } from './gcm';
import { tagKey } from './keys';
import type { VaultKey } from './keys';
import { PASSKEY_HKDF_INFO, PASSKEY_HKDF_SALT, passkeyVaultKeyContext } from './contexts';
import { AES_KEY_BITS, GCM_TAG_BYTES, IV_BYTES, PASSKEY_PRF_BYTES, PASSKEY_PRF_SALT_BYTES } from './parameters';
import { randomBytes } from './random';
import { sealedAs, type Sealed } from './sealed';
import { openVaultKeyForWrap, type StoredMasterKeyMaterial } from './vault';

// Unlock with a passkey (issue #46, docs/crypto.md "Unlock with a passkey"):
//   PRF output (32 bytes, from the authenticator) --HKDF-SHA256 (fixed salt and info)--> passkey key
//   passkey key --AES-GCM wrap (additional data names the credential)--> vault key
// The passkey wraps the vault key, not the master key, so a master-password change leaves every
// passkey's wrap valid, and removing a passkey's record removes its only wrap.

/** What registering a passkey holds between the master password's check and the authenticator's answer. */
export interface PasskeyEnrolment {
  /** The vault key wrapped under the key of this PRF output, bound to the credential. The PRF bytes are zeroed. */
  wrap(prfOutput: Uint8Array, credentialId: string): Promise<Sealed<'passkey-vault-key'>>;
}

/** A fresh PRF input for a new passkey, stored with its record (not secret). */
export function newPrfSalt(): string {
  return bytesToBase64(randomBytes(PASSKEY_PRF_SALT_BYTES));
}

/** The stored PRF input as the bytes WebAuthn's prf.eval.first takes. */
export function prfSaltBytes(prfSalt: string): Uint8Array<ArrayBuffer> {
  const bytes = base64ToBytes(prfSalt);
  if (bytes.length !== PASSKEY_PRF_SALT_BYTES) throw new InvalidCiphertextError(`A passkey's PRF input is ${PASSKEY_PRF_SALT_BYTES} bytes.`);
  return bytes;
}

/**
 * Opens the vault key with the master password (registering a passkey asks for it: the working
 * vault key cannot be wrapped, being non-extractable). The extractable copy lives only inside the
 * returned enrolment. Throws WrongMasterPasswordError for a wrong password.
 */
export async function startPasskeyEnrolment(masterPassword: string, stored: StoredMasterKeyMaterial): Promise<PasskeyEnrolment> {
  const vaultKey = await openVaultKeyForWrap(masterPassword, stored);
  return {
    async wrap(prfOutput, credentialId) {
      const context = passkeyVaultKeyContext(credentialId);
      const wrappingKey = await passkeyKey(prfOutput, ['wrapKey']);
      return sealedAs(bytesToBase64(await gcmWrapKey(vaultKey, wrappingKey, context)));
    },
  };
}

/**
 * The vault key (non-extractable) from a passkey's PRF output and its stored wrap. A PRF output of
 * another passkey, another PRF input, or a wrap moved from another record fails as a
 * DecryptionError. The PRF bytes are zeroed.
 */
export async function unlockVaultWithPasskey(
  prfOutput: Uint8Array,
  credentialId: string,
  wrapped: Sealed<'passkey-vault-key'>,
): Promise<VaultKey> {
  const context = passkeyVaultKeyContext(credentialId);
  const sealed = base64ToBytes(wrapped);
  if (sealed.length < IV_BYTES + GCM_TAG_BYTES) throw new InvalidCiphertextError('The stored key material is too short.');
  const unwrappingKey = await passkeyKey(prfOutput, ['unwrapKey']);
  return tagKey('vault', await gcmUnwrapAesKey(sealed, unwrappingKey, context, false));
}

/** HKDF-SHA256 of the PRF output into a non-extractable AES-256-GCM key for `usages`; zeroes the PRF bytes. */
async function passkeyKey(prfOutput: Uint8Array, usages: KeyUsage[]): Promise<CryptoKey> {
  const subtle = globalThis.crypto.subtle;
  try {
    if (prfOutput.length !== PASSKEY_PRF_BYTES) throw new CryptoError(`A passkey's PRF output is ${PASSKEY_PRF_BYTES} bytes.`);
    const base = await subtle.importKey('raw', toBufferSource(prfOutput), 'HKDF', false, ['deriveKey']);
    return await subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: utf8Encode(PASSKEY_HKDF_SALT), info: utf8Encode(PASSKEY_HKDF_INFO) },
      base,
      { name: 'AES-GCM', length: AES_KEY_BITS },
      false,
      usages,
    );
  } finally {
    prfOutput.fill(0);
  }
}
