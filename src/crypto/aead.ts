import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from './encoding';
import { gcmOpen, gcmSeal } from './gcm';
import { assertKeyKind } from './keys';
import type { InviteKey, SymmetricDataKey } from './keys';
import { sealedAs, type Binding, type SealPurpose, type Sealed } from './sealed';

// Entry encryption. Stored format: base64(IV ‖ ciphertext ‖ tag). `context` is AES-GCM additional
// data naming where the ciphertext lives (see contexts.ts); decrypting with a different context
// fails. The types insist on a binding, and on the one of the ciphertext's own purpose (sealed.ts).

export type DataKey = SymmetricDataKey | InviteKey;

export async function encryptBytes(key: DataKey, plaintext: Uint8Array, context: Binding<SealPurpose>): Promise<Uint8Array<ArrayBuffer>> {
  assertKeyKind(key, 'vault', 'team', 'invite');
  return gcmSeal(key.key, plaintext, context);
}

/** Throws DecryptionError on any authentication failure, InvalidCiphertextError if too short. */
export async function decryptBytes(key: DataKey, sealed: Uint8Array, context: Binding<SealPurpose>): Promise<Uint8Array<ArrayBuffer>> {
  assertKeyKind(key, 'vault', 'team', 'invite');
  return gcmOpen(key.key, sealed, context);
}

export async function encryptText<P extends SealPurpose>(key: DataKey, plaintext: string, context: Binding<P>): Promise<Sealed<P>> {
  return sealedAs(bytesToBase64(await encryptBytes(key, utf8Encode(plaintext), context)));
}

// NoInfer: the purpose comes from the ciphertext, so another purpose's binding is refused rather than widened to both.
export async function decryptText<P extends SealPurpose>(key: DataKey, ciphertext: Sealed<P>, context: Binding<NoInfer<P>>): Promise<string> {
  // Before decoding, so a wrong key kind is reported as that rather than as bad input.
  assertKeyKind(key, 'vault', 'team', 'invite');
  return utf8Decode(await decryptBytes(key, base64ToBytes(ciphertext), context));
}
