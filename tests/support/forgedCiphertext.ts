import type { Binding, SealPurpose, Sealed } from '../../src/crypto/sealed';

// Tests play the server: they hand the crypto layer values no seal function made (tampered,
// truncated, not base64 at all, another purpose's) to prove it refuses them at run time. These
// two say so where it happens; outside tests only src/crypto makes a Sealed value or a Binding.

/** `value` as if a server had stored it as a `P` ciphertext, without asStoredCiphertext's shape check. */
export const forgedSealed = <P extends SealPurpose>(value: string): Sealed<P> => value as Sealed<P>;

/** Additional data no context function makes (a test's own label, or the one a node:crypto vector used). */
export const forgedBinding = <P extends SealPurpose>(context: string): Binding<P> => context as Binding<P>;
