export type CryptoErrorCode =
  | 'crypto-error'
  | 'decryption-failed'
  | 'invalid-ciphertext'
  | 'invalid-key'
  | 'wrong-master-password'
  | 'wrong-export-password'
  | 'unsupported-kdf'
  | 'kdf-out-of-memory'
  | 'key-type';

/**
 * Base of every error the crypto layer throws, so callers can tell "crypto said no" apart from
 * network or programming errors with a single `instanceof`.
 */
export class CryptoError extends Error {
  override name = 'CryptoError';
  readonly code: CryptoErrorCode;

  constructor(message: string, code: CryptoErrorCode = 'crypto-error', options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    // Keeps `instanceof` working if this is ever transpiled below ES2015 classes.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** Authentication failed: wrong key, wrong additional data, or altered ciphertext. SPEC §8 wording. */
export class DecryptionError extends CryptoError {
  override name = 'DecryptionError';

  constructor(options?: ErrorOptions) {
    super('Failed to decrypt data. The encryption key may be invalid.', 'decryption-failed', options);
  }
}

/** The stored value is not even shaped like a ciphertext (bad encoding, too short). */
export class InvalidCiphertextError extends CryptoError {
  override name = 'InvalidCiphertextError';

  constructor(message = 'The encrypted data is malformed.', options?: ErrorOptions) {
    super(message, 'invalid-ciphertext', options);
  }
}

/** Key material that cannot be imported or has the wrong size or parameters. */
export class InvalidKeyError extends CryptoError {
  override name = 'InvalidKeyError';

  constructor(message = 'The key material is malformed.', options?: ErrorOptions) {
    super(message, 'invalid-key', options);
  }
}

/** SPEC §8 wording; shown to the user as is. */
export class WrongMasterPasswordError extends CryptoError {
  override name = 'WrongMasterPasswordError';

  constructor(options?: ErrorOptions) {
    super('Invalid master password. Please try again.', 'wrong-master-password', options);
  }
}

/**
 * An export file's tag check failed. AES-GCM cannot tell a wrong password from a file altered after
 * sealing (both are a failed tag), so the message names both; the import screen asks for the
 * password again.
 */
export class WrongExportPasswordError extends CryptoError {
  override name = 'WrongExportPasswordError';

  constructor(options?: ErrorOptions) {
    super('That password does not open this export file, or the file was changed after it was exported.', 'wrong-export-password', options);
  }
}

/** Stored KDF parameters we refuse: unknown algorithm, or weakened (possibly by a tampering server). */
export class UnsupportedKdfError extends CryptoError {
  override name = 'UnsupportedKdfError';

  constructor(message: string, options?: ErrorOptions) {
    super(message, 'unsupported-kdf', options);
  }
}

/**
 * The device could not give the master-password KDF its memory (a failed WebAssembly allocation).
 * Never answered with a cheaper derivation: that would be a weaker key, and one that would not open
 * the vault anyway. The user can free memory (other tabs, apps) and try again.
 */
export class KdfMemoryError extends CryptoError {
  override name = 'KdfMemoryError';

  constructor(memoryKiB: number, options?: ErrorOptions) {
    super(
      `This device could not set aside the ${String(Math.round(memoryKiB / 1024))} MiB of memory that unlocking needs. Close other tabs or apps and try again.`,
      'kdf-out-of-memory',
      options,
    );
  }
}

/** A key of the wrong kind reached a function at runtime (the types already forbid it statically). */
export class KeyTypeError extends CryptoError {
  override name = 'KeyTypeError';

  constructor(message: string) {
    super(message, 'key-type');
  }
}
