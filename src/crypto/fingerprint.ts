import { base64ToBytes } from './encoding';
import { InvalidKeyError } from './errors';

// A public key's fingerprint: SHA-256 over its SPKI DER, in hex. Members compare the displayed
// form out of band; the app remembers the full value per teammate and refuses a changed key.

/** 64 lowercase hex digits. Rejects what is not canonical base64. */
export async function publicKeyFingerprint(spkiBase64: string): Promise<string> {
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = base64ToBytes(spkiBase64);
  } catch (cause) {
    throw new InvalidKeyError('The public key is malformed.', { cause });
  }
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', der));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The readable form: the first 128 bits as eight groups of four hex digits, e.g. "3f9a 0c12 …". */
export function formatFingerprint(fingerprint: string): string {
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) throw new InvalidKeyError('Not a key fingerprint.');
  return (fingerprint.slice(0, 32).match(/.{4}/g) ?? []).join(' ');
}

/** A public key's fingerprint in both forms. */
export interface Fingerprint {
  /** SHA-256 of the SPKI, 64 hex digits: what is remembered. */
  readonly full: string;
  /** What a person compares: eight groups of four hex digits. */
  readonly shown: string;
}

export async function fingerprintOf(spkiBase64: string): Promise<Fingerprint> {
  const full = await publicKeyFingerprint(spkiBase64);
  return { full, shown: formatFingerprint(full) };
}
