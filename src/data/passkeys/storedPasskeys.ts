// A user's passkeys for unlocking (issue #46, docs/crypto.md "Unlock with a passkey"):
// users/{uid}/passkeys/{credentialId}, one document per passkey. Ciphertext and public values only:
// the vault key wrapped under the passkey's PRF key, and the PRF input the authenticator is asked for.

import type { Sealed } from '../../crypto/sealed';

/** A passkey's name: what the user typed, 1 to 64 characters (firestore.rules holds the same bounds). */
export const PASSKEY_NAME_MAX_LENGTH = 64;
/** At most this many passkeys per user (the settings refuse more; the rules cannot count). */
export const MAX_PASSKEYS = 10;
/** A credential id as stored: base64url of the authenticator's raw id (16 to 255 bytes, the bounds in the rules). */
export const CREDENTIAL_ID_PATTERN = /^[A-Za-z0-9_-]{22,340}$/;

export interface StoredPasskey {
  /** base64url of the credential's raw id; also the document id. */
  readonly credentialId: string;
  readonly name: string;
  /** The vault key wrapped under HKDF(PRF output) (passkeyUnlock.ts). */
  readonly wrappedVaultKey: Sealed<'passkey-vault-key'>;
  /** base64 of the 32-byte PRF input (WebAuthn's prf.eval.first). Not secret. */
  readonly prfSalt: string;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** The last unlock with it, epoch milliseconds; null until one. */
  readonly lastUsedAt: number | null;
}

export interface PasskeyRepository {
  /** The user's passkeys, oldest first. */
  list(uid: string): Promise<readonly StoredPasskey[]>;
  /** Stores a new passkey; fails if its credential id is already stored. */
  add(uid: string, passkey: StoredPasskey): Promise<void>;
  /** Sets lastUsedAt after an unlock with it. */
  markUsed(uid: string, credentialId: string, at: number): Promise<void>;
  /** Deletes the passkey's record, and with it its wrapped vault key. */
  remove(uid: string, credentialId: string): Promise<void>;
}

/** A passkey's name as typed, trimmed; null when it is empty or too long. */
export function passkeyName(typed: string): string | null {
  const name = typed.trim();
  return name.length >= 1 && name.length <= PASSKEY_NAME_MAX_LENGTH ? name : null;
}
