import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding';
import { CryptoError, UnsupportedKdfError } from './errors';
import { tagKey } from './keys';
import type { MasterKey } from './keys';
import { argon2idMasterKeyBytes } from './masterArgon2';
import {
  AES_KEY_BITS,
  ARGON2ID_ITERATIONS,
  ARGON2ID_MAX_ITERATIONS,
  ARGON2ID_MAX_MEMORY_KIB,
  ARGON2ID_MAX_PARALLELISM,
  ARGON2ID_MEMORY_KIB,
  ARGON2ID_MIN_ITERATIONS,
  ARGON2ID_MIN_MEMORY_KIB,
  ARGON2ID_PARALLELISM,
  KDF_ALGORITHM,
  MASTER_KDF_ALGORITHM,
  PBKDF2_MAX_ITERATIONS,
  PBKDF2_MIN_ITERATIONS,
  SALT_MAX_BYTES,
  SALT_MIN_BYTES,
} from './parameters';
import { generateSalt } from './random';

/** PBKDF2-SHA256: accounts made before Argon2id (until their next unlock), and export files. */
export type Pbkdf2Params = { algorithm: typeof KDF_ALGORITHM; iterations: number; salt: string /* base64 */ };
/** Argon2id, version 0x13, memory in KiB. */
export type Argon2idParams = {
  algorithm: typeof MASTER_KDF_ALGORITHM;
  iterations: number;
  memoryKiB: number;
  parallelism: number;
  salt: string /* base64 */;
};
/** Stored per user, so the work factor (and the algorithm) can change without breaking existing accounts. */
export type KdfParams = Pbkdf2Params | Argon2idParams;

/** Parameters for a new master key: Argon2id with a fresh salt. */
export function newKdfParams(): Argon2idParams {
  return {
    algorithm: MASTER_KDF_ALGORITHM,
    iterations: ARGON2ID_ITERATIONS,
    memoryKiB: ARGON2ID_MEMORY_KIB,
    parallelism: ARGON2ID_PARALLELISM,
    salt: bytesToBase64(generateSalt()),
  };
}

/** Whether a master key derived with `params` is to be moved to the current KDF (docs/crypto.md, "Migration"). */
export function isOutdatedKdf(params: Pick<KdfParams, 'algorithm'>): boolean {
  return params.algorithm !== MASTER_KDF_ALGORITHM;
}

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

/**
 * The parameters come from the server, which we do not trust: a lowered count or memory, or a
 * short salt, would quietly weaken the next key derived, so they are refused rather than used.
 */
export function validateKdfParams(value: unknown): KdfParams {
  if (typeof value !== 'object' || value === null) {
    throw new UnsupportedKdfError('Key derivation parameters are missing.');
  }
  const { algorithm, iterations, salt, memoryKiB, parallelism } = value as Record<string, unknown>;
  if (algorithm !== KDF_ALGORITHM && algorithm !== MASTER_KDF_ALGORITHM) {
    throw new UnsupportedKdfError(`Unsupported key derivation algorithm: ${String(algorithm)}.`);
  }
  const checkedSalt = validSalt(salt);
  if (algorithm === KDF_ALGORITHM) {
    if (!isWhole(iterations, PBKDF2_MIN_ITERATIONS, PBKDF2_MAX_ITERATIONS)) {
      throw new UnsupportedKdfError(
        `Unsupported iteration count: ${String(iterations)} (allowed ${PBKDF2_MIN_ITERATIONS} to ${PBKDF2_MAX_ITERATIONS}).`,
      );
    }
    return { algorithm, iterations, salt: checkedSalt };
  }
  if (!isWhole(iterations, ARGON2ID_MIN_ITERATIONS, ARGON2ID_MAX_ITERATIONS)) {
    throw new UnsupportedKdfError(
      `Unsupported Argon2id iterations: ${String(iterations)} (allowed ${ARGON2ID_MIN_ITERATIONS} to ${ARGON2ID_MAX_ITERATIONS}).`,
    );
  }
  if (!isWhole(memoryKiB, ARGON2ID_MIN_MEMORY_KIB, ARGON2ID_MAX_MEMORY_KIB)) {
    throw new UnsupportedKdfError(
      `Unsupported Argon2id memory: ${String(memoryKiB)} KiB (allowed ${ARGON2ID_MIN_MEMORY_KIB} to ${ARGON2ID_MAX_MEMORY_KIB}).`,
    );
  }
  if (!isWhole(parallelism, 1, ARGON2ID_MAX_PARALLELISM)) {
    throw new UnsupportedKdfError(`Unsupported Argon2id parallelism: ${String(parallelism)} (allowed 1 to ${ARGON2ID_MAX_PARALLELISM}).`);
  }
  return { algorithm, iterations, memoryKiB, parallelism, salt: checkedSalt };
}

function validSalt(salt: unknown): string {
  let saltLength: number;
  try {
    saltLength = typeof salt === 'string' ? base64ToBytes(salt).length : -1;
  } catch {
    saltLength = -1;
  }
  if (typeof salt !== 'string' || saltLength < SALT_MIN_BYTES || saltLength > SALT_MAX_BYTES) {
    throw new UnsupportedKdfError(`The salt must be base64 of ${SALT_MIN_BYTES} to ${SALT_MAX_BYTES} bytes.`);
  }
  return salt;
}

/** Only PBKDF2 parameters (an export file's): refused otherwise. */
export function validatePbkdf2Params(value: unknown): Pbkdf2Params {
  const params = validateKdfParams(value);
  if (params.algorithm !== KDF_ALGORITHM) throw new UnsupportedKdfError(`Unsupported key derivation algorithm: ${params.algorithm}.`);
  return params;
}

const MASTER_KEY_USAGES: KeyUsage[] = ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'];

/**
 * The password is normalised to NFC before UTF-8 encoding: the same accented password typed on
 * two systems can arrive in different Unicode forms and must open the same vault. The key is
 * non-extractable: nothing can read it back out.
 */
export async function deriveMasterKey(masterPassword: string, params: KdfParams): Promise<MasterKey> {
  requireMasterPassword(masterPassword);
  const checked = validateKdfParams(params);
  if (checked.algorithm === KDF_ALGORITHM) return tagKey('master', await derivePasswordKey(masterPassword, checked, MASTER_KEY_USAGES));
  // Argon2id's output is the AES-256 key itself, as PBKDF2's is: 32 bytes, imported non-extractable.
  const keyBytes = await argon2idMasterKeyBytes({
    password: utf8Encode(masterPassword.normalize('NFC')),
    salt: base64ToBytes(checked.salt),
    iterations: checked.iterations,
    memoryKiB: checked.memoryKiB,
    parallelism: checked.parallelism,
  });
  try {
    return tagKey('master', await globalThis.crypto.subtle.importKey('raw', keyBytes, { name: 'AES-GCM', length: AES_KEY_BITS }, false, MASTER_KEY_USAGES));
  } finally {
    keyBytes.fill(0);
  }
}

/**
 * Internal: PBKDF2-SHA256 of the NFC-normalised password into a non-extractable AES-256-GCM key,
 * after validating the parameters (a PBKDF2 master key, and an export file's key in exportFile.ts).
 * The caller checks the password is not empty, with a message naming which password.
 */
export async function derivePasswordKey(password: string, params: Pbkdf2Params, usages: KeyUsage[]): Promise<CryptoKey> {
  const { iterations, salt } = validatePbkdf2Params(params);
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
