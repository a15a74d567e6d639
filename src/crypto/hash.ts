import { bytesToBase64, utf8Encode } from './encoding';

/**
 * SHA-256 in base64, for NON-SECRET fingerprints only (e.g. showing a public key's fingerprint).
 * Never store a fast hash of a secret such as the master password: one SHA-256 per guess makes
 * offline cracking cheap. Secrets go through the KDF instead.
 */
export async function sha256Base64(text: string): Promise<string> {
  return bytesToBase64(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8Encode(text))));
}
