import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from './encoding';
import { gcmOpen, gcmSeal } from './gcm';
import { assertKeyKind } from './keys';
import type { InviteKey, SymmetricDataKey } from './keys';

// Entry encryption. Stored format: base64(IV ‖ ciphertext ‖ tag). `context` is AES-GCM additional
// data naming where the ciphertext lives (see contexts.ts); decrypting with a different context fails.

export type DataKey = SymmetricDataKey | InviteKey;

export async function encryptBytes(key: DataKey, plaintext: Uint8Array, context?: string): Promise<Uint8Array<ArrayBuffer>> {
  assertKeyKind(key, 'vault', 'team', 'invite');
  return gcmSeal(key.key, plaintext, context);
}

/** Throws DecryptionError on any authentication failure, InvalidCiphertextError if too short. */
export async function decryptBytes(key: DataKey, sealed: Uint8Array, context?: string): Promise<Uint8Array<ArrayBuffer>> {
  assertKeyKind(key, 'vault', 'team', 'invite');
  return gcmOpen(key.key, sealed, context);
}

export async function encryptText(key: DataKey, plaintext: string, context?: string): Promise<string> {
  return bytesToBase64(await encryptBytes(key, utf8Encode(plaintext), context));
}

export async function decryptText(key: DataKey, ciphertext: string, context?: string): Promise<string> {
  // Before decoding, so a wrong key kind is reported as that rather than as bad input.
  assertKeyKind(key, 'vault', 'team', 'invite');
  return utf8Decode(await decryptBytes(key, base64ToBytes(ciphertext), context));
}
