// The stored user record (SPEC.md §3), ciphertext and public values only. Keys and plaintext
// never appear in this type.

import type { SubscriptionRecord } from '@keyloft/contract/billing';
import type { KdfParams, StoredMasterKeyMaterial } from '../../crypto';
import type { Sealed } from '../../crypto/sealed';
import type { AuthProviderName } from '../auth/authGateway';

export type { SubscriptionStatus } from '@keyloft/contract/subscription';
/** The subscription on the user record: the billing contract's record (src/domain/billing.ts). */
export type StoredSubscription = SubscriptionRecord;

/** The KDF parameters as the record stores them: all but the salt, which is `encryptionSalt`. */
export type StoredKdf =
  | { readonly algorithm: 'PBKDF2-SHA256'; readonly iterations: number }
  | { readonly algorithm: 'Argon2id'; readonly iterations: number; readonly memoryKiB: number; readonly parallelism: number };

/** The record's `kdf` for parameters the crypto layer made (the salt goes to `encryptionSalt`). */
export function storedKdfOf(kdf: KdfParams): StoredKdf {
  return kdf.algorithm === 'Argon2id'
    ? { algorithm: kdf.algorithm, iterations: kdf.iterations, memoryKiB: kdf.memoryKiB, parallelism: kdf.parallelism }
    : { algorithm: kdf.algorithm, iterations: kdf.iterations };
}

export interface StoredUserRecord {
  /** Lower-cased; null when the account has no address (the rules hold it to the ID token's). */
  readonly email: string | null;
  /** base64 salt of the master-password KDF. */
  readonly encryptionSalt: string;
  /** The rest of the KDF parameters, stored so the work factor can rise (ENGINEERING.md §2). */
  readonly kdf: StoredKdf;
  readonly publicKey: string;
  readonly encryptedPrivateKey: Sealed<'private-key'>;
  /** The vault key wrapped by the master key. */
  readonly wrappedVaultKey: Sealed<'vault-key'>;
  readonly masterPasswordTest: Sealed<'master-password-test'>;
  readonly authProvider: AuthProviderName;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly teamIds: readonly string[];
  /** Team keys waiting for this user, keyed by invite id (ciphertext). */
  readonly pendingTeamKeys: Readonly<Record<string, Sealed<'team-key-wrap'>>>;
  readonly subscription: StoredSubscription;
  /**
   * 2 once the vault holds no format-1 entry (docs/rules.md, "Sealed entries"): an account made
   * since issue #18 is born with it; an older one gets it from its first migration.
   */
  readonly entryFormat?: 2;
}

/** What opening the vault with the master password reads of the record (the salt is stored beside the other KDF parameters). */
export function masterKeyMaterialOf(record: StoredUserRecord): StoredMasterKeyMaterial {
  return {
    kdf: { ...record.kdf, salt: record.encryptionSalt },
    wrappedVaultKey: record.wrappedVaultKey,
    masterPasswordTest: record.masterPasswordTest,
  };
}

/**
 * What a master-password change rewrites (docs/master-password.md): the KDF parameters, the vault
 * key's wrap and the check value, with updatedAt. firestore.rules lets the owner change exactly these.
 */
export interface MasterKeyFields {
  readonly encryptionSalt: string;
  readonly kdf: StoredUserRecord['kdf'];
  readonly wrappedVaultKey: Sealed<'vault-key'>;
  readonly masterPasswordTest: Sealed<'master-password-test'>;
  readonly updatedAt: number;
}

/** The record no longer holds the check value the change was made from (another tab or device changed it). */
export class MasterKeyChangedError extends Error {
  constructor(uid: string) {
    super(`The master key of ${uid} changed while it was being replaced; nothing was written`);
    this.name = 'MasterKeyChangedError';
  }
}

export interface UserRepository {
  /** null when the user has no record (a third-party sign-in that has not set a master password). */
  get(uid: string): Promise<StoredUserRecord | null>;
  /** Creates the record; fails if one exists, so a second tab cannot overwrite the keys. */
  create(uid: string, record: StoredUserRecord): Promise<void>;
  /**
   * Writes the master-key fields in one update, only while the record still holds
   * `expectedMasterPasswordTest` (the check value the current password opened): a change made
   * meanwhile elsewhere is not overwritten by one derived from an older password. Otherwise it
   * rejects with MasterKeyChangedError and writes nothing.
   */
  replaceMasterKey(uid: string, expectedMasterPasswordTest: string, fields: MasterKeyFields): Promise<void>;
}
