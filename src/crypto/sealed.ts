import { isBase64Shaped } from './encoding';
import { InvalidCiphertextError } from './errors';

// The ciphertext type (docs/architecture.md, "The ciphertext type"). A sealed value is a string on
// the wire and in Firestore, but in the code it is a Sealed<Purpose>: only this layer makes one,
// when it seals (or, for a value read back from a stored document, through asStoredCiphertext), so
// clear text cannot be written where a stored shape wants ciphertext. The additional data that
// binds a ciphertext to its place is a Binding<Purpose>, made only by contexts.ts (and the part
// bindings of entryParts.ts and groupParts.ts), and every seal and open takes one: sealing
// without a binding, or opening one purpose's ciphertext with another purpose's binding, does not
// compile. Anchor: Bitwarden's EncString, which types ciphertext but lets its binding be absent.

declare const sealedBrand: unique symbol;
declare const bindingBrand: unique symbol;

/** What a ciphertext holds and where it may live; each purpose has its own additional data (contexts.ts). */
export type SealPurpose =
  /** A format-1 entry's username or password (entryFieldContext). */
  | 'entry-field'
  /** A sealed entry's overview part (entryPartContext). */
  | 'entry-overview'
  /** A sealed entry's details part (entryPartContext). */
  | 'entry-details'
  /** A sealed group's one part (groupPartContext). */
  | 'group-overview'
  /** One remembered teammate fingerprint (knownKeyContext). */
  | 'known-key'
  /** The first format's map of remembered fingerprints (KNOWN_KEYS_CONTEXT). */
  | 'known-keys'
  /**
   * The team key RSA-OAEP-wrapped for one member's public key (teamKeyLabel is its OAEP label): a
   * member's encryptedTeamKey, a rotation's wraps, an invitation's key for an existing account.
   * Not AES-GCM, but a ciphertext all the same, with its own binding.
   */
  | 'team-key-wrap'
  /** The previous team key sealed under the current one during a rotation (previousTeamKeyContext). */
  | 'previous-team-key'
  /** A team key carried by an invitation link (inviteTeamKeyContext). */
  | 'invite-team-key'
  /** The vault key wrapped by the master key (VAULT_KEY_CONTEXT). */
  | 'vault-key'
  /** The vault key wrapped by a passkey's PRF key (passkeyVaultKeyContext). */
  | 'passkey-vault-key'
  /** The master password's check value (MASTER_PASSWORD_TEST_CONTEXT). */
  | 'master-password-test'
  /** The RSA private key under the vault key (PRIVATE_KEY_CONTEXT). */
  | 'private-key';

/** base64(IV ‖ ciphertext ‖ tag) sealed for `P`. A string at run time; made only by src/crypto. */
export type Sealed<P extends SealPurpose> = string & { readonly [sealedBrand]: P };

/** The AES-GCM additional data of a `P` ciphertext. A string at run time; made only by src/crypto. */
export type Binding<P extends SealPurpose> = string & { readonly [bindingBrand]: P };

/** Internal: what a seal returns and a context function builds. */
export function sealedAs<P extends SealPurpose>(base64: string): Sealed<P> {
  return base64 as Sealed<P>;
}

export function bindingAs<P extends SealPurpose>(context: string): Binding<P> {
  return context as Binding<P>;
}

/**
 * Whether `value` is shaped like a stored ciphertext (standard base64 with its padding): what a
 * stored-document decoder checks. The exact spelling (canonical trailing bits) and the length of
 * IV and tag are checked when it is opened, where a failure is that value's own undecryptable
 * state, never a failure of the document.
 */
export function isStoredCiphertext(value: unknown): value is Sealed<never> {
  return typeof value === 'string' && isBase64Shaped(value);
}

/**
 * A value read from a stored document, as the `purpose` ciphertext the document's shape says it
 * is: the one way outside the seal functions to hold a Sealed value. Throws InvalidCiphertextError
 * for anything not shaped like base64; whether it opens is for the open functions to say.
 */
export function asStoredCiphertext<P extends SealPurpose>(purpose: P, value: unknown): Sealed<P> {
  if (!isStoredCiphertext(value)) throw new InvalidCiphertextError(`The stored ${purpose} is not base64.`);
  return value as string as Sealed<P>;
}
