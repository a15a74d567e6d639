import { previousTeamKeyContext, type TeamKeyBinding } from './contexts';
import { base64ToBytes, bytesToBase64 } from './encoding';
import { gcmOpen, gcmSeal, requireAes256 } from './gcm';
import { assertKeyKind, tagKey, type TeamKey } from './keys';
import { AES_KEY_BITS } from './parameters';
import { sealedAs, type Sealed } from './sealed';

// The key chain of a rotation (docs/teams.md): while a team's entries are re-encrypted from key
// version n to n + 1, the version-n key is kept sealed under the version-(n + 1) key, so every
// remaining member reads every entry with the one key they hold. Once no entry is left at n, the
// sealed copy is deleted and the old key is stored nowhere.

/** Seals `previous` (whose binding names its own version) under `current`, base64(IV ‖ key ‖ tag). */
export async function sealPreviousTeamKey(previous: TeamKey, current: TeamKey, previousBinding: TeamKeyBinding): Promise<Sealed<'previous-team-key'>> {
  assertKeyKind(previous, 'team');
  assertKeyKind(current, 'team');
  const raw = new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', previous.key));
  try {
    return sealedAs(bytesToBase64(await gcmSeal(current.key, raw, previousTeamKeyContext(previousBinding))));
  } finally {
    raw.fill(0);
  }
}

export async function openPreviousTeamKey(sealed: Sealed<'previous-team-key'>, current: TeamKey, previousBinding: TeamKeyBinding): Promise<TeamKey> {
  assertKeyKind(current, 'team');
  const raw = await gcmOpen(current.key, base64ToBytes(sealed), previousTeamKeyContext(previousBinding));
  try {
    const key = await globalThis.crypto.subtle.importKey('raw', raw, { name: 'AES-GCM', length: AES_KEY_BITS }, true, [
      'encrypt',
      'decrypt',
    ]);
    return tagKey('team', requireAes256(key));
  } finally {
    raw.fill(0);
  }
}
