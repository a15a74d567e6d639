import { knownKeyContext, memberKeyLabel, type TeamKeyBinding } from './contexts';
import { decryptText, encryptText } from './aead';
import { CryptoError } from './errors';
import type { TeamKey, VaultKey } from './keys';
import type { Sealed } from './sealed';
import { hmacUnderTeamKey, sameCheck } from './teamKeyCheck';

// Fingerprints that outlive one browser's memory (docs/teams.md, "Member key records").
//
// memberKeyCheck: the team's record that some key holder confirmed `fingerprint` as the public key
// of `memberUid`: HMAC-SHA256 under the raw team key of a label naming team, key version, member
// and fingerprint. Every key holder can verify it; the server, which never has the team key, can
// neither forge one nor move one to another member, team, version or key.
//
// sealKnownKey/openKnownKey: one teammate's fingerprint remembered by one user, AES-GCM under their
// vault key with additional data naming both, so records cannot be swapped between teammates.

const FINGERPRINT = /^[0-9a-f]{64}$/;

/** base64 of HMAC-SHA256(team key, memberKeyLabel(binding, memberUid, fingerprint)): 44 characters. */
export async function memberKeyCheck(team: TeamKey, binding: TeamKeyBinding, memberUid: string, fingerprint: string): Promise<string> {
  return hmacUnderTeamKey(team, memberKeyLabel(binding, memberUid, fingerprint));
}

/** Whether `check` vouches, under `team`, for `fingerprint` as `memberUid`'s key at `binding`. Malformed never does. */
export async function memberKeyMatchesCheck(
  team: TeamKey,
  binding: TeamKeyBinding,
  memberUid: string,
  fingerprint: string,
  check: string,
): Promise<boolean> {
  if (!FINGERPRINT.test(fingerprint)) return false;
  return sameCheck(await memberKeyCheck(team, binding, memberUid, fingerprint), check);
}

/** `fingerprint` (64 hex digits) sealed under the vault key for owner and teammate. */
export async function sealKnownKey(vaultKey: VaultKey, ownerUid: string, teammateUid: string, fingerprint: string): Promise<Sealed<'known-key'>> {
  if (!FINGERPRINT.test(fingerprint)) throw new CryptoError('Not a key fingerprint.');
  return encryptText(vaultKey, fingerprint, knownKeyContext(ownerUid, teammateUid));
}

/**
 * The fingerprint sealed by sealKnownKey for exactly this owner and teammate. Throws
 * DecryptionError/InvalidCiphertextError when it was altered, moved or sealed under another key,
 * and CryptoError when what it holds is not a fingerprint.
 */
export async function openKnownKey(vaultKey: VaultKey, ownerUid: string, teammateUid: string, sealed: Sealed<'known-key'>): Promise<string> {
  const fingerprint = await decryptText(vaultKey, sealed, knownKeyContext(ownerUid, teammateUid));
  if (!FINGERPRINT.test(fingerprint)) throw new CryptoError('Not a key fingerprint.');
  return fingerprint;
}
