// An independent implementation of the stored formats, built on node:crypto (OpenSSL) rather than
// WebCrypto, so known-answer tests do not compare the module with itself.
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import { argon2id } from '@noble/hashes/argon2.js';
import type { Sealed } from '../../../src/crypto';
import { forgedSealed } from '../../support/forgedCiphertext';

const IV = 12;
const TAG = 16;

/** base64(IV ‖ ciphertext ‖ tag), AES-256-GCM; as a server would hand it over, fit for any sealed field (forgedCiphertext.ts). */
export function nodeSeal(key: Uint8Array, plaintext: Uint8Array | string, aad?: string, iv: Uint8Array = randomBytes(IV)): Sealed<never> {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final()]);
  return forgedSealed(Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64'));
}

export function nodeOpen(key: Uint8Array, sealedBase64: string, aad?: string): Buffer {
  const sealed = Buffer.from(sealedBase64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV, sealed.length - TAG)), decipher.final()]);
}

export function nodeMasterKey(password: string, saltBase64: string, iterations: number): Buffer {
  return pbkdf2Sync(Buffer.from(password, 'utf8'), Buffer.from(saltBase64, 'base64'), iterations, 32, 'sha256');
}

/** Argon2id by @noble/hashes (pure JavaScript, not hash-wasm): the master key of an account on Argon2id. */
export function nobleArgon2idMasterKey(password: string, kdf: { salt: string; iterations: number; memoryKiB: number; parallelism: number }): Buffer {
  const bytes = argon2id(Buffer.from(password.normalize('NFC'), 'utf8'), Buffer.from(kdf.salt, 'base64'), {
    t: kdf.iterations,
    m: kdf.memoryKiB,
    p: kdf.parallelism,
    dkLen: 32,
  });
  return Buffer.from(bytes);
}

/** Flips one bit of the decoded value at `index` (negative counts from the end): a tampered ciphertext, as a server could store it. */
export function flipByte(base64: string, index: number): Sealed<never> {
  const bytes = Buffer.from(base64, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return forgedSealed(bytes.toString('base64'));
}
