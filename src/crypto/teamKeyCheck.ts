import { teamKeyCheckLabel, type TeamKeyBinding } from './contexts';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding';
import { assertKeyKind, type TeamKey } from './keys';

// The key-check value of a team key (docs/teams.md, "Key checks"): HMAC-SHA256 under the raw team
// key of a label naming the team and key version. Published on the team with each key, so every
// member's browser can tell whether the key its own wrap opens is the team's key, without the
// server (or anyone who only sees the check) learning anything about the key.

async function importHmacKey(team: TeamKey): Promise<CryptoKey> {
  const raw = new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', team.key));
  try {
    return await globalThis.crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  } finally {
    raw.fill(0);
  }
}

/**
 * The HMAC key of each team key, made once and kept (non-extractable) for as long as the team key
 * object lives: granting the key to 100 members signs 100 member-key records, and exporting the
 * raw key and importing it again for each cost more than the signing (issue #42's grant figure),
 * and put the raw key in memory 100 times over. A failed import is not kept.
 */
const hmacKeys = new WeakMap<CryptoKey, Promise<CryptoKey>>();

function hmacKeyOf(team: TeamKey): Promise<CryptoKey> {
  const known = hmacKeys.get(team.key);
  if (known !== undefined) return known;
  const made = importHmacKey(team);
  hmacKeys.set(team.key, made);
  made.catch(() => hmacKeys.delete(team.key));
  return made;
}

/** base64 of HMAC-SHA256(raw team key, label). Shared with memberKeyCheck.ts. */
export async function hmacUnderTeamKey(team: TeamKey, label: string): Promise<string> {
  assertKeyKind(team, 'team');
  return bytesToBase64(new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', await hmacKeyOf(team), utf8Encode(label))));
}

/** Whether base64 `check` equals base64 `actual` byte for byte, in constant time; malformed never does. */
export function sameCheck(actualBase64: string, check: string): boolean {
  let expected: Uint8Array;
  try {
    expected = base64ToBytes(check);
  } catch {
    return false;
  }
  const actual = base64ToBytes(actualBase64);
  if (expected.length !== actual.length) return false;
  let difference = 0;
  for (let index = 0; index < actual.length; index += 1) difference |= (actual[index] ?? 0) ^ (expected[index] ?? 0);
  return difference === 0;
}

/** base64 of HMAC-SHA256(team key, teamKeyCheckLabel(binding)): 32 bytes, 44 characters. */
export async function teamKeyCheck(team: TeamKey, binding: TeamKeyBinding): Promise<string> {
  return hmacUnderTeamKey(team, teamKeyCheckLabel(binding));
}

/** Whether `team` is the key whose published check is `check`. A malformed check never matches. */
export async function teamKeyMatchesCheck(team: TeamKey, binding: TeamKeyBinding, check: string): Promise<boolean> {
  return sameCheck(await teamKeyCheck(team, binding), check);
}
