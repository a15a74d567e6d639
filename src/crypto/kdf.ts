import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding';
import { CryptoError, UnsupportedKdfError } from './errors';
import { tagKey } from './keys';
import type { MasterKey } from './keys';
import {
  AES_KEY_BITS,
  KDF_ALGORITHM,
  PBKDF2_ITERATIONS,
  PBKDF2_MAX_ITERATIONS,
  PBKDF2_MIN_ITERATIONS,
  SALT_MAX_BYTES,
  SALT_MIN_BYTES,
} from './parameters';
import { generateSalt } from './random';

/** Stored per user, so the work factor can rise without breaking existing accounts. */
export type KdfParams = { algorithm: typeof KDF_ALGORITHM; iterations: number; salt: string /* base64 */ };

export function newKdfParams(): KdfParams {
  return { algorithm: KDF_ALGORITHM, iterations: PBKDF2_ITERATIONS, salt: bytesToBase64(generateSalt()) };
}

/**
 * The parameters come from the server, which we do not trust: a lowered count or a short salt
 * would quietly weaken the next key derived, so they are refused rather than used.
 */
export function validateKdfParams(value: unknown): KdfParams {
  if (typeof value !== 'object' || value === null) {
    throw new UnsupportedKdfError('Key derivation parameters are missing.');
  }
  const { algorithm, iterations, salt } = value as Record<string, unknown>;
  if (algorithm !== KDF_ALGORITHM) {
    throw new UnsupportedKdfError(`Unsupported key derivation algorithm: ${String(algorithm)}.`);
  }
  if (
    typeof iterations !== 'number' ||
    !Number.isSafeInteger(iterations) ||
    iterations < PBKDF2_MIN_ITERATIONS ||
    iterations > PBKDF2_MAX_ITERATIONS
  ) {
    throw new UnsupportedKdfError(
      `Unsupported iteration count: ${String(iterations)} (allowed ${PBKDF2_MIN_ITERATIONS} to ${PBKDF2_MAX_ITERATIONS}).`,
    );
  }
  let saltLength: number;
  try {
    saltLength = typeof salt === 'string' ? base64ToBytes(salt).length : -1;
  } catch {
    saltLength = -1;
  }
  if (typeof salt !== 'string' || saltLength < SALT_MIN_BYTES || saltLength > SALT_MAX_BYTES) {
    throw new UnsupportedKdfError(`The salt must be base64 of ${SALT_MIN_BYTES} to ${SALT_MAX_BYTES} bytes.`);
  }
  return { algorithm, iterations, salt };
}

/**
 * The password is normalised to NFC before UTF-8 encoding: the same accented password typed on
 * two systems can arrive in different Unicode forms and must open the same vault. The key is
 * non-extractable: nothing can read it back out.
 */
export async function deriveMasterKey(masterPassword: string, params: KdfParams): Promise<MasterKey> {
  requireMasterPassword(masterPassword);
  return tagKey('master', await derivePasswordKey(masterPassword, params, ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey']));
}

/**
 * Internal: PBKDF2-SHA256 of the NFC-normalised password into a non-extractable AES-256-GCM key,
 * after validating the parameters (the master key, and an export file's key in exportFile.ts).
 * The caller checks the password is not empty, with a message naming which password.
 */
export async function derivePasswordKey(password: string, params: KdfParams, usages: KeyUsage[]): Promise<CryptoKey> {
  const { iterations, salt } = validateKdfParams(params);
  const subtle = globalThis.crypto.subtle;
  const passwordBytes = utf8Encode(password.normalize('NFC'));
  try {
    const baseKey = await subtle.importKey('raw', passwordBytes, 'PBKDF2', false, ['deriveKey']);
    return await subtle.deriveKey(
      { name: 'PBKDF2', hash: 'SHA-256', salt: base64ToBytes(salt), iterations },
      baseKey,
      { name: 'AES-GCM', length: AES_KEY_BITS },
      false,
      usages,
    );
  } finally {
    passwordBytes.fill(0);
  }
}

/** Internal: lets callers fail before starting other slow work (RSA generation, a first derivation). */
export function requireMasterPassword(masterPassword: string): void {
  if (typeof masterPassword !== 'string' || masterPassword.length === 0) {
    throw new CryptoError('A master password is required.');
  }
}
