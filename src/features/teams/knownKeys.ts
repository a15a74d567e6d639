import {
  KNOWN_KEYS_CONTEXT,
  asStoredCiphertext,
  decryptText,
  memberKeyCheck,
  memberKeyMatchesCheck,
  openKnownKey,
  sealKnownKey,
  type TeamKey,
  type VaultKey,
} from '../../crypto';
import type { KnownKeysRepository, StoredMemberKey, TeamRepository } from '../../data/teams/storedTeams';
import { PublicKeyChangedError } from './teamKeys';

// Whose public key is whose (docs/teams.md, "Remembered fingerprints" and "Member key records").
// Two memories are consulted before the team key is wrapped for a teammate:
//   - this user's own: one record per teammate, sealed under their vault key (knownKeys/{uid}/teammates);
//   - the team's: the fingerprint some owner or admin confirmed for the member, vouched for by an
//     HMAC under the team key (teams/{teamId}/memberKeys), so a key holder who never shared with
//     the member still notices a key the server swapped.
// Both are written in the step that wraps for the teammate, before the wrap, so an interrupted
// batch or a second tab never leaves a wrapped teammate unremembered.

/** What this user remembers of a teammate: their fingerprint, or a record that no longer opens. */
export type Remembered = { readonly kind: 'known'; readonly fingerprint: string } | { readonly kind: 'damaged' };

export interface RememberedKeys {
  readonly records: ReadonlyMap<string, Remembered>;
  /** The first-format document exists but does not open: whom it named is unknown. */
  readonly legacyDamaged: boolean;
}

/** A remembered key that no longer opens, for a teammate the team has no record of: re-confirming rebuilds it. */
export class KnownKeyDamagedError extends Error {
  override readonly name = 'KnownKeyDamagedError';
  constructor(
    readonly who: string,
    readonly userId: string,
  ) {
    super(
      `The security key you remembered for ${who} cannot be read: the saved record is damaged. Nothing was shared. ` +
        `Compare their fingerprint with them again and confirm it (Confirm key of ${who} in Manage Team Members) to rebuild it.`,
    );
  }
}

/** What this user has on record for `teammateUid`: null when nothing (and no damaged first-format document). */
export function rememberedOf(memory: RememberedKeys, teammateUid: string): Remembered | null {
  return memory.records.get(teammateUid) ?? (memory.legacyDamaged ? { kind: 'damaged' } : null);
}

async function openRecord(vaultKey: VaultKey, uid: string, teammateUid: string, sealed: string): Promise<Remembered> {
  try {
    return { kind: 'known', fingerprint: await openKnownKey(vaultKey, uid, teammateUid, asStoredCiphertext('known-key', sealed)) };
  } catch (error) {
    console.warn(`The remembered key of ${teammateUid} does not open; it is treated as damaged`, error);
    return { kind: 'damaged' };
  }
}

/** The first format's map (uid → fingerprint), or null when it does not open or is not such a map. */
async function openLegacy(vaultKey: VaultKey, sealed: string): Promise<Map<string, string> | null> {
  try {
    const parsed: unknown = JSON.parse(await decryptText(vaultKey, asStoredCiphertext('known-keys', sealed), KNOWN_KEYS_CONTEXT));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^[0-9a-f]{64}$/.test(entry[1])));
  } catch (error) {
    console.warn('The remembered keys of the first format do not open; they are treated as damaged', error);
    return null;
  }
}

/**
 * Every teammate record of `uid`, opened. A first-format document is migrated on the way: each
 * teammate it names without a record of their own gets one, then it is deleted. One that does not
 * open is kept (legacyDamaged) until the user re-confirms someone (forgetDamagedLegacy).
 */
export async function loadRemembered(repository: KnownKeysRepository, uid: string, vaultKey: VaultKey, now: number): Promise<RememberedKeys> {
  const [sealedRecords, legacy] = await Promise.all([repository.list(uid), repository.getLegacy(uid)]);
  const records = new Map<string, Remembered>();
  await Promise.all(
    [...sealedRecords].map(async ([teammateUid, sealed]) => {
      records.set(teammateUid, await openRecord(vaultKey, uid, teammateUid, sealed));
    }),
  );
  if (legacy === null) return { records, legacyDamaged: false };
  const migrated = await openLegacy(vaultKey, legacy);
  if (migrated === null) return { records, legacyDamaged: true };
  for (const [teammateUid, fingerprint] of migrated) {
    if (records.has(teammateUid) || teammateUid.includes('/') || teammateUid === '') continue;
    await repository.put(uid, teammateUid, await sealKnownKey(vaultKey, uid, teammateUid, fingerprint), now);
    records.set(teammateUid, { kind: 'known', fingerprint });
  }
  await repository.removeLegacy(uid);
  return { records, legacyDamaged: false };
}

/** This user's record of one teammate, read afresh (a second tab may have written it meanwhile). */
export async function loadRememberedOne(
  repository: KnownKeysRepository,
  uid: string,
  vaultKey: VaultKey,
  teammateUid: string,
): Promise<Remembered | null> {
  const sealed = await repository.get(uid, teammateUid);
  return sealed === null ? null : openRecord(vaultKey, uid, teammateUid, sealed);
}

/** Remembers `fingerprint` for `teammateUid`: its own record, so no other teammate's is touched. */
export async function remember(
  repository: KnownKeysRepository,
  uid: string,
  vaultKey: VaultKey,
  teammateUid: string,
  fingerprint: string,
  now: number,
): Promise<void> {
  await repository.put(uid, teammateUid, await sealKnownKey(vaultKey, uid, teammateUid, fingerprint), now);
}

/** Drops a first-format document that does not open, once the user has re-confirmed a teammate. */
export async function forgetDamagedLegacy(repository: KnownKeysRepository, uid: string): Promise<void> {
  await repository.removeLegacy(uid);
}

/** The team key of a version, when this browser holds it (the current one, and the previous during re-encryption). */
export type TeamKeyOf = (keyVersion: number) => TeamKey | null;

/**
 * The fingerprint the team vouches for `memberUid`: the record's, when its check verifies under
 * the team key of its version. null when there is none, it is of a version this browser does not
 * hold, or it does not verify (the server cannot make one that does; one it altered vouches for nothing).
 */
export async function vouchedFingerprint(
  record: StoredMemberKey | undefined,
  teamId: string,
  memberUid: string,
  keyOf: TeamKeyOf,
): Promise<string | null> {
  if (record === undefined) return null;
  const key = keyOf(record.keyVersion);
  if (key === null) return null;
  if (await memberKeyMatchesCheck(key, { teamId, keyVersion: record.keyVersion }, memberUid, record.fingerprint, record.check)) {
    return record.fingerprint;
  }
  console.warn(`The member-key record of ${memberUid} in team ${teamId} does not verify; it vouches for nothing`);
  return null;
}

/**
 * How a teammate's current key stands (pure):
 *   'same'    this user remembers exactly this key;
 *   'vouched' the team's record names this key (this user has no readable memory of them);
 *   'damaged' this user's record does not open and the team vouches for nothing: re-confirm first;
 *   'new'     nobody has confirmed a key for them yet.
 * A key that differs from the remembered one or from the team's is PublicKeyChangedError.
 */
export type KeyStanding = 'same' | 'vouched' | 'damaged' | 'new';

export function judgeKey(fingerprint: string, remembered: Remembered | null, vouched: string | null, who: string): KeyStanding {
  if (remembered?.kind === 'known' && remembered.fingerprint !== fingerprint) throw new PublicKeyChangedError(who);
  if (vouched !== null && vouched !== fingerprint) throw new PublicKeyChangedError(who, 'team');
  if (remembered?.kind === 'known') return 'same';
  if (vouched !== null) return 'vouched';
  return remembered?.kind === 'damaged' ? 'damaged' : 'new';
}

/** The team's record that this user (an owner or admin holding `key`) confirmed `fingerprint` for the member. */
export async function memberKeyRecord(
  key: TeamKey,
  teamId: string,
  keyVersion: number,
  memberUid: string,
  fingerprint: string,
  confirmedBy: string,
  now: number,
): Promise<StoredMemberKey> {
  return { fingerprint, keyVersion, check: await memberKeyCheck(key, { teamId, keyVersion }, memberUid, fingerprint), confirmedBy, updatedAt: now };
}

/**
 * Re-vouches, under the current key, every record of the previous version that verifies under the
 * previous key (after a rotation another browser committed, or one interrupted before its own
 * records were written). Records already at the current version are left as they are.
 */
export async function carryMemberKeys(
  teams: TeamRepository,
  teamId: string,
  previous: { readonly key: TeamKey; readonly version: number },
  current: { readonly key: TeamKey; readonly version: number },
  memberIds: readonly string[],
  userId: string,
  now: number,
): Promise<number> {
  const records = await teams.listMemberKeys(teamId);
  let carried = 0;
  for (const [memberUid, record] of records) {
    // A former member's record is not carried: it would vouch for nobody the team wraps for.
    if (record.keyVersion !== previous.version || !memberIds.includes(memberUid)) continue;
    const fingerprint = await vouchedFingerprint(record, teamId, memberUid, (version) => (version === previous.version ? previous.key : null));
    if (fingerprint === null) continue;
    await teams.putMemberKey(teamId, memberUid, await memberKeyRecord(current.key, teamId, current.version, memberUid, fingerprint, userId, now));
    carried += 1;
  }
  return carried;
}
