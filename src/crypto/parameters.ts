// Every cryptographic parameter of Keyloft. Constants only: the public security page imports this
// file, so what it states is exactly what the code does. Rationale: docs/crypto.md.

/** The master-password KDF of new accounts, of every master-password change, and of every account after its next unlock. */
export const MASTER_KDF_ALGORITHM = 'Argon2id';

/** Argon2id (RFC 9106, version 0x13) as Bitwarden's default: 64 MiB, 3 passes, 4 lanes. */
export const ARGON2ID_MEMORY_KIB = 64 * 1024;
export const ARGON2ID_ITERATIONS = 3;
export const ARGON2ID_PARALLELISM = 4;

/**
 * Stored Argon2id parameters outside these are refused: below the defaults they are a weakened
 * (tampered) record, above they are a way to hang the unlock screen or exhaust the device.
 */
export const ARGON2ID_MIN_MEMORY_KIB = ARGON2ID_MEMORY_KIB;
export const ARGON2ID_MAX_MEMORY_KIB = 1024 * 1024;
export const ARGON2ID_MIN_ITERATIONS = ARGON2ID_ITERATIONS;
export const ARGON2ID_MAX_ITERATIONS = 10;
export const ARGON2ID_MAX_PARALLELISM = 16;

/** PBKDF2's name: the master-password KDF of accounts made before Argon2id, and every export file's. */
export const KDF_ALGORITHM = 'PBKDF2-SHA256';

/** Iterations for export files (OWASP's current PBKDF2-SHA256 floor); accounts made before Argon2id used it too. */
export const PBKDF2_ITERATIONS = 600_000;

/** The spec's historical count. Stored parameters below it are refused as tampered or unsupported. */
export const PBKDF2_MIN_ITERATIONS = 100_000;

/** Above this a stored count is not a stronger setting but a way to hang the unlock screen. */
export const PBKDF2_MAX_ITERATIONS = 10_000_000;

/** New salts: 256 bits (SPEC §1). SPEC §9's 16-byte salts are still accepted on unlock. */
export const SALT_BYTES = 32;
export const SALT_MIN_BYTES = 16;
export const SALT_MAX_BYTES = 64;

export const AES_KEY_BITS = 256;
export const AES_KEY_BYTES = AES_KEY_BITS / 8;
export const IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;

export const RSA_MODULUS_BITS = 2048;
export const RSA_HASH = 'SHA-256';
export const RSA_PUBLIC_EXPONENT = 65_537;

/** Invitation link secret. Used directly as an AES-256 key, so it must be exactly this long. */
export const SHARED_SECRET_BYTES = 32;

/** A WebAuthn PRF output (hmac-secret): 32 bytes. */
export const PASSKEY_PRF_BYTES = 32;
/** The PRF input stored per passkey (its "salt" in WebAuthn's terms): 32 random bytes. */
export const PASSKEY_PRF_SALT_BYTES = 32;
/** The HKDF-SHA256 from a PRF output to the key that wraps the vault key: its salt and info are labels, in contexts.ts. */
