import { bytesToBase64, isBase64Shaped, utf8Encode } from './encoding';
import { InvalidCiphertextError } from './errors';
import { assertKeyKind, type SymmetricDataKey } from './keys';

// The health record a sealed entry's overview carries (issue #42, docs/crypto.md "Health
// records"): what the password health report needs of the password, kept from the save so that
// a report reads overviews (which the list has opened already) instead of opening every entry's
// details and estimating every password again.
//
// The reuse check compares fingerprints: HMAC-SHA256 of the password under a fingerprint key
// derived from the vault key or the team key, never a plain hash (no fast hash of a secret is
// stored). The record is sealed inside the overview, so nobody without the key even sees it.

/** zxcvbn's score (0 very weak .. 4 strong). */
export type HealthStrength = 0 | 1 | 2 | 3 | 4;

export interface EntryHealth {
  /** The strength estimate at the save; null for an entry without a password. */
  readonly strength: HealthStrength | null;
  /** base64 of the first 16 bytes of HMAC-SHA256(fingerprint key, UTF-8 password); null without a password. */
  readonly fingerprint: string | null;
  /** When the current password was set (epoch ms): its last replacement, else the entry's creation. */
  readonly passwordSetAt: number;
}

/** Fingerprint bytes kept: 128 bits, so two different passwords of one vault never share one in practice. */
const FINGERPRINT_BYTES = 16;

// The fingerprint key is 256 bits of AES under the data key used as a pseudo-random function on a
// fixed block: AES-GCM encrypts 32 zero bytes under this fixed IV, so its output is
// AES_K(IV‖2) ‖ AES_K(IV‖3), the way AES-GCM-SIV derives its keys (RFC 8452 §4). WebCrypto
// cannot derive from an AES-GCM key, and the vault key is not extractable, so HKDF is not on
// offer. Random IVs (random.ts) meet this one with probability 2^-96 per encryption, the same
// bound as two random IVs meeting. The output is never stored or sent; the tag is dropped.
const FINGERPRINT_KEY_IV = utf8Encode('kl-pw-fp/v1.');
const FINGERPRINT_KEY_CONTEXT = utf8Encode('keyloft/password-fingerprint-key/v1');

// One derivation per data key while it lives (a weak map: a forgotten key takes its fingerprint key with it).
const fingerprintKeys = new WeakMap<CryptoKey, Promise<CryptoKey>>();

function fingerprintKeyOf(key: SymmetricDataKey): Promise<CryptoKey> {
  assertKeyKind(key, 'vault', 'team');
  let derived = fingerprintKeys.get(key.key);
  if (derived === undefined) {
    derived = deriveFingerprintKey(key.key);
    fingerprintKeys.set(key.key, derived);
    derived.catch(() => fingerprintKeys.delete(key.key));
  }
  return derived;
}

async function deriveFingerprintKey(key: CryptoKey): Promise<CryptoKey> {
  const subtle = globalThis.crypto.subtle;
  const stream = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv: FINGERPRINT_KEY_IV, additionalData: FINGERPRINT_KEY_CONTEXT }, key, new Uint8Array(32)),
  );
  try {
    return await subtle.importKey('raw', stream.subarray(0, 32), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  } finally {
    stream.fill(0);
  }
}

/** The password's fingerprint under `key` (the vault key, or the team key of the version the entry is sealed at). */
export async function passwordFingerprint(key: SymmetricDataKey, password: string): Promise<string> {
  const hmac = await fingerprintKeyOf(key);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', hmac, utf8Encode(password)));
  return bytesToBase64(mac.subarray(0, FINGERPRINT_BYTES));
}

/** The record as sealed in the overview's JSON. */
export function healthValue(health: EntryHealth): Record<string, unknown> {
  return { strength: health.strength, fingerprint: health.fingerprint, passwordSetAt: health.passwordSetAt };
}

/** The record read back from an opened overview; a record of the wrong shape refuses the part. */
export function readHealth(value: unknown): EntryHealth {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed();
  const { strength, fingerprint, passwordSetAt } = value as Record<string, unknown>;
  if (typeof passwordSetAt !== 'number' || !Number.isFinite(passwordSetAt)) throw malformed();
  if (strength === null && fingerprint === null) return { strength: null, fingerprint: null, passwordSetAt };
  if (typeof strength !== 'number' || !Number.isInteger(strength) || strength < 0 || strength > 4) throw malformed();
  if (typeof fingerprint !== 'string' || !isFingerprint(fingerprint)) throw malformed();
  return { strength: strength as HealthStrength, fingerprint, passwordSetAt };
}

// 16 bytes are 24 base64 characters ending in '=='; checked by shape only, not decoded: every
// overview a vault opens passes here, and the part's tag already vouches for its bytes.
function isFingerprint(value: string): boolean {
  return value.length === 24 && value.endsWith('==') && isBase64Shaped(value);
}

function malformed(): InvalidCiphertextError {
  return new InvalidCiphertextError('The sealed entry part has a health record of the wrong shape.');
}
