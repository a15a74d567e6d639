import { fingerprintOf, generateTeamKey, openPreviousTeamKey, sealPreviousTeamKey, teamKeyCheck, type TeamKey } from '../../crypto';
import type { StoredTeam } from '../../data/teams/storedTeams';
import { oldKeyAwaitsOwner } from '@keyloft/contract/ownerKeyWait';
import { checkOwnTeamKey } from './keyUpkeep';
import { KnownKeyDamagedError, carryMemberKeys, judgeKey, loadRemembered, memberKeyRecord, remember, rememberedOf, vouchedFingerprint } from './knownKeys';
import { reencrypt } from './reencryption';
import { requireKeys, type RotationDeps, type RotationProgress } from './rotationDeps';
import { TEAM_KEY_MESSAGES, TeamKeyError, TeamKeyMismatchError, openCheckedTeamKey, openTeamKey, wrapFor } from './teamKeys';

// Rotation after someone leaves (docs/teams.md, "Rotation on removal" and "The removal window").
// Each pass looks at the team as stored and does the next step, so an interruption anywhere is
// finished by the next run:
//   previousKey set     → once the owner has confirmed the new key (the owner's own browser checks
//                         it here first), re-encrypt the entries still at the old version, then
//                         finishKeyRotation; until then the old key waits for the owner;
//   pendingRotation set → (stored before rotations took effect at once) the owner checks their own
//                         wrap in it and commits it, or rotates afresh; anyone else rotates afresh;
//   rotationNeeded set  → a new key wrapped for every key holder, the old one sealed under it; it
//                         takes effect at once, whoever runs it.

export type { RotationDeps, RotationProgress } from './rotationDeps';
export { ReencryptionError, type ReencryptionFailure } from './reencryption';

/** Guards against a server that keeps asking for another pass. */
const MAX_PASSES = 8;

/** True when the team has a rotation for an owner or admin to run or finish. */
export function rotationPending(team: StoredTeam): boolean {
  return team.rotationNeeded || team.previousKey !== null;
}

/**
 * 'awaiting-owner': the new key is in use, but the old one (and the entries still under it) waits
 * for the owner's browser to confirm the new key, or for a grant to a flagged owner.
 */
export type RotationOutcome = 'done' | 'awaiting-owner';

// One rotation per user and team in this page at a time: the remover's own flow and the
// background upkeep (useRotationResume) both start one right after a removal, and a second
// rotateTeamKey from the same version would be refused ('The team key has changed').
const running = new Map<string, { readonly run: Promise<RotationOutcome>; readonly listeners: Set<(progress: RotationProgress) => void> }>();

/**
 * Runs the team's pending rotation to its end, or joins the one this page already runs for the
 * same user and team (its progress is reported to every caller).
 */
export function rotateIfNeeded(
  deps: RotationDeps,
  teamId: string,
  onProgress?: (progress: RotationProgress) => void,
): Promise<RotationOutcome> {
  const key = `${deps.userId}/${teamId}`;
  const ongoing = running.get(key);
  if (ongoing !== undefined) {
    if (onProgress !== undefined) ongoing.listeners.add(onProgress);
    return ongoing.run;
  }
  const listeners = new Set<(progress: RotationProgress) => void>(onProgress === undefined ? [] : [onProgress]);
  const run = rotatePasses(deps, teamId, (progress) => {
    for (const listener of listeners) listener(progress);
  }).finally(() => running.delete(key));
  running.set(key, { run, listeners });
  return run;
}

async function rotatePasses(
  deps: RotationDeps,
  teamId: string,
  onProgress?: (progress: RotationProgress) => void,
): Promise<RotationOutcome> {
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const team = await deps.teams.get(teamId);
    if (team === null || team.deleting) return 'done';
    const pending = team.pendingRotation ?? null;
    const mine = team.members[deps.userId];
    if (team.previousKey !== null) {
      if (oldKeyAwaitsOwner(team)) {
        // The owner's own browser proves the new key here (or flags itself); anyone else waits.
        const proven = mine?.role === 'owner' && (await checkOwnTeamKey(deps, teamId)) === 'confirmed';
        if (proven) continue;
        onProgress?.({ phase: 'awaiting-owner', done: 0, total: 0 });
        return 'awaiting-owner';
      }
      await carryRecords(deps, teamId, team);
      await reencrypt(deps, teamId, team, onProgress);
    } else if (pending !== null && mine?.role === 'owner') {
      onProgress?.({ phase: 'rotating', done: 0, total: 0 });
      await answerProposal(deps, teamId, team, pending);
    } else if (team.rotationNeeded) {
      onProgress?.({ phase: 'rotating', done: 0, total: 0 });
      await rotate(deps, teamId, team);
    } else {
      onProgress?.({ phase: 'done', done: 0, total: 0 });
      return 'done';
    }
  }
  throw new TeamKeyError('The team key rotation did not settle; try again.');
}

/**
 * The owner's answer to an admin's proposed key: commit it if the owner's own wrap in it opens the
 * key its check names; otherwise (junk, another key, or it no longer covers every holder) rotate
 * afresh, which replaces the proposal.
 */
async function answerProposal(deps: RotationDeps, teamId: string, team: StoredTeam, pending: NonNullable<StoredTeam['pendingRotation']>): Promise<void> {
  const keys = requireKeys(deps);
  const wrap = Object.hasOwn(pending.wraps, deps.userId) ? pending.wraps[deps.userId] : undefined;
  if (wrap !== undefined && coversHolders(team, pending.wraps)) {
    try {
      await openCheckedTeamKey(wrap, keys.privateKey, { teamId, keyVersion: pending.keyVersion }, pending.keyCheck);
      await deps.functions.confirmTeamKeyRotation({ teamId, keyVersion: pending.keyVersion });
      return;
    } catch (error) {
      if (!(error instanceof TeamKeyMismatchError)) throw error;
      console.warn(`The key proposed for team ${teamId} does not open for its owner; rotating afresh`);
    }
  }
  await rotate(deps, teamId, team);
}

/** Whether a proposal's wraps are for exactly the members holding the key now (the server's condition to commit). */
function coversHolders(team: StoredTeam, wraps: Readonly<Record<string, string>>): boolean {
  const holders = Object.entries(team.members)
    .filter(([, member]) => !member.needsTeamKey)
    .map(([uid]) => uid)
    .sort();
  const wrapped = Object.keys(wraps).sort();
  return holders.length === wrapped.length && holders.every((uid, index) => uid === wrapped[index]);
}

/**
 * A new key wrapped for every key holder. Each teammate's key is checked first against this user's
 * memory and the team's member-key records (so an owner or admin who never shared with someone
 * still refuses a key the server swapped), and remembered before it is wrapped for. Once the
 * rotation is committed, the team's records are vouched for again under the new key.
 */
async function rotate(deps: RotationDeps, teamId: string, team: StoredTeam): Promise<void> {
  const keys = requireKeys(deps);
  const current = await openTeamKey(team, teamId, deps.userId, keys);
  const next = await generateTeamKey();
  const nextVersion = team.keyVersion + 1;
  const [memory, records] = await Promise.all([
    loadRemembered(deps.knownKeys, deps.userId, keys.vaultKey, deps.now()),
    deps.teams.listMemberKeys(teamId),
  ]);
  const confirmed = new Map<string, string>();
  const wraps: Record<string, string> = {};
  for (const [uid, member] of Object.entries(team.members)) {
    if (member.needsTeamKey) continue;
    const publicKey = await deps.publicKeys.get(uid);
    if (publicKey === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.userNoPublicKey);
    if (uid !== deps.userId) {
      // A teammate whose key differs from the one anyone confirmed gets nothing (PublicKeyChangedError).
      const who = member.email ?? 'a member';
      const fingerprint = (await fingerprintOf(publicKey)).full;
      const vouched = await vouchedFingerprint(records.get(uid), teamId, uid, (version) => (version === team.keyVersion ? current : null));
      const standing = judgeKey(fingerprint, rememberedOf(memory, uid), vouched, who);
      if (standing === 'damaged') throw new KnownKeyDamagedError(who, uid);
      if (standing !== 'same') await remember(deps.knownKeys, deps.userId, keys.vaultKey, uid, fingerprint, deps.now());
      confirmed.set(uid, fingerprint);
    }
    wraps[uid] = await wrapFor(next, publicKey, teamId, nextVersion);
  }
  const sealedPreviousKey = await sealPreviousTeamKey(current, next, { teamId, keyVersion: team.keyVersion });
  const keyCheck = await teamKeyCheck(next, { teamId, keyVersion: nextVersion });
  const { committed } = await deps.functions.rotateTeamKey({ teamId, fromVersion: team.keyVersion, wraps, sealedPreviousKey, keyCheck });
  // Member-key records are the owner's and admins' to write (a Full member may rotate, not vouch).
  if (committed && vouches(team, deps.userId)) await vouchAfterRotation(deps, teamId, next, nextVersion, confirmed);
}

/**
 * The team's member-key records under the new key. Best effort: the key is already rotated, and the
 * re-encryption step carries over (carryMemberKeys) whatever verified under the old key.
 */
async function vouchAfterRotation(deps: RotationDeps, teamId: string, key: TeamKey, keyVersion: number, confirmed: ReadonlyMap<string, string>): Promise<void> {
  try {
    for (const [uid, fingerprint] of confirmed) {
      await deps.teams.putMemberKey(teamId, uid, await memberKeyRecord(key, teamId, keyVersion, uid, fingerprint, deps.userId, deps.now()));
    }
  } catch (error) {
    console.warn(`The member-key records of team ${teamId} were not all written under key ${keyVersion}; the re-encryption carries them over`, error);
  }
}

function vouches(team: StoredTeam, uid: string): boolean {
  const role = team.members[uid]?.role;
  return role === 'owner' || role === 'admin';
}

/** Before re-encryption: the member-key records of the previous version, vouched for under the current key (best effort). */
async function carryRecords(deps: RotationDeps, teamId: string, team: StoredTeam): Promise<void> {
  const previousKey = team.previousKey;
  if (previousKey === null || !vouches(team, deps.userId)) return;
  try {
    const current = await openTeamKey(team, teamId, deps.userId, requireKeys(deps));
    const previous = await openPreviousTeamKey(previousKey.sealed, current, { teamId, keyVersion: previousKey.version });
    await carryMemberKeys(
      deps.teams,
      teamId,
      { key: previous, version: previousKey.version },
      { key: current, version: team.keyVersion },
      team.memberIds,
      deps.userId,
      deps.now(),
    );
  } catch (error) {
    console.warn(`The member-key records of team ${teamId} were not carried over to key ${team.keyVersion}`, error);
  }
}
