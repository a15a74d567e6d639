import { isOutdatedKdf, rewrapForCurrentKdf, type MasterKey, type StoredMasterKeyMaterial } from '../../../crypto';
import {
  MasterKeyChangedError,
  masterKeyMaterialOf,
  storedKdfOf,
  type MasterKeyFields,
  type StoredUserRecord,
  type UserRepository,
} from '../../../data/users/userRecord';

// An account whose master key still comes from PBKDF2 moves to Argon2id at its next successful
// unlock, without asking (docs/crypto.md, "Migration to Argon2id"): the password just opened the
// vault, so the same password derives the new key, the same vault key is wrapped under it, and
// one conditional update replaces the salt, the KDF parameters, the wrap and the check value
// together. Until that write lands the record is the old one, which still opens; after it, the
// new one, which opens with the same password. There is no state in between to be left in.

export type KdfMove = 'moved' | 'current' | 'superseded' | 'failed';

/** The migration's decision, from the record alone. */
export function needsKdfMove(record: Pick<StoredUserRecord, 'kdf'>): boolean {
  return isOutdatedKdf(record.kdf);
}

/** The one write: the four key fields together, with updatedAt (what firestore.rules' isMasterKeyUpdate allows). */
export function kdfMoveFields(rewrapped: StoredMasterKeyMaterial, now: number): MasterKeyFields {
  return {
    encryptionSalt: rewrapped.kdf.salt,
    kdf: storedKdfOf(rewrapped.kdf),
    wrappedVaultKey: rewrapped.wrappedVaultKey,
    masterPasswordTest: rewrapped.masterPasswordTest,
    updatedAt: now,
  };
}

/**
 * What a failed move means: the record changed meanwhile (a master-password change elsewhere, or
 * another tab's move) is `superseded`, nothing to do; anything else leaves the old record, which
 * still unlocks, and the move is tried again at the next unlock.
 */
export function kdfMoveOutcome(error: unknown): KdfMove {
  return error instanceof MasterKeyChangedError ? 'superseded' : 'failed';
}

export interface KdfMoveInput {
  readonly users: UserRepository;
  readonly uid: string;
  /** The record the unlock opened. */
  readonly record: StoredUserRecord;
  readonly masterPassword: string;
  /** The master key the unlock derived from `record`. */
  readonly masterKey: MasterKey;
  readonly now: () => number;
}

/** Moves the record to the current KDF if it needs it. Never rejects: a failure is logged and reported. */
export async function moveToCurrentKdf(input: KdfMoveInput): Promise<KdfMove> {
  const { users, uid, record } = input;
  if (!needsKdfMove(record)) return 'current';
  try {
    const rewrapped = await rewrapForCurrentKdf(input.masterPassword, input.masterKey, masterKeyMaterialOf(record));
    // Conditional on the check value the unlock opened: a change made meanwhile is not overwritten.
    await users.replaceMasterKey(uid, record.masterPasswordTest, kdfMoveFields(rewrapped, input.now()));
    return 'moved';
  } catch (error) {
    const outcome = kdfMoveOutcome(error);
    if (outcome === 'failed') console.warn('The master key stays on PBKDF2 until the next unlock: the move to Argon2id failed.', error);
    return outcome;
  }
}
