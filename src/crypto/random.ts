import { bytesToBase64Url } from './encoding';
import { CryptoError } from './errors';
import { tagKey } from './keys';
import type { InviteKey } from './keys';
import { inviteSecretBytes } from './invite';
import { IV_BYTES, SALT_BYTES, SHARED_SECRET_BYTES } from './parameters';

// getRandomValues refuses more than 65,536 bytes per call.
const MAX_RANDOM_CHUNK = 65_536;

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new CryptoError(`Cannot generate ${String(length)} random bytes.`);
  }
  const bytes = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += MAX_RANDOM_CHUNK) {
    globalThis.crypto.getRandomValues(bytes.subarray(offset, offset + MAX_RANDOM_CHUNK));
  }
  return bytes;
}

// IVs for the AES-GCM seals made by the thousand (an entry's parts: an import, a rotation), cut
// from one getRandomValues call per pool instead of one call each: in Node a call costs a few
// microseconds, as much as the rest of sealing a part (issue #20's bench). An IV need not be
// secret, only never repeated under a key: each is a view on its own 12 bytes of the pool (not a
// copy, which cost an ArrayBuffer per part), and a used pool is dropped, never filled again.
const IV_POOL_BYTES = IV_BYTES * 256;
let ivPool = new Uint8Array(0);
let ivOffset = 0;

export function pooledIv(): Uint8Array<ArrayBuffer> {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES);
  ivOffset += IV_BYTES;
  return iv;
}

export function generateSalt(): Uint8Array<ArrayBuffer> {
  return randomBytes(SALT_BYTES);
}

/** The secret carried by an invitation link (base64url, so it needs no escaping in the URL). */
export function generateSharedSecret(): string {
  return bytesToBase64Url(randomBytes(SHARED_SECRET_BYTES));
}

/**
 * The shared secret is 256 uniformly random bits, so it is used as the AES key directly; a KDF
 * would add nothing. Non-extractable: the key exists only to unwrap the invitation's team key.
 */
export async function importInviteKey(secret: string): Promise<InviteKey> {
  const raw = inviteSecretBytes(secret);
  try {
    const key = await globalThis.crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, [
      'encrypt',
      'decrypt',
      'wrapKey',
      'unwrapKey',
    ]);
    return tagKey('invite', key);
  } finally {
    raw.fill(0);
  }
}
