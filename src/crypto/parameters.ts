// Every cryptographic parameter of Keyloft. Constants only: the public security page imports this
// file, so what it states is exactly what the code does. Rationale: docs/crypto.md.

export const KDF_ALGORITHM = 'PBKDF2-SHA256';

/** Iterations for new accounts and for every master-password change (OWASP's current PBKDF2-SHA256 floor). */
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
